import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatShortDay, todayIn } from '@/shared/dates';
import { weekdayOf } from '@/shared/planned-visits';
import { newCarer } from '@/server/test/builders';
import { violationsNow } from './axe';
import { type Api, expect, fillSignInForm, screenshotsOf, setNewPassword, test, withPageToken } from './fixtures';
import { openPhone, phonePage } from './phone';

// Travel: the carers suggested for a request with the driving it would add, and a carer's week planned with less
// driving, seen in minutes and miles, then offered. The places are those of e2e/users.ts (Wiveliscombe TA4 1TD,
// Milverton TA4 7TA and TA4 7TB, Chipstable TA4 2TC).

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

async function carerAt(api: Api, name: string, postCode: string) {
  const input = newCarer({ name });
  input.details.address = { postCode };
  return api.volunteers.create.mutate(input);
}

async function clientAt(api: Api, name: string, postCode: string) {
  const client = await api.clients.create.mutate({ dateOfBirth: '1938-05-02', details: { name, address: { postCode } } });
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 1, address: { postCode } } });
  return { client, request };
}

test('a coordinator sees the driving a request would add to each carer’s week', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const [nearName, farName] = [unique('Nina Near'), unique('Fred Far')];
  await carerAt(api, nearName, 'TA4 7TB');
  await carerAt(api, farName, 'TA4 2TC');
  const { request } = await clientAt(api, unique('Edna Milverton'), 'TA4 7TA');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/requests?view=${request.id}`);
  const view = page.getByRole('dialog');
  await view.getByRole('tab', { name: 'Suggested carers' }).click();
  const suggestions = view.getByRole('region', { name: 'Suggested carers' });
  // Other tests' carers share the server: the whole list, where it is longer than its first rows.
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  const showAll = suggestions.getByRole('button', { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  const near = suggestions.getByRole('listitem').filter({ hasText: nearName });
  const far = suggestions.getByRole('listitem').filter({ hasText: farName });
  // Nina lives a few doors away; Fred across the valley: both with no visits yet, so the request is a drive there and back.
  await expect(near).toContainText(/\+\d+ min a week driving \(\d+\.\d miles\), beside 0 min a week now/);
  await expect(far).toContainText(/\+\d+ min a week driving/);
  const minutesOf = async (row: typeof near) => Number(/\+(\d+) min a week/.exec((await row.textContent()) ?? '')![1]);
  expect(await minutesOf(near)).toBeLessThan(await minutesOf(far));
  const names = await suggestions.getByRole('listitem').allTextContents();
  expect(names.findIndex((text) => text.includes(nearName))).toBeLessThan(names.findIndex((text) => text.includes(farName)));
  expect(await violationsNow(page, '/requests, suggested carers with travel')).toEqual([]);
  await screenshotsOf(page, 'suggested-carers-travel');
});

test('a coordinator suggests a week for a carer, sees the driving saved, and offers it', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const tomorrow = addDays(todayIn(), 1);
  const weekday = weekdayOf(tomorrow);
  const caraName = unique('Cara Driver');
  const cara = await carerAt(api, caraName, 'TA4 1TD');
  // Tomorrow zigzags: Milverton, Chipstable to the west, then Milverton again.
  const visits: [string, string, string, string][] = [
    ['Ann East', 'TA4 7TA', '09:00', '10:00'],
    ['Bob West', 'TA4 2TC', '10:30', '11:30'],
    ['Cat East', 'TA4 7TB', '12:00', '13:00'],
  ];
  const clients: Record<string, string> = {};
  let bobId = '';
  for (const [name, postCode, start, end] of visits) {
    const clientName = unique(name);
    const { client, request } = await clientAt(api, clientName, postCode);
    clients[name] = clientName;
    const pkg = await api.packages.create.mutate({ carerId: cara.id, requestId: request.id, startDate: '2025-01-06', details: { weeklyHours: 1, address: { postCode } } });
    await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [{ weekday, start, end }] });
    if (name === 'Bob West') bobId = client.id;
  }

  // Bob may be seen any time from 08:00 to 17:00 that day: said on his record, by keyboard.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/clients?view=${bobId}`);
  const bobView = page.getByRole('dialog', { name: clients['Bob West'] });
  await bobView.getByRole('tab', { name: 'Visit times' }).click();
  await expect(bobView.getByText('Not said: planning for less driving leaves the client’s visits at their planned times.')).toBeVisible();
  await bobView.getByRole('button', { name: 'Edit visit times' }).click();
  await bobView.getByRole('button', { name: 'Add a time' }).click();
  const time = bobView.getByRole('group', { name: 'Time 1' });
  await time.getByLabel('Day').selectOption(String(weekday));
  await time.getByLabel('From').fill('08:00');
  await time.getByLabel('To').fill('17:00');
  await screenshotsOf(page, 'client-visit-times');
  await page.setViewportSize({ width: 1280, height: 900 });
  await bobView.getByRole('button', { name: 'Save visit times' }).click();
  await expect(bobView.getByRole('button', { name: 'Edit visit times' })).toBeVisible();
  await expect(bobView.getByRole('listitem')).toContainText([/08:00–17:00/]);

  // Today, tomorrow, Suggest a week, for Cara.
  await page.goto(`/today?date=${tomorrow}`);
  await page.getByRole('button', { name: 'Suggest a week' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a week' });
  await expect(dialog.getByLabel('Week of')).toHaveValue(/\d{4}-\d{2}-\d{2}/);
  await dialog.getByLabel('Carer').selectOption({ label: caraName });
  const week = dialog.getByRole('region', { name: caraName });
  await expect(week).toContainText(/\d+ min and \d+\.\d miles less a week/);
  await expect(week).toContainText(/Driving now \d+ (h|min).*suggested/);
  const moves = week.getByRole('list', { name: `Visits of ${caraName} that would move` }).getByRole('listitem');
  await expect(moves).toHaveCount(1);
  await expect(moves).toContainText(`${clients['Bob West']} · ${formatShortDay(tomorrow)} 10:30–11:30 → 13:`);
  const suggested = await api.plannedVisits.suggestWeek.query({ weekStart: tomorrow, carerId: cara.id });
  const saved = suggested.carers[0]!.before.minutes - suggested.carers[0]!.after.minutes;
  expect(saved).toBeGreaterThan(5);
  expect(await violationsNow(page, '/today, suggest a week')).toEqual([]);
  await screenshotsOf(page, 'suggest-a-week');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Offered: the carer sees the move to accept, with why.
  await dialog.getByRole('button', { name: 'Offer 1 change to the carers' }).click();
  await expect(page.getByText('Offered 1 change to 1 carer')).toBeVisible();
  await expect(dialog).toBeHidden();
  const caraDay = page.getByRole('region', { name: caraName });
  await expect(caraDay.getByRole('listitem').filter({ hasText: clients['Bob West']! })).toContainText(`Moved from ${formatShortDay(tomorrow)} 10:30 · offered to the carer, not yet accepted`);
  const day = await api.plannedVisits.getDay.query({ date: tomorrow });
  const bob = day.visits.find((visit) => visit.clientName === clients['Bob West'])!;
  expect(bob.change).toMatchObject({ kind: 'moved', reason: 'Planned for less driving', answer: 'offered' });
  expect(bob.start).toBe(suggested.carers[0]!.moves[0]!.to.start);
});

test('the day in the best order: the office sees the drive to each visit and offers a shorter order; the carer reads the drives on the phone', async ({ page, signIn }) => {
  test.setTimeout(240_000);
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const [today, tomorrow] = [todayIn(), addDays(todayIn(), 1)];
  const caraName = unique('Cara Roads');
  const base = newCarer({ name: caraName });
  const email = `${caraName.split(' ').at(-1)}@roads.example`;
  const cara = await api.volunteers.create.mutate({ ...base, details: { ...base.details, email, address: { postCode: 'TA4 1TD' } } });
  // Today and tomorrow zigzag alike: Milverton, Chipstable to the west, then Milverton again; Bob may be seen any time.
  const clients: Record<string, string> = {};
  for (const [name, postCode, start, end] of [
    ['Ann East', 'TA4 7TA', '09:00', '10:00'],
    ['Bob West', 'TA4 2TC', '10:30', '11:30'],
    ['Cat East', 'TA4 7TB', '12:00', '13:00'],
  ] as const) {
    const clientName = unique(name);
    const { client, request } = await clientAt(api, clientName, postCode);
    clients[name] = clientName;
    const pkg = await api.packages.create.mutate({ carerId: cara.id, requestId: request.id, startDate: '2025-01-06', details: { weeklyHours: 2, address: { postCode } } });
    await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [today, tomorrow].map((date) => ({ weekday: weekdayOf(date), start, end })) });
    if (name === 'Bob West') await api.availability.setClientTimes.mutate({ clientId: client.id, weekly: [{ weekday: weekdayOf(tomorrow), start: '08:00', end: '17:00' }], version: 0 });
  }

  // The office's Today, tomorrow: the drive to each visit, the day's total, and the shorter order.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/today?date=${tomorrow}`);
  const caraDay = page.getByRole('region', { name: caraName });
  const visitOf = (name: string) => caraDay.getByRole('list', { name: `Visits of ${caraName}` }).getByRole('listitem').filter({ hasText: clients[name]! });
  await expect(caraDay).toContainText(/Driving \d+ (h|min).*, \d+\.\d miles/);
  await expect(visitOf('Ann East')).toContainText(/\d+ min drive from home \(\d+\.\d miles\)/);
  await expect(visitOf('Bob West')).toContainText(/\d+ min drive from the visit before/);
  const shorter = caraDay.getByRole('group', { name: `A shorter order for ${caraName}` });
  await expect(shorter).toContainText(/A shorter order saves \d+ min and \d+\.\d miles of driving/);
  await expect(shorter.getByRole('listitem')).toHaveCount(1);
  await expect(shorter.getByRole('listitem')).toContainText(`${clients['Bob West']} 10:30–11:30 → 13:`);
  expect(await violationsNow(page, '/today, the day in the best order')).toEqual([]);
  await screenshotsOf(page, 'today-best-order');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Offered by keyboard: the carer accepts or declines; the office's day shows it offered, and no shorter order now.
  await shorter.getByRole('button', { name: 'Offer this order' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Offered the shorter order to ${caraName}`)).toBeVisible();
  await expect(visitOf('Bob West')).toContainText('Moved from');
  await expect(shorter).toBeHidden();
  const bob = (await api.plannedVisits.getDay.query({ date: tomorrow })).visits.find((visit) => visit.clientName === clients['Bob West'])!;
  expect(bob.change).toMatchObject({ kind: 'moved', reason: 'Planned for less driving', answer: 'offered' });

  // The carer's phone: today's visits, each with the drive to it; tomorrow's move to accept.
  const { linkToPassOn } = await api.carerApp.invite.mutate({ carerId: cara.id });
  const profile = mkdtempSync(path.join(tmpdir(), 'valecare-phone-'));
  const phone = await openPhone(profile);
  try {
    const app = phonePage(phone);
    await app.goto(linkToPassOn!);
    await setNewPassword(app, 'cara drives the valley lanes');
    await app.getByRole('link', { name: 'Go to sign in' }).click();
    await fillSignInForm(app, { email, password: 'cara drives the valley lanes' });
    await app.waitForURL('**/carer/');
    await expect(app.getByText(/About \d+ (h|min).* and \d+\.\d miles of driving today/)).toBeVisible();
    await expect(app.getByRole('listitem', { name: `09:00 ${clients['Ann East']}`, exact: true })).toContainText(/\d+ min drive from home/);
    await expect(app.getByRole('listitem', { name: `12:00 ${clients['Cat East']}`, exact: true })).toContainText(/\d+ min drive from the visit before/);
    await expect(app.getByRole('listitem', { name: new RegExp(`^\\w+ \\d+ \\w+ 13:\\d\\d ${clients['Bob West']}$`) })).toContainText('The office moved this visit');
    expect(await violationsNow(app, 'the carer’s Today with its drives')).toEqual([]);
    await screenshotsOf(app, 'carer-today-drives');
  } finally {
    await phone.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
