import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';
import { e2eUser } from './users';

/** A tag no other test (running in parallel on the same server) uses. */
const tag = () => Math.random().toString(36).slice(2, 7);
const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
/** A post code of the UK shape that no other test uses. */
const uniquePostCode = () => `ZZ${1 + Math.floor(Math.random() * 98)} ${1 + Math.floor(Math.random() * 8)}${letter()}${letter()}`;

async function createPerson(page: Page, path: '/clients' | '/mps' | '/volunteers', name: string, postCode = 'TA4 2AB') {
  const one = { '/clients': 'Client', '/mps': 'MP', '/volunteers': 'Volunteer' }[path];
  await page.goto(`${path}/create`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1944-07-21');
  await page.getByLabel('Post code').fill(postCode);
  await page.getByRole('button', { name: `Create ${one}` }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search records' });
const searchButton = (page: Page) => page.getByRole('button', { name: /^Search (Ctrl\+K|⌘K)$/ });

/** Ctrl+K, once the signed-in layout (which listens for it) is on screen. */
async function pressSearchShortcut(page: Page) {
  await expect(searchButton(page)).toBeVisible();
  await page.keyboard.press('Control+k');
}

test('Ctrl+K finds a client by name and by post code, and Enter opens the client', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const t = tag();
  const postCode = uniquePostCode();
  const first = `Ottoline Fairweather ${t}`;
  const second = `Ottoline Gatehouse ${t}`;
  await createPerson(page, '/clients', first, postCode);
  await createPerson(page, '/clients', second);
  await page.goto('/dashboard');

  // The header's search button says how to open it from the keyboard.
  await pressSearchShortcut(page);
  await expect(searchDialog(page)).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(t);
  const clients = searchDialog(page).getByRole('group', { name: 'Clients' });
  await expect(clients.getByRole('option')).toHaveText([new RegExp(first), new RegExp(second)]);
  await expect(clients.getByRole('option', { name: new RegExp(first) })).toHaveAttribute('aria-selected', 'true');

  // Arrow keys move the choice; Enter opens it in its list's view dialog.
  await searchBox(page).press('ArrowDown');
  await expect(clients.getByRole('option', { name: new RegExp(second) })).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(searchDialog(page)).toBeHidden();
  await page.waitForURL((url) => url.pathname === '/clients' && url.searchParams.has('view'));
  const view = page.getByRole('dialog', { name: second });
  await expect(view).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();
  expect(new URL(page.url()).searchParams.has('view')).toBe(false);

  // By post code, written without its space.
  await pressSearchShortcut(page);
  await searchBox(page).fill(postCode.replace(' ', '').toLowerCase());
  const byPostCode = searchDialog(page).getByRole('option', { name: new RegExp(first) });
  await expect(byPostCode).toContainText(postCode);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('dialog', { name: first })).toBeVisible();

  // Escape closes the search without going anywhere.
  await page.getByRole('dialog', { name: first }).getByRole('button', { name: 'Close' }).click();
  await pressSearchShortcut(page);
  await searchBox(page).fill('zzz-nothing-matches-this');
  await expect(searchDialog(page).getByText('No results for “zzz-nothing-matches-this”')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/clients');
});

test('a Coordinator finds an MP by name and opens the MP', async ({ page, signIn }) => {
  await signIn('Coordinator');
  const name = `Peregrine Mallory ${tag()}`;
  await createPerson(page, '/mps', name);
  await page.goto('/requests');
  await searchButton(page).click();
  await searchBox(page).fill(name);
  const mps = searchDialog(page).getByRole('group', { name: 'MPs' });
  await expect(mps.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await searchBox(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/mps');
  await expect(page.getByRole('dialog', { name })).toBeVisible();
});

test('Finance finds volunteers but never MPs', async ({ browser, page, signIn }) => {
  const name = `Quillon Sparrow ${tag()}`;
  const coordinator = await browser.newPage();
  await signInAs(coordinator, e2eUser('Coordinator'));
  await createPerson(coordinator, '/mps', name);
  await createPerson(coordinator, '/volunteers', name);
  await coordinator.close();

  await signIn('Finance');
  await pressSearchShortcut(page);
  await searchBox(page).fill(name);
  await expect(searchDialog(page).getByRole('group', { name: 'Volunteers' }).getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await expect(searchDialog(page).getByRole('option')).toHaveCount(1);
  await expect(searchDialog(page).getByRole('group', { name: 'MPs' })).toHaveCount(0);
});

test('at 390 px the phone header opens the search, and a result opens its view', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn('Coordinator');
  const name = `Rosalind Tregothnan ${tag()}`;
  const postCode = uniquePostCode();
  await createPerson(page, '/clients', name, postCode);

  await page.getByRole('banner').getByRole('button', { name: /^Search (Ctrl\+K|⌘K)/ }).click();
  await expect(searchDialog(page)).toBeVisible();
  const box = await searchDialog(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await searchBox(page).fill(postCode);
  await searchDialog(page).getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();

  // Ctrl+K works on a narrow window too.
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
  await pressSearchShortcut(page);
  await searchBox(page).fill(name);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('dialog', { name })).toBeVisible();

  // The phone menu closes with Escape, giving focus back to its button.
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await pressSearchShortcut(page);
  await searchBox(page).fill(name);
  await searchBox(page).press('Enter');

  // A phone has no Escape key: Cancel closes the search.
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('banner').getByRole('button', { name: /^Search (Ctrl\+K|⌘K)/ }).click();
  await searchDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(searchDialog(page)).toBeHidden();
});

/** Letters only, so that the name's own words are what is typed. */
const letters = () => Array.from({ length: 6 }, () => letter().toLowerCase()).join('');

for (const width of [1280, 390]) {
  test(`at ${width} px a name is found however it is typed: accents, capitals, apostrophes, hyphens and spaces`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 844 });
    await signIn('Coordinator');
    const surname = letters();
    const name = `Renée O'Connor-${surname[0]!.toUpperCase()}${surname.slice(1)}`;
    await createPerson(page, '/clients', name, uniquePostCode());

    // The header search.
    await page.getByRole('button', { name: /^Search (Ctrl\+K|⌘K)/ }).filter({ visible: true }).click();
    await searchBox(page).fill(`renee oconnor ${surname}`);
    await expect(searchDialog(page).getByRole('group', { name: 'Clients' }).getByRole('option')).toHaveText([new RegExp(name)]);
    await searchBox(page).fill(`RENEE O’CONNOR-${surname}`);
    await expect(searchDialog(page).getByRole('group', { name: 'Clients' }).getByRole('option')).toHaveText([new RegExp(name)]);
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toBeHidden();

    // The list's search box, and at 1280 px the Name column's filter.
    await page.goto('/clients');
    await page.getByLabel('Search clients').fill(`renee o connor ${surname}`);
    await expect(page.getByText('Total: 1')).toBeVisible();
    await expect(page.getByText(name).filter({ visible: true })).toBeVisible();
    if (width === 1280) {
      await page.getByLabel('Search clients').fill('');
      await page.getByLabel('Filter Name').fill(`o'connor ${surname}`);
      await expect(page.getByText('Total: 1')).toBeVisible();
    }
  });
}
