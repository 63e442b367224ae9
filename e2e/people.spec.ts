import type { Page } from '@playwright/test';
import { expect, openRowMenu, openRowView, saveNewPerson, searchList, test } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

async function createClient(page: Page, name: string, postCode: string) {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add New' }).click();
  await saveNewPerson(page, 'Client', name, { dateOfBirth: '1938-11-05', postCode });
  await searchList(page, name);
}

test('a client from create to archive: deprivation toast, edit, rename, notes, archive', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = unique('Edna Pollard');
  await createClient(page, name, 'ta49zz');
  await expect(page.getByText('The postcode TA4 9ZZ indicates both income and health deprivation.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('TA4 9ZZ');
  await expect(row).toContainText('Both');

  // Edit: the name and post code are read-only; the phone changes.
  await openRowMenu(page, name);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Client' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Post code')).toHaveAttribute('readonly', '');
  await page.getByLabel('Phone').fill('01984 623000');

  // Rename through the dialog, then save the rest.
  const renamed = unique('Edna Green');
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit name' });
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Name')).toHaveValue(renamed);
  await page.getByRole('button', { name: 'Update Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
  await searchList(page, renamed);
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // Add a note in the view dialog and save it.
  const view = await openRowView(page, renamed);
  await expect(view.getByText('01984 623000')).toBeVisible();
  await view.getByRole('tab', { name: 'Notes' }).click();
  await expect(view.getByText('No notes added yet')).toBeVisible();
  await view.getByLabel('Note', { exact: true }).fill('Daughter visits on Tuesdays');
  await view.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByText(`Client ${renamed} saved`).first()).toBeVisible();
  // Saved: the note is listed and its editor is empty again, so Close just closes.
  await expect(view.getByRole('list', { name: 'Notes' })).toContainText('Daughter visits on Tuesdays');
  await expect(view.getByLabel('Note', { exact: true })).toHaveValue('');
  await view.getByRole('button', { name: 'Close' }).click();
  const reopened = await openRowView(page, renamed);
  await reopened.getByRole('tab', { name: 'Notes' }).click();
  await expect(reopened.getByText('Daughter visits on Tuesdays')).toBeVisible();
  await reopened.getByRole('button', { name: 'Close' }).click();

  // Archive: gone from the list, back under Show Archived.
  await openRowMenu(page, renamed);
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('Archived');
  await expect(page.getByRole('button', { name: 'Hide Archived' })).toBeVisible();
});

test('a Coordinator sees no Delete item', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const name = unique('Colin Dray');
  await createClient(page, name, 'TA4 9ZY');
  await openRowMenu(page, name);
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
});

test('MPs and volunteers: create each and open their dialogs', async ({ page, signIn }) => {
  await signIn('Admin');
  for (const [path, one, tabs] of [
    ['/mps', 'MP', ['General Info', 'Services', 'Training Record', 'Packages', 'Notes']],
    ['/volunteers', 'Volunteer', ['General Info', 'Services', 'Training Record', 'Packages', 'Notes']],
  ] as const) {
    const name = unique(`${one} Person`);
    await page.goto(path);
    await page.getByRole('button', { name: 'Add New' }).click();
    await expect(page.getByRole('heading', { name: `Add ${one}` })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Date of birth').fill('1980-01-15');
    await page.getByLabel('Post code').fill('TA4 2AB');
    await page.getByLabel('DBS expiry').fill('2030-06-30');
    await page.getByRole('button', { name: `Create ${one}` }).click();
    await page.waitForURL((url) => url.pathname === path);
    await searchList(page, name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('30 Jun 2030');
    const view = await openRowView(page, name);
    for (const tab of tabs) await expect(view.getByRole('tab', { name: tab })).toBeVisible();
    await view.getByRole('tab', { name: 'Packages' }).click();
    await expect(view.getByText(`No packages found for this ${one === 'MP' ? 'MP' : 'volunteer'}`)).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).click();
  }
});

test('a column filter and the global search narrow the list', async ({ page, signIn }) => {
  await signIn('Admin');
  const tag = Math.random().toString(36).slice(2, 7);
  await createClient(page, `Filter Alpha ${tag}`, 'TA4 9ZY');
  await createClient(page, `Filter Beta ${tag}`, 'TA4 9ZZ');
  await page.getByLabel('Search clients').fill('');
  await page.getByLabel('Filter Name').fill(`alpha ${tag}`);
  await expect(page.getByText('Total: 1')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Filter Alpha ${tag}`) })).toBeVisible();
  await page.getByLabel('Filter Name').fill('');
  await page.getByLabel('Search clients').fill(tag);
  await expect(page.getByText('Total: 2')).toBeVisible();
  // The search covers nested values: the post code lives in details.address.
  await page.getByLabel('Search clients').fill(`9ZZ`);
  await expect(page.getByRole('row', { name: new RegExp(`Filter Beta ${tag}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Filter Alpha ${tag}`) })).toHaveCount(0);
});
