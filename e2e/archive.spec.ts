import { expect, openRowView, searchList, test } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

test('archiving a client says so, Undo brings the client back, and an archived client offers no Add Request', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const name = unique('Ivy Marsh');
  await page.goto('/clients/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1936-04-12');
  await page.getByLabel('Post code').fill('TA4 2AB');
  await page.getByLabel('Attendance allowance').selectOption({ label: 'Yes (low rate)' });
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
  await searchList(page, name);

  // The attendance allowance reads the same in the list and in the client's view.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Yes (low rate)');
  const view = await openRowView(page, name);
  await view.getByRole('tab', { name: 'Services & Needs' }).click();
  await expect(view.getByText('Yes (low rate)')).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();

  // An active client offers Add Request.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Add Request' })).toBeVisible();

  // Archive: the toast says what happened and offers Undo, which brings the client back.
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archived = page.getByRole('status').filter({ hasText: `Client ${name} archived` });
  await expect(archived).toBeVisible();
  // Said once: no other toast repeats it.
  await expect(page.getByText(`Client ${name} archived`)).toHaveCount(1);
  await expect(row).toHaveCount(0);
  await archived.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Client ${name} unarchived` })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Archived');

  // Archived again, the client is shown under Show Archived without Add Request.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await expect(row).toContainText('Archived');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Unarchive' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add Request' })).toHaveCount(0);
});

test('archiving an MP and a volunteer names them in the toast', async ({ page, signIn }) => {
  await signIn('Coordinator');
  for (const [path, one] of [
    ['/mps', 'MP'],
    ['/volunteers', 'Volunteer'],
  ] as const) {
    const name = unique(`Archived ${one}`);
    await page.goto(`${path}/create`);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Date of birth').fill('1975-09-01');
    await page.getByLabel('Post code').fill('TA4 2AB');
    await page.getByRole('button', { name: `Create ${one}` }).click();
    await page.waitForURL((url) => url.pathname === path);
    await searchList(page, name);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const toast = page.getByRole('status').filter({ hasText: `${one} ${name} archived` });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${one} ${name} unarchived` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }
});
