import type { Page } from '@playwright/test';
import { formatDate } from '@/client/lib/format';
import { todayIn } from '@/shared/dates';
import { expect, saveNewPerson, searchList, test } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const today = formatDate(todayIn());

// Column positions in the requests and packages lists (spec §2.5).
const HOURS_IN_SERVICE = 5;
const PACKAGE_START = 2;
const PACKAGE_END = 3;

/** The rows of a list whose text includes `text`. */
const rowsWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function createClient(page: Page, name: string) {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add New' }).click();
  await saveNewPerson(page, 'Client', name, { postCode: 'TA4 9ZY' });
}

async function createMp(page: Page, name: string) {
  await page.goto('/mps');
  await page.getByRole('button', { name: 'Add New' }).click();
  // A DBS re-check and public liability ahead: an MP without them may not be given a package.
  await saveNewPerson(page, 'MP', name, { dateOfBirth: '1975-09-01', fill: { 'DBS expiry': '2099-12-31', 'Public liability expiry': '2099-12-31' } });
}

/** Saves the form with `button`, and searches the list it goes back to for the client. */
async function saveAndSearch(page: Page, button: string, list: string, client: string) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname === list);
  await searchList(page, client);
}

/** A request for the client, picked in the form, with the given dates (no end date: ongoing). */
async function createRequest(page: Page, client: string, dates: { start: string; end?: string }) {
  await page.goto('/requests/create');
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: client });
  await page.getByLabel('Start date').fill(dates.start);
  if (dates.end) await page.getByLabel('End date').fill(dates.end);
  await saveAndSearch(page, 'Create Request', '/requests', client);
}

test('a request from a client, a package for an MP, hours in service and a renewal', async ({ page, signIn }) => {
  // A coordinator's whole round from request to renewal (21 s under .ci/run): three times that and more.
  test.setTimeout(360_000);
  await signIn('Admin');
  const mp = unique('Mary Pike');
  const client = unique('Albert Crane');
  await createMp(page, mp);
  await createClient(page, client);

  // Add Request on the client's row: the client is fixed and the address comes from the client.
  await searchList(page, client);
  await page.getByRole('button', { name: `Actions for ${client}` }).click();
  await page.getByRole('menuitem', { name: 'Add Request' }).click();
  await expect(page.getByRole('heading', { name: 'Add Request' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Client', exact: true })).toHaveValue(client);
  await expect(page.getByRole('textbox', { name: 'Client', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Post code')).toHaveValue('TA4 9ZY');
  await page.getByLabel('Weekly hours').fill('6');
  await page.getByLabel('Status').selectOption('urgent');
  await saveAndSearch(page, 'Create Request', '/requests', client);
  const request = rowsWith(page, client);
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('Urgent');
  await expect(request).toContainText('Ongoing');
  await expect(request.getByRole('cell').nth(HOURS_IN_SERVICE)).toHaveText('0');

  // Add Package on the request's row: the request is chosen already.
  await request.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Add Package' }).click();
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${client} · Wiveliscombe · 6 h/week`))).toBeVisible();
  await page.getByRole('combobox', { name: 'Carer', exact: true }).fill(mp);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: mp }).click();
  await page.getByLabel('Weekly hours').fill('4');
  await saveAndSearch(page, 'Create Package', '/packages', client);
  // Unnamed, the package takes the client's name.
  const pkg = rowsWith(page, client);
  await expect(pkg).toHaveCount(1);
  await expect(pkg).toContainText(today);
  await expect(pkg).toContainText('Ongoing');
  await pkg.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const packageView = page.getByRole('dialog', { name: `Package: ${client}` });
  await expect(packageView).toContainText(`${today} – Ongoing`);
  await packageView.getByRole('button', { name: 'Close' }).click();

  // The request now has 4 of its 6 hours in service, and lists the package.
  await page.goto('/requests');
  await searchList(page, client);
  await expect(rowsWith(page, client).getByRole('cell').nth(HOURS_IN_SERVICE)).toHaveText('4');
  await rowsWith(page, client).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name: `Request for ${client}` });
  await view.getByRole('tab', { name: 'Associated Packages' }).click();
  await expect(view.getByRole('list', { name: 'Associated packages' })).toContainText('4 h/week');
  await view.getByRole('button', { name: 'Close' }).click();

  // Renew the package: the old one ends today, the new one starts today and is ongoing.
  await page.goto('/packages');
  await searchList(page, client);
  await rowsWith(page, client).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Renew' }).click();
  await expect(page.getByRole('heading', { name: 'Renew Package' })).toBeVisible();
  await expect(page.getByLabel('End date')).toHaveValue(todayIn());
  await expect(page.getByLabel('Start date')).toHaveValue(todayIn());
  await saveAndSearch(page, 'Renew', '/packages', client);
  const packages = rowsWith(page, client);
  await expect(packages).toHaveCount(2);
  const ended = packages.filter({ hasNotText: 'Ongoing' });
  await expect(ended.getByRole('cell').nth(PACKAGE_END)).toHaveText(today);
  const renewed = packages.filter({ hasText: 'Ongoing' });
  await expect(renewed.getByRole('cell').nth(PACKAGE_START)).toHaveText(today);
  await expect(renewed.getByRole('cell').nth(PACKAGE_END)).toHaveText('Ongoing');
});

test('the requests list views: active, then completed, then archived', async ({ page, signIn }) => {
  await signIn('Admin');
  const client = unique('Violet Hearn');
  await createClient(page, client);
  await createRequest(page, client, { start: todayIn() });
  await createRequest(page, client, { start: '2024-01-01', end: '2024-06-30' });
  await createRequest(page, client, { start: '2024-01-01', end: '2024-03-31' });

  // Archive the last one through its edit form (the list has no archive action for requests).
  await page.getByRole('button', { name: 'Show Completed' }).click();
  await rowsWith(page, client).filter({ hasText: '31 Mar 2024' }).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Request' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Client', exact: true })).toHaveAttribute('readonly', '');
  await page.getByLabel('Archive this request').check();
  await saveAndSearch(page, 'Update Request', '/requests', client);

  // Active: only the ongoing request.
  await expect(page.getByText('Showing active requests')).toBeVisible();
  await expect(rowsWith(page, client)).toHaveCount(1);
  await expect(rowsWith(page, client)).toContainText('Ongoing');

  // Completed: the ended one too, not the archived one.
  await page.getByRole('button', { name: 'Show Completed' }).click();
  await expect(page.getByText('Showing active and completed requests')).toBeVisible();
  await expect(rowsWith(page, client)).toHaveCount(2);
  await expect(rowsWith(page, client).filter({ hasText: '30 Jun 2024' })).toHaveCount(1);
  await expect(rowsWith(page, client).filter({ hasText: '31 Mar 2024' })).toHaveCount(0);

  // Archived: all three, the archived one marked.
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await expect(rowsWith(page, client)).toHaveCount(3);
  await expect(rowsWith(page, client).filter({ hasText: '31 Mar 2024' })).toContainText('Archived');

  // And back to Active.
  await page.getByRole('button', { name: 'Hide Archived' }).click();
  await expect(rowsWith(page, client)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Show Completed' })).toBeVisible();
});

test('an unknown request or package says it is not found', async ({ page, signIn }) => {
  await signIn('Admin');
  for (const [path, message] of [
    ['/requests/edit?id=rnosuchrequest', 'Request not found'],
    ['/requests/renew', 'Request not found'],
    ['/packages/edit/pnosuchpackage', 'Package not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(message)).toBeVisible();
  }
});

test('a Trustee sees the lists but no Add New', async ({ page, signIn }) => {
  await signIn('Trustee');
  for (const path of ['/requests', '/packages']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Show Completed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  }
});
