import type { Page } from '@playwright/test';
import { expect, openRowMenu, openRowView, saveNewPerson, searchList, test } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** Adds an MP or volunteer through their form and comes back to their list. */
async function createCarer(page: Page, kind: 'MP' | 'Volunteer', name: string, dbsExpiry = '') {
  const path = kind === 'MP' ? '/mps' : '/volunteers';
  await page.goto(path);
  await page.getByRole('button', { name: 'Add New' }).click();
  await saveNewPerson(page, kind, name, { dateOfBirth: '1975-04-12', fill: dbsExpiry ? { 'DBS expiry': dbsExpiry } : {} });
  await searchList(page, name);
}

/** Adds an MP or volunteer, then chooses Add Training on their row. */
async function addTrainingFor(page: Page, kind: 'MP' | 'Volunteer', name: string) {
  await createCarer(page, kind, name);
  await openRowMenu(page, name);
  await page.getByRole('menuitem', { name: 'Add Training' }).click();
}

/** Saves the training record form and finds the carer's records in the list it goes back to. */
async function saveRecord(page: Page, button: 'Create Record' | 'Update Record', name: string) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname === '/records');
  await searchList(page, name);
}

/** Opens the DBS or Public Liability page from the sidebar, and the MP's row on it, searched by name. */
async function rowOnCarersPage(page: Page, heading: 'DBS' | 'Public Liability', name: string) {
  await page.getByRole('link', { name: heading }).click();
  // Wait for the page: until then "Search MPs" would find the last page's box.
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await page.getByLabel('Search MPs').fill(name);
  return page.getByRole('row', { name: new RegExp(name) });
}

/** Adds a client who comes to MAG (the MAG service) through the client form. */
async function createMagClient(page: Page, name: string) {
  await page.goto('/clients/create');
  await expect(page.getByRole('heading', { name: 'Add Client' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1936-02-20');
  await page.getByLabel('Post code').fill('TA4 9ZY');
  await page.getByLabel('Services', { exact: true }).fill('MAG');
  await page.keyboard.press('Enter');
  // Until the choice shows and its list has closed, the form may still move under the pointer.
  await expect(page.getByRole('button', { name: 'Remove MAG' })).toBeVisible();
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
}

test('Add Training from an MP row creates a First Aid record listed under MPs', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = unique('Martha Quick');
  await addTrainingFor(page, 'MP', name);

  await expect(page.getByRole('heading', { name: 'Add Training Record' })).toBeVisible();
  await expect(page.getByLabel('Person Name')).toHaveValue(name);
  await expect(page.getByLabel('Person Name')).toHaveAttribute('readonly', '');
  const owner = page.getByRole('region', { name: 'Owner Information' });
  await expect(owner).toContainText(name);
  await expect(owner).toContainText('MP');

  // Nothing chosen yet: the type and the expiry date are required.
  await page.getByRole('button', { name: 'Create Record' }).click();
  await expect(page.getByText('Training record type is required')).toBeVisible();
  await expect(page.getByText('Expiry date is required')).toBeVisible();

  await page.getByLabel('Training Record Type').selectOption('First Aid');
  await page.getByLabel('Expiry Date').fill('2031-03-31');
  await page.getByLabel('Notes').fill('St John Ambulance course');
  await saveRecord(page, 'Create Record', name);

  await expect(page.getByRole('heading', { name: 'Training Records' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'MPs' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('First Aid');
  await expect(row).toContainText('31 Mar 2031');
  await expect(row).toContainText('St John Ambulance course');

  // Edit keeps the owner and goes back to the list.
  await openRowMenu(page, `${name}, First Aid`);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Training Record' })).toBeVisible();
  await expect(page.getByLabel('Training Record Type')).toHaveValue('First Aid');
  await page.getByLabel('Training Record Type').selectOption('Manual Handling');
  await saveRecord(page, 'Update Record', name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Manual Handling');
});

test('a volunteer record is listed under Volunteers, not under MPs', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = unique('Victor Lane');
  await addTrainingFor(page, 'Volunteer', name);
  await expect(page).toHaveURL(/ownerType=volunteer/);
  await expect(page.getByRole('region', { name: 'Owner Information' })).toContainText('Volunteer');

  await page.getByLabel('Training Record Type').selectOption('GDPR');
  await page.getByLabel('Expiry Date').fill('2021-01-31');
  await saveRecord(page, 'Create Record', name);

  await expect(page.getByRole('tab', { name: 'Volunteers' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('GDPR');
  await expect(row).toContainText('Expired');

  await page.getByRole('tab', { name: 'MPs' }).click();
  await expect(page.getByRole('tab', { name: 'MPs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'MPs' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('an MP whose DBS has run out is marked Expired and Not compliant on /dbs and in the MAG log’s MP picker', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = unique('Derek Stone');
  await createCarer(page, 'MP', name, '2020-03-01');
  const row = await rowOnCarersPage(page, 'DBS', name);
  await expect(row).toContainText('1 Mar 2020');
  await expect(row).toContainText('Expired');
  // The compliance badge says why on hover.
  await expect(row.getByText('Not compliant', { exact: false })).toHaveAttribute('title', /DBS/);

  // The same MP has no public liability date.
  const liability = await rowOnCarersPage(page, 'Public Liability', name);
  await expect(liability).toContainText('No Public Liability');
  await expect(liability).toContainText('Not compliant');

  // Carer pickers other than the package form's show the badge too.
  await page.goto('/mag/new');
  await expect(page.getByRole('heading', { name: 'Add MAG Log' })).toBeVisible();
  await page.getByLabel('MPs', { exact: true }).fill(name);
  const option = page.getByRole('option', { name });
  await expect(option.getByText('Not compliant', { exact: false })).toHaveAttribute('title', /DBS/);
  await option.click();
  // Once chosen, the MP reads by name alone.
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
});

test('a MAG session with two clients is listed with its total and shows in each client’s Logs', async ({ page, signIn }) => {
  await signIn('Admin');
  const clients = [unique('Alma Hooper'), unique('Bert Hooper')];
  for (const name of clients) await createMagClient(page, name);
  const notes = unique('Harvest tea at the village hall');

  await page.goto('/mag');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { name: 'Add MAG Log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2024-05-09');
  await page.getByLabel('Notes').fill(notes);
  await page.getByLabel('Total clients').fill('2');
  await page.getByLabel('Total family').fill('1');
  await page.getByLabel('Other attendees').fill('3');
  for (const name of clients) {
    await page.getByLabel('Clients', { exact: true }).fill(name);
    await page.getByRole('option', { name }).click();
  }
  await expect(page.getByText('Total attendees: 6')).toBeVisible();
  await page.getByRole('button', { name: 'Create MAG Log' }).click();
  await page.waitForURL((url) => url.pathname === '/mag');
  await searchList(page, notes);

  const row = page.getByRole('row', { name: new RegExp(notes) });
  await expect(row.getByRole('cell').nth(0)).toHaveText('9 May 2024');
  await expect(row.getByRole('cell').nth(1)).toHaveText('6');

  for (const name of clients) {
    await page.goto('/clients');
    await page.getByLabel('Search clients').fill(name);
    const view = await openRowView(page, name);
    await view.getByRole('tab', { name: 'Logs' }).click();
    await expect(view.getByText(notes)).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).click();
  }
});

test('the record form says Error loading data without its ownerId or id', async ({ page, signIn }) => {
  await signIn('Admin');
  for (const path of ['/records/create', '/records/edit?id=t1']) {
    await page.goto(path);
    await expect(page.getByText('Error loading data')).toBeVisible();
  }
});

test('a Coordinator reads training records but cannot change them', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const name = unique('Cora Pike');
  await createCarer(page, 'MP', name);
  await openRowMenu(page, name);
  await expect(page.getByRole('menuitem', { name: 'Add Training' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/records/create?ownerId=m1');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.goto('/records');
  await expect(page.getByRole('heading', { name: 'Training Records' })).toBeVisible();
});
