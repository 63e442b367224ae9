import type { Locator, Page } from '@playwright/test';
import { addDays, todayIn } from '@/shared/dates';
import { newCarer } from '@/server/test/builders';
import { type Api, expect, saveNewPerson, test, withPageToken } from './fixtures';

const PHONE = { width: 390, height: 844 };
/** A word only this test's records carry, so a search shows just them on the shared server. */
const tag = () => `q${Math.random().toString(36).slice(2, 8)}`;

const addClient = (api: Api, name: string) =>
  api.clients.create.mutate({ dateOfBirth: '1940-03-02', details: { name, services: ['Domestic'], address: { postCode: 'TA4 2AB' } } });

const addMp = (api: Api, name: string, dbsExpiry: string) =>
  api.mps.create.mutate({ dateOfBirth: '1970-01-01', dbsExpiry, details: { name, services: [], address: { postCode: 'TA4 2AB' } } });

async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
}

/** The texts of one column of the shown rows (1 for the first). */
function columnTexts(page: Page, column: number): Promise<string[]> {
  return page.locator(`tbody tr:not([aria-hidden]) td:nth-child(${column})`).allTextContents();
}

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('at 390 px a list shows cards with key fields, keeps its search in view and opens a card’s view', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const word = tag();
  for (const first of ['Alma', 'Beth', 'Cleo', 'Dora', 'Edna', 'Flo', 'Gwen', 'Hilda']) await addClient(api, `${first} ${word} Card`);
  await page.setViewportSize(PHONE);
  await page.goto('/clients');
  await search(page, 'Search clients', word);
  await expect(page.getByText('Total: 8')).toBeVisible();

  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('article', { name: `Alma ${word} Card` });
  await expect(card).toContainText('Post Code');
  await expect(card).toContainText('TA4 2AB');
  await expect(card).toContainText('Services');
  await expect(card).toContainText('Domestic');
  await expect(card.getByRole('button', { name: `Actions for Alma ${word} Card` })).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(page.getByRole('searchbox', { name: 'Search clients' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show Archived' })).toBeInViewport();

  const last = page.getByRole('article', { name: `Hilda ${word} Card` });
  await last.click();
  const dialog = page.getByRole('dialog', { name: `Hilda ${word} Card` });
  await expect(dialog).toBeVisible();
  // The client's five tabs are wider than a phone: the row says it scrolls.
  await expect(dialog.getByTestId('detail-tabs')).toHaveAttribute('data-scrolls-after', 'true');
  expect(await pageScrollsSideways(page)).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(last).toBeFocused();
});

test('a row click opens the view at 1280 px, not a click on its actions; focus returns to what opened it', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const name = `Row ${tag()} Opener`;
  await addClient(api, name);
  await page.goto('/clients');
  await search(page, 'Search clients', name);
  const row = page.getByRole('row', { name: new RegExp(name) });

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('button', { name: `Actions for ${name}` })).toBeFocused();

  await row.getByRole('cell', { name: 'TA4 2AB' }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();

  // From the keyboard: Enter on the focused row.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row).toBeFocused();
});

test('people lists sort by surname by default; a header click still sorts by the column', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const word = tag();
  // Added in first-name order, which is the surnames' reverse order.
  for (const name of [`Ann ${word} Turner`, `Bob ${word} Smith`, `Cara ${word} Adams`]) await addClient(api, name);
  await page.goto('/clients');
  await search(page, 'Search clients', word);
  await expect(page.getByText('Total: 3')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  expect(await columnTexts(page, 2)).toEqual([`Cara ${word} Adams`, `Bob ${word} Smith`, `Ann ${word} Turner`]);

  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  expect(await columnTexts(page, 2)).toEqual([`Ann ${word} Turner`, `Bob ${word} Smith`, `Cara ${word} Adams`]);
});

test('DBS lists soonest first, links names to the MP’s form, and the dashboard’s View all opens it sorted', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const word = tag();
  const today = todayIn();
  const mps = [
    { name: `Later ${word} Mp`, dbs: addDays(today, 60) },
    { name: `Expired ${word} Mp`, dbs: addDays(today, -3) },
    { name: `Soon ${word} Mp`, dbs: addDays(today, 10) },
    { name: `Far ${word} Mp`, dbs: addDays(today, 400) },
  ];
  const created = [];
  for (const mp of mps) created.push(await addMp(api, mp.name, mp.dbs));
  // Enough due in the window that the panel shows only some and says how many more.
  for (const n of [1, 2, 3, 4, 5]) await addMp(api, `Extra${n} ${word} Mp`, addDays(today, 20 + n));

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'DBS' });
  await expect(section.getByRole('link', { name: /^and \d+ more DBS$/ })).toHaveAttribute('href', '/dbs?sort=expiry');
  await section.getByRole('link', { name: 'View all DBS' }).click();
  await page.waitForURL('**/dbs?sort=expiry');

  await search(page, 'Search MPs', `${word} Mp`);
  await expect(page.getByRole('tabpanel', { name: 'MPs' }).getByText('Total: 9')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'DBS Expiry' })).toHaveAttribute('aria-sort', 'ascending');
  const names = await columnTexts(page, 1);
  expect(names.slice(0, 2)).toEqual([`Expired ${word} Mp`, `Soon ${word} Mp`]);
  expect(names.at(-2)).toBe(`Later ${word} Mp`);
  expect(names.at(-1)).toBe(`Far ${word} Mp`);

  await page.getByRole('link', { name: `Soon ${word} Mp` }).click();
  await page.waitForURL(`**/mps/edit/${created[2]!.id}`);
  await expect(page.getByLabel('DBS expiry')).toHaveValue(mps[2]!.dbs);
});

test('Skip to content is the first Tab stop and moves focus to the screen', async ({ page, signIn }) => {
  await signIn('Admin');
  // A fresh load, so Tab starts from the top of the page rather than wherever the sign-in left off.
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
});

test('after moving to another screen focus is on its heading, not on the first load', async ({ page, signIn }) => {
  await signIn('Admin');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DBS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DBS' })).toBeFocused();
});

test('the clients table fits 1280 px with archived clients shown', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const client = await addClient(api, `Archibald ${tag()} Longfellow-Worthington`);
  await api.clients.toggleArchive.mutate({ id: client.id, version: client.version });
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await expect(page.getByRole('button', { name: 'Hide Archived' })).toBeVisible();
  await search(page, 'Search clients', 'Longfellow-Worthington');
  await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('');
  const region = page.getByRole('region', { name: 'Clients table' });
  const { scrollWidth, clientWidth } = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test('the packages table fits 1280 px, Services included', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const word = tag();
  const client = await addClient(api, `Pat ${word} Wide`);
  // Compliant, so the package may be given to them.
  const mp = await api.mps.create.mutate(newCarer({ name: `Mo ${word} Wide` }));
  const services = ['Attendance Allowance', 'Sitting Service', 'Companionship', 'Personal Care'] as const;
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: todayIn(), details: { weeklyHours: 2, services: [...services] } });
  await api.packages.create.mutate({
    carerId: mp.id,
    requestId: request.id,
    startDate: todayIn(),
    details: { name: `Pat ${word} Wide`, weeklyHours: 2, services: [...services], address: { locality: 'Huish Champflower', postCode: 'TA4 2AB' } },
  });
  await page.goto('/packages');
  await search(page, 'Search packages', word);
  const region = page.getByRole('region', { name: 'Packages table' });
  await expect(region.getByRole('cell', { name: services.join(', ') })).toBeVisible();
  const { scrollWidth, clientWidth } = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

/** How much wider the placeholder's text is than the room the box gives it (at most 0 when it shows whole). */
function placeholderOverflow(box: Locator): Promise<number> {
  return box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
}

const LISTS = ['/clients', '/mps', '/volunteers', '/requests', '/packages', '/mag', '/records', '/dbs', '/public-liability'];

test('every list’s search placeholder shows whole at 1280 and 390 px', async ({ page, signIn }) => {
  // Every list at two widths (20 s under .ci/run): three times that and more.
  test.setTimeout(270_000);
  await signIn('Admin');
  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(viewport);
    for (const list of LISTS) {
      await page.goto(list);
      const box = page.getByRole('main').getByRole('searchbox');
      await expect(box).toBeVisible();
      const placeholder = await box.getAttribute('placeholder');
      expect(placeholder, `${list} at ${viewport.width}`).not.toMatch(/Volunteers/);
      expect(await placeholderOverflow(box), `${list} at ${viewport.width}: "${placeholder}"`).toBeLessThanOrEqual(0);
    }
  }
});

for (const [width, viewport] of [
  [1280, { width: 1280, height: 800 }],
  [390, PHONE],
] as const) {
  test(`at ${width} px a saved client is scrolled into view and marked when the list returns`, async ({ page, signIn }) => {
    const api = await withPageToken(page, () => signIn('Admin'));
    const word = tag();
    // Forty clients whose surnames sort first, so the new one starts well out of view.
    for (let i = 0; i < 40; i += 1) await addClient(api, `Ada${i} Aa${word}`);
    await page.setViewportSize(viewport);
    await page.goto('/clients/create');
    const name = `Zelda Zz${word}`;
    await saveNewPerson(page, 'Client', name, { dateOfBirth: '1941-02-03' });

    const saved = page.locator('[data-saved]');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(name);
    await expect(saved).toBeInViewport();
    await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('');
  });
}

test('at 390 px every column filter is reachable from Filters; at 1280 px the table reaches the window’s bottom edge', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const word = tag();
  await addClient(api, `Philippa Filter ${word}`);
  await addClient(api, `Oona Other ${word}`);

  await page.setViewportSize(PHONE);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('group', { name: 'Filters by column' }).getByRole('textbox', { name: 'Filter Name' }).fill(`Philippa Filter ${word}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Philippa Filter ${word}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  for (const height of [700, 1000]) {
    await page.setViewportSize({ width: 1280, height });
    await page.goto('/clients');
    const region = page.getByRole('region', { name: 'Clients table' });
    await expect(region).toBeVisible();
    // However tall the window, the table's box may grow to its bottom edge, less a small margin.
    await expect
      .poll(() => region.evaluate((box) => box.getBoundingClientRect().top + parseFloat(getComputedStyle(box).maxHeight) - window.innerHeight))
      .toBe(-24);
  }
});

/** Elements that scroll up and down inside another that does: two scroll boxes, one in the other. */
function scrollBoxesInScrollBoxes(): string[] {
  const scrolls = (element: Element) => /(auto|scroll)/.test(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight + 1;
  const found: string[] = [];
  for (const element of document.querySelectorAll('[role="dialog"] *')) {
    if (!scrolls(element)) continue;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (scrolls(parent)) {
        found.push(`${element.tagName}.${String(element.className)} in ${parent.tagName}.${String(parent.className)}`);
        break;
      }
    }
  }
  return found;
}

for (const width of [1280, 390]) {
  test(`at ${width} px no dialog scrolls inside its own scrolling: a person's view, each tab, and a report`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 640 });
    const api = await withPageToken(page, () => signIn('Admin'));
    const client = await addClient(api, `Scarlett Scroll ${tag()}`);
    const mp = await addMp(api, `Sean Scroll ${tag()}`, addDays(todayIn(), 400));
    for (const address of [`/clients?view=${client.id}`, `/mps?view=${mp.id}`]) {
      await page.goto(address);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('tab').first()).toBeVisible();
      for (const tab of await dialog.getByRole('tab').all()) {
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        expect(await page.evaluate(scrollBoxesInScrollBoxes), `${address}, ${await tab.textContent()}`).toEqual([]);
      }
    }
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByLabel('Report Type').selectOption('Delivered Care Report');
    await page.getByRole('dialog').getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('dialog').getByRole('tab').last().click();
    await expect(page.getByRole('dialog').getByRole('table', { name: 'Month by month' })).toBeVisible();
    expect(await page.evaluate(scrollBoxesInScrollBoxes), 'Delivered Care Report').toEqual([]);
  });
}
