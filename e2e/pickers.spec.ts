import type { Page } from '@playwright/test';
import { formatDate } from '@/client/lib/format';
import { todayIn } from '@/shared/dates';
import { newCarer } from '@/server/test/builders';
import { expect, saveNewPerson, searchList, test, withPageToken } from './fixtures';

/** A tag no other test (running in parallel on the same server) uses. */
const uniqueTag = () => Math.random().toString(36).slice(2, 7);

// Column positions in the requests list.
const HOURS_IN_SERVICE = 5;
const SHORT_BY = 6;

/** The date `days` after today, as the date inputs take it. */
function daysFromToday(days: number): string {
  const date = new Date(`${todayIn()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface ClientAddress {
  street: string;
  locality: string;
  postCode: string;
  services: string[];
}

async function createClient(page: Page, name: string, { street, locality, postCode, services }: ClientAddress) {
  await page.goto('/clients/create');
  await expect(page.getByRole('heading', { name: 'Add Client' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1936-04-12');
  await page.getByLabel('Street address').fill(street);
  await page.getByLabel('Locality').selectOption(locality);
  await page.getByLabel('Post code').fill(postCode);
  for (const service of services) {
    await page.getByLabel('Services', { exact: true }).fill(service);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Remove ${service}` })).toBeVisible();
  }
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
}

async function createCarer(page: Page, kind: 'MP' | 'Volunteer', name: string, dbsExpiry = '') {
  const path = kind === 'MP' ? '/mps' : '/volunteers';
  await page.goto(`${path}/create`);
  await saveNewPerson(page, kind, name, { dateOfBirth: '1975-04-12', fill: dbsExpiry ? { 'DBS expiry': dbsExpiry } : {} });
}

async function createRequest(page: Page, client: string, weeklyHours: string) {
  await page.goto('/requests/create');
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: client });
  await page.getByLabel('Weekly hours').fill(weeklyHours);
  await page.getByRole('button', { name: 'Create Request' }).click();
  await page.waitForURL((url) => url.pathname === '/requests');
}

/** The requests list narrowed to one client's requests. */
async function requestsOf(page: Page, client: string) {
  await page.goto('/requests');
  await page.getByRole('textbox', { name: 'Filter Client Name' }).fill(client);
  return page.getByRole('row').filter({ hasText: client });
}

const servicesChosen = (page: Page) => page.getByRole('button', { name: /^Remove / });

/** The options of the open picker. */
const options = (page: Page) => page.getByRole('listbox').getByRole('option');

/** Text that starts with `text` (the chosen option's label, not the screen reader's "option …, selected" announcement). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startingWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

test('a new request starts from its client’s services and address, keeping what was typed since', async ({ page, signIn }) => {
  test.setTimeout(270_000);
  await signIn('Coordinator');
  const tag = uniqueTag();
  const ann = `Ann Copy ${tag}`;
  const bob = `Bob Copy ${tag}`;
  await createClient(page, ann, { street: '1 Fore Street', locality: 'Milverton', postCode: 'TA4 9ZZ', services: ['Domestic', 'Transport'] });
  await createClient(page, bob, { street: '9 Mill Lane', locality: 'Waterrow', postCode: 'TA4 9ZY', services: ['Overnight'] });

  // From the client's row (the client preselected): services and address are the client's.
  await searchList(page, ann);
  await page.getByRole('button', { name: `Actions for ${ann}` }).click();
  await page.getByRole('menuitem', { name: 'Add Request' }).click();
  await expect(page.getByRole('heading', { name: 'Add Request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Domestic' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Transport' })).toBeVisible();
  await expect(servicesChosen(page)).toHaveCount(2);
  await expect(page.getByLabel('Street address')).toHaveValue('1 Fore Street');
  await expect(page.getByLabel('Locality')).toHaveValue('Milverton');
  await expect(page.getByLabel('Post code')).toHaveValue('TA4 9ZZ');
  await expect(page.getByLabel('Income deprivation')).toBeChecked();
  await expect(page.getByLabel('Health deprivation')).toBeChecked();

  // Choosing the client in the form copies the same.
  await page.goto('/requests/create');
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: ann });
  await expect(servicesChosen(page)).toHaveCount(2);
  await expect(page.getByLabel('Street address')).toHaveValue('1 Fore Street');
  await expect(page.getByLabel('Post code')).toHaveValue('TA4 9ZZ');
  await expect(page.getByLabel('Income deprivation')).toBeChecked();

  // What the user changes after choosing stays when another client is chosen; the rest follows the new client.
  await page.getByLabel('Street address').fill('Flat 2, 1 Fore Street');
  await page.getByRole('button', { name: 'Remove Transport' }).click();
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: bob });
  await expect(page.getByLabel('Street address')).toHaveValue('Flat 2, 1 Fore Street');
  await expect(servicesChosen(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove Domestic' })).toBeVisible();
  await expect(page.getByLabel('Locality')).toHaveValue('Waterrow');
  await expect(page.getByLabel('Post code')).toHaveValue('TA4 9ZY');
  await expect(page.getByLabel('Income deprivation')).not.toBeChecked();
  await expect(page.getByLabel('Health deprivation')).not.toBeChecked();
  await page.getByRole('button', { name: 'Create Request' }).click();
  await page.waitForURL((url) => url.pathname === '/requests');
  await expect(page.getByRole('row').filter({ hasText: bob })).toHaveCount(1);
});

test('the package pickers show what helps choose, narrow as you type, choose by keyboard, and hours default to what is unmet', async ({
  page,
  signIn,
}) => {
  test.setTimeout(360_000);
  await signIn('Coordinator');
  const tag = uniqueTag();
  const client = `Cora Pick ${tag}`;
  const mp = `Mary Pick ${tag}`;
  const volunteer = `Vera Pick ${tag}`;
  const dbsSoon = daysFromToday(10);
  await createCarer(page, 'MP', mp, dbsSoon);
  // The volunteer is given a package, which needs a DBS re-check ahead.
  const dbsLater = daysFromToday(400);
  await createCarer(page, 'Volunteer', volunteer, dbsLater);
  await createClient(page, client, { street: '2 High Street', locality: 'Milverton', postCode: 'TA4 9ZY', services: [] });
  await createRequest(page, client, '6');
  await createRequest(page, client, '1');

  // Nothing is in service yet: each request is short by all its hours.
  let rows = await requestsOf(page, client);
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Short by' }).click();
  await expect(rows.nth(0).getByRole('cell').nth(SHORT_BY)).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').nth(SHORT_BY)).toHaveText('6');

  // The request picker: typing narrows to the client's requests, each with locality, hours and unmet hours.
  await page.goto('/packages/create');
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  const requestPicker = page.getByRole('combobox', { name: 'Request', exact: true });
  await requestPicker.focus();
  await page.keyboard.type(`cora pick ${tag}`);
  // Only this client's two requests, newest first, each with locality, weekly hours and unmet hours.
  await expect(options(page)).toHaveCount(2);
  await expect(options(page).nth(0)).toContainText(client);
  await expect(options(page).nth(0)).toContainText(`Milverton · 1 h/week · 1 h unmet · from ${formatDate(todayIn())}`);
  await expect(options(page).nth(1)).toContainText(`Milverton · 6 h/week · 6 h unmet · from ${formatDate(todayIn())}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByText(startingWith(`${client} · Milverton · 6 h/week · 6 h unmet`))).toBeVisible();
  // A new package asks for what the request still needs.
  await expect(page.getByLabel('Weekly hours')).toHaveValue('6');
  await page.getByLabel('Weekly hours').fill('2');

  // The carer picker: type, locality, current hours and DBS; arrows move between the carers found.
  const carerPicker = page.getByRole('combobox', { name: 'Carer', exact: true });
  await carerPicker.focus();
  await page.keyboard.type(`pick ${tag}`);
  const carerOptions = options(page);
  await expect(carerOptions).toHaveCount(2);
  await expect(carerOptions.nth(0)).toContainText(mp);
  await expect(carerOptions.nth(0)).toContainText(`MP · Wiveliscombe · 0 h/week now · DBS until ${formatDate(dbsSoon)} (Expires in 10 days)`);
  await expect(carerOptions.nth(1)).toContainText(volunteer);
  await expect(carerOptions.nth(1)).toContainText(`Volunteer · Wiveliscombe · 0 h/week now · DBS until ${formatDate(dbsLater)}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText(startingWith(`${volunteer} · Volunteer · Wiveliscombe`))).toBeVisible();
  await page.getByRole('button', { name: 'Create Package' }).click();
  await page.waitForURL((url) => url.pathname === '/packages');

  // The request is now short by 4: the column shows it, filters on it and sorts by it.
  rows = await requestsOf(page, client);
  await page.getByRole('button', { name: 'Short by' }).click();
  await expect(rows.nth(0).getByRole('cell').nth(SHORT_BY)).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').nth(SHORT_BY)).toHaveText('4');
  await expect(rows.nth(1).getByRole('cell').nth(HOURS_IN_SERVICE)).toHaveText('2');
  await page.getByRole('button', { name: 'Short by' }).click();
  await expect(rows.nth(0).getByRole('cell').nth(SHORT_BY)).toHaveText('4');
  await page.getByRole('textbox', { name: 'Filter Short by' }).fill('4');
  await expect(rows).toHaveCount(1);

  // Add Package from that request's row: hours default to the 4 unmet, and the volunteer now has 2 hours.
  await rows.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Add Package' }).click();
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  await expect(page.getByText(startingWith(`${client} · Milverton · 6 h/week · 4 h unmet`))).toBeVisible();
  await expect(page.getByLabel('Weekly hours')).toHaveValue('4');
  await carerPicker.focus();
  await page.keyboard.type(volunteer);
  await expect(options(page)).toHaveCount(1);
  await expect(options(page)).toContainText(`Volunteer · Wiveliscombe · 2 h/week now · DBS until ${formatDate(dbsLater)}`);
});

test('the request picker works by keyboard on a phone', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const tag = uniqueTag();
  const client = `Phoebe Narrow ${tag}`;
  await createClient(page, client, { street: '3 Church Lane', locality: 'Ashbrittle', postCode: 'TA4 9ZY', services: [] });
  await createRequest(page, client, '3');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/packages/create');
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Request', exact: true }).focus();
  // Enter on a search that finds nothing neither chooses nor submits the form.
  await page.keyboard.type(`nobody ${tag}`);
  await expect(page.getByText('No options')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Post code is required')).toHaveCount(0);
  for (let i = 0; i < `nobody ${tag}`.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(`narrow ${tag}`);
  const option = options(page);
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('Ashbrittle · 3 h/week · 3 h unmet');
  // The list and its options fit the screen; nothing runs off to the side.
  const box = (await page.getByRole('listbox').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Enter');
  const chosen = page.getByText(startingWith(`${client} · Ashbrittle · 3 h/week · 3 h unmet`));
  await expect(chosen).toBeVisible();
  const chosenBox = (await chosen.boundingBox())!;
  expect(chosenBox.x + chosenBox.width).toBeLessThanOrEqual(390);
  await expect(page.getByLabel('Weekly hours')).toHaveValue('3');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a picker at the foot of a phone’s screen shows its list at once, and nothing moves after a choice', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const volunteer = await api.volunteers.create.mutate(newCarer({ name: `Vic Footer ${uniqueTag()}` }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mag/new');
  await expect(page.getByRole('heading', { name: 'Add MAG Log' })).toBeVisible();
  const scrollTop = () => page.evaluate(() => document.scrollingElement!.scrollTop);

  // Focus brings the box to the screen's foot; its list opens below, where the page must scroll to show it.
  await page.getByLabel('Volunteers', { exact: true }).focus();
  await page.keyboard.type(volunteer.details.name);
  const option = page.getByRole('option', { name: volunteer.details.name });
  await expect(option).toBeInViewport({ ratio: 1 });
  const shown = await scrollTop();
  await page.waitForTimeout(400);
  expect(await scrollTop()).toBe(shown);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Remove ${volunteer.details.name}` })).toBeVisible();
  const chosen = await scrollTop();
  await page.waitForTimeout(400);
  expect(await scrollTop()).toBe(chosen);
  await expect(page.getByLabel('Total volunteers')).toHaveValue('1');
});
