import type { Browser, Page } from '@playwright/test';
import { addDays, formatDate, monthLabel, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { DELIVERY_MESSAGES, weekDays, weekStartOf } from '@/shared/deliveries';
import { type Api, expect, signInAs, test, withPageToken } from './fixtures';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { newCarer } from '@/server/test/builders';
import { e2eUser } from './users';
import { violationsNow } from './axe';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const LONG_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const longDay = (iso: string) => LONG_DAY.format(new Date(`${iso}T00:00:00Z`));

/** An MP caring for a new client under a package of `weeklyHours` a week from `startDate`, all uniquely named. */
async function aPackage(api: Api, startDate: string, weeklyHours: number, kind: 'mps' | 'volunteers' = 'mps') {
  const carerName = unique('Tamsin Keyes');
  const clientName = unique('Oswald Pryce');
  const packageName = unique('Weekday visits');
  const carer = await api[kind].create.mutate(newCarer({ name: carerName }));
  const client = await api.clients.create.mutate({ dateOfBirth: '1938-07-09', details: { name: clientName, address: { postCode: 'TA4 9ZY' } } });
  const request = await api.requests.create.mutate({ clientId: client.id, startDate, details: { weeklyHours } });
  const pkg = await api.packages.create.mutate({
    carerId: carer.id,
    requestId: request.id,
    startDate,
    details: { name: packageName, weeklyHours, address: { postCode: 'TA4 2AB' } },
  });
  return { id: pkg.id, carerName, clientName, who: `${carerName} for ${clientName} (${packageName})` };
}

/** Another person, signed in in their own browser, with an API client of their own. */
async function colleague(browser: Browser, role: 'Admin' | 'Coordinator') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const api = await withPageToken(page, () => signInAs(page, e2eUser(role)));
  return { page, api, close: () => context.close() };
}

/** Text to match as it is, within a pattern. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const lastWeek = () => addDays(weekStartOf(todayIn()), -7);

async function openWeek(page: Page, weekStart: string, search: string) {
  await page.goto(`/deliveries?week=${weekStart}`);
  await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(search);
}

test('a Coordinator fills a week by keyboard alone, marks a missed visit, and finds it all kept after a reload', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const pkg = await aPackage(api, addDays(todayIn(), -70), 10);
  const week = lastWeek();
  const days = weekDays(week);
  const cell = (date: string) => page.getByLabel(`${pkg.who}, ${longDay(date)}`, { exact: true });

  await page.getByRole('navigation').getByRole('link', { name: 'Timesheets' }).click();
  await expect(page.getByText(/Tab or Enter moves on and saves\. M marks a missed visit/)).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(new RegExp(`/deliveries\\?week=${week}$`));
  await page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(pkg.carerName);

  // One focus on Monday, then only the keyboard.
  await cell(days[0]!).focus();
  for (const hours of ['1.5', '2', '1:30']) {
    await page.keyboard.type(hours);
    await page.keyboard.press('Tab');
  }
  await expect(cell(days[3]!)).toBeFocused();
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Client cancelled' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Carer unavailable' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await page.keyboard.type('Car would not start');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cell(days[3]!)).toBeFocused();
  await expect(cell(days[3]!)).toHaveValue('Missed');
  await page.keyboard.press('Tab');
  for (const hours of ['2.25', '0', '1']) {
    await page.keyboard.type(hours);
    await page.keyboard.press('Tab');
  }
  const row = page.getByRole('row').filter({ hasText: pkg.carerName });
  await expect(row.getByText('8.25 / 10')).toBeVisible();
  await expect(row.getByText('1 missed visit')).toBeVisible();
  await expect(page.getByLabel('Saving')).toHaveCount(0);

  // A refused value is shown with the server's words, kept as typed, and changes nothing.
  await cell(days[5]!).focus();
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'At most 24 hours in a day' })).toBeVisible();
  await expect(cell(days[5]!)).toHaveValue('30');
  await expect(cell(days[5]!)).toHaveAttribute('aria-invalid', 'true');
  const stored = (await api.deliveries.getWeek.query({ weekStart: week })).packages.find((p) => p.id === pkg.id)!;
  expect(stored.entries.map((e) => [e.date, e.status, e.hours, e.reason, e.note])).toEqual([
    [days[0], 'delivered', 1.5, null, ''],
    [days[1], 'delivered', 2, null, ''],
    [days[2], 'delivered', 1.5, null, ''],
    [days[3], 'missed', 0, 'carer-unavailable', 'Car would not start'],
    [days[4], 'delivered', 2.25, null, ''],
    [days[5], 'delivered', 0, null, ''],
    [days[6], 'delivered', 1, null, ''],
  ]);
  await cell(days[5]!).focus();
  await page.keyboard.press('Escape');
  await expect(cell(days[5]!)).toHaveValue('0');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(pkg.carerName);
  const expected = ['1.5', '2', '1.5', 'Missed', '2.25', '0', '1'];
  for (const [index, value] of expected.entries()) await expect(cell(days[index]!)).toHaveValue(value);
  await expect(row.getByText('Carer unavailable')).toBeVisible();
  await expect(cell(days[3]!)).toHaveAttribute('title', 'Note: Car would not start');
  await expect(row.getByText('8.25 / 10')).toBeVisible();
  await expect(page.getByLabel('Week total')).toHaveText(/8\.25 \/ 10\s*1 missed visit/);
  await expect(page.getByRole('row', { name: /Week total \(1 package\)/ })).toBeVisible();
});

test('days to come and days before a package are greyed, and Finance reads the timesheet without changing it', async ({ browser, page, signIn }) => {
  const coordinator = await colleague(browser, 'Coordinator');
  const today = todayIn();
  // A volunteer's package: Finance reads volunteers (an MP it would see only as "MP").
  const pkg = await aPackage(coordinator.api, today, 7, 'volunteers');
  const yesterday = addDays(today, -1);
  await coordinator.api.deliveries.record.mutate({ packageId: pkg.id, date: today, status: 'delivered', hours: 1.25 });
  await expect(coordinator.api.deliveries.record.mutate({ packageId: pkg.id, date: yesterday, status: 'delivered', hours: 1 })).rejects.toThrow(
    DELIVERY_MESSAGES.outsidePackage(today, null),
  );
  await openWeek(coordinator.page, weekStartOf(today), pkg.carerName);
  await expect(coordinator.page.getByLabel(`${pkg.who}, ${longDay(today)}`, { exact: true })).toHaveValue('1.25');
  if (weekStartOf(yesterday) === weekStartOf(today)) {
    const before = coordinator.page.getByRole('group', { name: new RegExp(`^${literally(pkg.who)}, ${longDay(yesterday)}`) });
    await expect(before).toHaveAttribute('title', DELIVERY_MESSAGES.outsidePackage(today, null));
  }
  const tomorrow = addDays(today, 1);
  if (weekStartOf(tomorrow) === weekStartOf(today)) {
    const toCome = coordinator.page.getByRole('group', { name: new RegExp(`^${literally(pkg.who)}, ${longDay(tomorrow)}`) });
    await expect(toCome).toHaveAttribute('title', DELIVERY_MESSAGES.future);
  }
  await coordinator.close();

  await signIn('Finance');
  await page.getByRole('navigation').getByRole('link', { name: 'Timesheets' }).click();
  await page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(pkg.carerName);
  await expect(page.getByText('You can read the timesheets; your role cannot change them.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: pkg.carerName });
  await expect(row.getByRole('group', { name: `${pkg.who}, ${longDay(today)}: 1.25` })).toBeVisible();
  await expect(row.getByRole('textbox')).toHaveCount(0);
  // Planned for the week: a seventh of 7 hours for each day from today to Sunday.
  const daysRunning = (Date.parse(addDays(weekStartOf(today), 6)) - Date.parse(today)) / 86_400_000 + 1;
  await expect(row.getByText(`1.25 / ${daysRunning}`)).toBeVisible();
});

test('an Admin closes a month that has ended; a Coordinator then cannot change its days until it is reopened', async ({ browser, page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  // A month of its own, long past, so no other test's week is in it.
  const month = `${2011 + Math.floor(Math.random() * 10)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  const pkg = await aPackage(api, `${month}-01`, 6);
  const week = weekStartOf(`${month}-10`);
  const monday = week;
  await api.deliveries.record.mutate({ packageId: pkg.id, date: monday, status: 'delivered', hours: 2 });

  await openWeek(page, week, pkg.carerName);
  await page.getByRole('button', { name: `Close ${monthLabel(month)}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Close ${monthLabel(month)}?` });
  await expect(confirm).toContainText('Its figures are then final');
  await confirm.getByRole('button', { name: `Close ${monthLabel(month)}` }).click();
  await expect(page.getByText(`${monthLabel(month)} is closed`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reopen ${monthLabel(month)}` })).toBeVisible();

  const coordinator = await colleague(browser, 'Coordinator');
  await openWeek(coordinator.page, week, pkg.carerName);
  await expect(coordinator.page.getByText(`${monthLabel(month)} is closed`)).toBeVisible();
  await expect(coordinator.page.getByRole('button', { name: `Reopen ${monthLabel(month)}` })).toHaveCount(0);
  const row = coordinator.page.getByRole('row').filter({ hasText: pkg.carerName });
  await expect(row.getByRole('textbox')).toHaveCount(0);
  await expect(row.getByRole('group', { name: new RegExp(`^${literally(pkg.who)}, ${longDay(monday)}: 2`) })).toHaveAttribute(
    'title',
    DELIVERY_MESSAGES.closedMonth(month),
  );
  await expect(coordinator.api.deliveries.update.mutate({ id: (await entryOn(coordinator.api, week, pkg.id, monday)).id, version: 1, status: 'delivered', hours: 3 })).rejects.toThrow(
    DELIVERY_MESSAGES.closedMonth(month),
  );

  await page.getByRole('button', { name: `Reopen ${monthLabel(month)}` }).click();
  await expect(page.getByRole('button', { name: `Close ${monthLabel(month)}` })).toBeVisible();
  await coordinator.page.reload();
  await coordinator.page.getByRole('searchbox', { name: 'Find a carer or client' }).fill(pkg.carerName);
  await expect(coordinator.page.getByLabel(`${pkg.who}, ${longDay(monday)}`, { exact: true })).toHaveValue('2');
  await coordinator.close();
});

async function entryOn(api: Api, week: string, packageId: string, date: string) {
  const found = (await api.deliveries.getWeek.query({ weekStart: week })).packages.find((p) => p.id === packageId)?.entries.find((e) => e.date === date);
  if (!found) throw new Error(`No entry on ${date}`);
  return found;
}

test('on a phone the timesheet shows a day at a time, with a card per package', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const pkg = await aPackage(api, addDays(todayIn(), -30), 5);
  const week = lastWeek();
  const tuesday = addDays(week, 1);
  await openWeek(page, week, pkg.carerName);
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.getByRole('button', { name: longDay(tuesday) }).click();
  await expect(page.getByRole('button', { name: longDay(tuesday) })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('listitem').filter({ hasText: pkg.carerName });
  await expect(card).toContainText('5 h a week');
  const input = card.getByLabel(`Hours, ${pkg.carerName} for ${pkg.clientName}`);
  await input.fill('2.5');
  await input.press('Enter');
  await expect(card.getByText('2.5 / 5')).toBeVisible();

  await page.getByRole('button', { name: longDay(addDays(week, 2)) }).click();
  await card.getByRole('button', { name: 'Missed' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Client in hospital' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Client in hospital')).toBeVisible();
  await expect(card.getByText('1 missed visit')).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const stored = await api.deliveries.getWeek.query({ weekStart: week });
  expect(stored.packages.find((p) => p.id === pkg.id)!.entries.map((e) => [e.date, e.status, e.hours, e.reason])).toEqual([
    [tuesday, 'delivered', 2.5, null],
    [addDays(week, 2), 'missed', 0, 'client-in-hospital'],
  ]);
});

test('a day changed by someone else meanwhile is refused with why, the week reloads, and what was typed stays to be saved again', async ({ browser, page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const pkg = await aPackage(api, addDays(todayIn(), -30), 8);
  const week = lastWeek();
  const [monday, tuesday] = weekDays(week) as [string, string];
  const entry = await api.deliveries.record.mutate({ packageId: pkg.id, date: monday, status: 'delivered', hours: 2 });
  const cell = (date: string) => page.getByLabel(`${pkg.who}, ${longDay(date)}`, { exact: true });
  await openWeek(page, week, pkg.carerName);
  await expect(cell(monday)).toHaveValue('2');

  // Something typed and refused in one cell, while a colleague changes another.
  await cell(tuesday).focus();
  await page.keyboard.type('7.3');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'Hours go in quarters of an hour (0.25)' })).toBeVisible();
  const other = await colleague(browser, 'Coordinator');
  await other.api.deliveries.update.mutate({ id: entry.id, version: entry.version, status: 'delivered', hours: 4 });
  await other.close();

  await cell(monday).focus();
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: STALE_MESSAGE })).toBeVisible();
  await expect(cell(monday)).toHaveValue('5');
  await expect(cell(tuesday)).toHaveValue('7.3');
  // The week was loaded again: the row's total is the colleague's 4 hours.
  await expect(page.getByRole('row').filter({ hasText: pkg.carerName }).getByText('4 / 8')).toBeVisible();

  await cell(monday).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: pkg.carerName }).getByText('5 / 8')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: STALE_MESSAGE })).toHaveCount(0);
  expect((await entryOn(api, week, pkg.id, monday)).hours).toBe(5);
  await expect(cell(tuesday)).toHaveValue('7.3');
});

test('an Admin closes any ended month from the timesheet’s Months, and a Coordinator reads which are closed', async ({ browser, page, signIn }) => {
  await signIn('Admin');
  const month = shiftMonth(monthOfDate(todayIn()), -11);
  await page.goto('/deliveries');
  await page.getByRole('button', { name: 'Months' }).click();
  const months = page.getByRole('dialog', { name: 'Months of delivered care' });
  const row = months.getByRole('listitem').filter({ hasText: monthLabel(month) });
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Close ${monthLabel(month)}` }).click();
  await page.getByRole('alertdialog', { name: `Close ${monthLabel(month)}?` }).getByRole('button', { name: `Close ${monthLabel(month)}` }).click();
  await expect(page.getByText(`${monthLabel(month)} closed`)).toBeVisible();
  await expect(row).toContainText(`Closed ${formatDate(todayIn())} by `);
  await expect(row).toContainText(/by \S+@valecare\.test/);

  const coordinatorPage = await browser.newPage();
  await signInAs(coordinatorPage, e2eUser('Coordinator'));
  await coordinatorPage.goto('/deliveries');
  await coordinatorPage.getByRole('button', { name: 'Months' }).click();
  const seen = coordinatorPage.getByRole('dialog', { name: 'Months of delivered care' });
  await expect(seen.getByRole('listitem').filter({ hasText: monthLabel(month) })).toContainText('Closed');
  // Only an Admin closes, reopens or moves the start.
  await expect(seen.getByRole('button', { name: /^(Close|Reopen) / })).toHaveCount(0);
  await expect(seen.getByLabel('Count from')).toHaveCount(0);
  await coordinatorPage.close();

  await row.getByRole('button', { name: `Reopen ${monthLabel(month)}` }).click();
  await expect(row).toContainText('Open');
});

test('a package renewed mid-week plans the renewal day once, on the new package, as the dashboard counts it', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const monday = lastWeek();
  const pkg = await aPackage(api, addDays(monday, -14), 7);
  const read = await api.packages.getById.query({ id: pkg.id });
  const tuesday = addDays(monday, 1);
  const { newPackage: renewed } = await api.packages.renew.mutate({ oldPackage: { ...read, endDate: tuesday }, newPackage: { ...read, startDate: tuesday } });

  await openWeek(page, monday, pkg.carerName);
  const rows = page.getByRole('row').filter({ hasText: pkg.carerName });
  await expect(rows).toHaveCount(2);
  // The old package plans Monday alone, the new one Tuesday to Sunday: seven hours in the week, not eight.
  await expect(page.getByTitle('0 hours delivered of 1 planned')).toHaveCount(1);
  await expect(page.getByTitle('0 hours delivered of 6 planned')).toHaveCount(1);
  await expect(page.getByText(/^Week total \(2 packages\)/)).toBeVisible();
  await expect(page.getByTitle('0 hours delivered of 7 planned')).toBeVisible();
  expect(renewed.startDate).toBe(tuesday);
});

test('a package given to another carer keeps each day with the carer who gave it: two rows on the timesheet, each carer’s statement', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const pkg = await aPackage(api, addDays(todayIn(), -70), 7);
  const week = lastWeek();
  const days = weekDays(week);
  await api.deliveries.record.mutate({ packageId: pkg.id, date: days[0]!, status: 'delivered', hours: 2, note: 'Before the handover' });
  const nextName = unique('Bryony Hale');
  const next = await api.mps.create.mutate(newCarer({ name: nextName }));
  const read = await api.packages.getById.query({ id: pkg.id });
  await api.packages.update.mutate({ id: pkg.id, version: read.version, carerId: next.id, requestId: read.requestId, archived: read.archived, startDate: read.startDate, endDate: 'open', details: read.details });
  await api.deliveries.record.mutate({ packageId: pkg.id, date: days[2]!, status: 'delivered', hours: 3, note: '' });

  await openWeek(page, week, pkg.clientName);
  const packageName = pkg.who.slice(pkg.who.indexOf(' ('));
  const before = page.getByLabel(`${pkg.carerName} for ${pkg.clientName}${packageName}, ${longDay(days[0]!)}`, { exact: true });
  const after = page.getByLabel(`${nextName} for ${pkg.clientName}${packageName}, ${longDay(days[2]!)}`, { exact: true });
  await expect(before).toHaveValue('2');
  await expect(after).toHaveValue('3');
  await expect(page.getByText('Package since given to another carer')).toBeVisible();
  await expect(page.getByLabel(`${nextName} for ${pkg.clientName}${packageName}, ${longDay(days[0]!)}`, { exact: true })).toHaveValue('');
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`timesheet-carer-change-${width}.png`), fullPage: true });
  }
  expect(await violationsNow(page, 'a timesheet with a package given to another carer')).toEqual([]);

  // Each carer's statement has their own day, and only theirs.
  const month = monthOfDate(days[0]!);
  await page.goto(`/deliveries/statement/${read.carerId}/${month}`);
  await expect(page.getByText('Since given to another carer')).toBeVisible();
  await expect(page.getByText('Before the handover')).toBeVisible();
  expect(await violationsNow(page, 'the earlier carer’s statement')).toEqual([]);
  await page.goto(`/deliveries/statement/${next.id}/${month}`);
  await expect(page.getByText('Before the handover')).toHaveCount(0);
});
