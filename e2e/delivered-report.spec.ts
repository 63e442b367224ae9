import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addDays, monthLabel, monthOfDate, todayIn } from '@/shared/dates';
import { deliveryRateText } from '@/shared/deliveries';
import { newCarer, newClient } from '@/server/test/builders';
import { type Api, expect, screenshotsOf, signInAs, test, withPageToken } from './fixtures';
import { e2eUser } from './users';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const TODAY = todayIn();
const MONTH = monthOfDate(TODAY);
const YEAR = TODAY.slice(0, 4);

/**
 * A carer with one package of 7 hours a week (an hour a day) from up to six days ago, within this month, to
 * today; care recorded on its first day (2.5 hours), a missed visit today and 1.25 hours on the second day,
 * as far as the month so far has room for them.
 */
async function carerWithCare(api: Api, kind: 'mps' | 'volunteers', name: string) {
  const client = await api.clients.create.mutate(newClient({ name: unique('Delia Client') }));
  // At home in Wiveliscombe, caring in Milverton: e2e/users.ts gives both places, so the statement estimates the driving.
  const base = newCarer({ name });
  const carer = await api[kind].create.mutate({ ...base, details: { ...base.details, address: { postCode: 'TA4 1TD' } } });
  const start = [addDays(TODAY, -6), `${MONTH}-01`].sort().at(-1)!;
  const days = (Date.parse(TODAY) - Date.parse(start)) / 86_400_000 + 1;
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: start, details: { address: { postCode: 'TA4 7TA' } } });
  const pkg = await api.packages.create.mutate({
    carerId: carer.id,
    requestId: request.id,
    startDate: start,
    endDate: TODAY,
    details: { weeklyHours: 7, services: ['Domestic'], address: { postCode: 'TA4 7TA' } },
  });
  let delivered = 2.5;
  await api.deliveries.record.mutate({ packageId: pkg.id, date: start, status: 'delivered', hours: 2.5, note: 'Cleaning, and lunch' });
  if (days >= 3) {
    delivered += 1.25;
    await api.deliveries.record.mutate({ packageId: pkg.id, date: addDays(start, 1), status: 'delivered', hours: 1.25, note: '' });
  }
  const missed = days >= 2 ? 1 : 0;
  if (missed) await api.deliveries.record.mutate({ packageId: pkg.id, date: TODAY, status: 'missed', reason: 'client-in-hospital', note: 'Admitted' });
  return { carer, client, pkg, start, planned: days, delivered, missed };
}

/** The row of a figures table naming `name`. */
const rowOf = (scope: ReturnType<Page['locator']>, caption: string, name: string) =>
  scope.getByRole('table', { name: caption, exact: true }).getByRole('row').filter({ hasText: name });

test('the Delivered Care Report shows each carer’s planned and delivered hours, rate and missed visits, and leads to the statement', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const mpName = unique('Maude Deliverer');
  const { carer, pkg, planned, delivered, missed } = await carerWithCare(api, 'mps', mpName);
  // Planned as a visit every morning: the days before today count, none of them recorded as a visit.
  await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '08:00' })) });

  await page.getByRole('button', { name: 'Generate Report' }).click();
  const form = page.getByRole('dialog', { name: 'Generate Analytics Report' });
  await form.getByLabel('Report Type').selectOption('Delivered Care Report');
  await form.getByLabel('Breakdown Type').selectOption('By Locality');
  await form.getByRole('button', { name: 'Generate Report' }).click();

  const result = page.getByRole('dialog', { name: `Delivered Care Report (${YEAR} - ${YEAR})` });
  await expect(result.getByRole('table', { name: 'Year by year' })).toBeVisible();
  await result.getByRole('tab', { name: YEAR }).click();
  const year = result.getByRole('tabpanel', { name: YEAR });
  await expect(year.getByRole('table', { name: 'Month by month' })).toBeVisible();
  await expect(year.getByRole('table', { name: 'By Locality' })).toBeVisible();
  const row = rowOf(year, 'By carer', mpName);
  await expect(row.getByRole('cell')).toHaveText([
    new RegExp(`${mpName}.*${carer.id}`),
    planned.toFixed(2),
    delivered.toFixed(2),
    deliveryRateText(delivered / planned),
    String(missed),
  ]);

  // The month's own figures, under its name.
  const monthName = monthLabel(MONTH).split(' ')[0]!;
  await year.locator('summary').filter({ hasText: monthName }).click();
  await expect(rowOf(year, `${monthName} by carer`, mpName).getByRole('cell').nth(2)).toHaveText(delivered.toFixed(2));
  // The month's visits (QS123): planned before today, none given, all missed.
  if (planned > 1) {
    await expect(rowOf(year, 'Visits by carer', mpName).getByRole('cell')).toHaveText([String(planned - 1), '0', String(planned - 1), '0', '0', '—']);
    await rowOf(year, 'Visits by carer', mpName).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('delivered-month-visits-1280.png') });
  }

  await row.getByRole('link', { name: mpName }).click();
  await expect(page).toHaveURL(new RegExp(`/deliveries/statement/${carer.id}/${MONTH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${mpName}: ${monthLabel(MONTH)}`);
});

test('Finance reads a carer’s monthly statement, downloads it as CSV, and may print it', async ({ browser, page, signIn }) => {
  const adminPage = await browser.newPage();
  const admin = await withPageToken(adminPage, () => signInAs(adminPage, e2eUser('Admin')));
  const volunteerName = unique('Vita Statement');
  const { carer, client, pkg, start, planned, delivered, missed } = await carerWithCare(admin, 'volunteers', volunteerName);
  await adminPage.close();

  await signIn('Finance');
  // From the volunteer's view, as staff reach it.
  await page.goto(`/volunteers?view=${carer.id}`);
  const view = page.getByRole('dialog');
  await view.getByRole('tab', { name: 'Packages' }).click();
  await view.getByRole('link', { name: 'Monthly statement' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${volunteerName}: ${monthLabel(MONTH)}`);
  const totals = page.getByRole('table', { name: 'Packages' });
  await expect(totals.getByRole('row').filter({ hasText: client.details.name }).getByRole('cell')).toHaveText([
    new RegExp(client.details.name),
    planned.toFixed(2),
    delivered.toFixed(2),
    String(missed),
  ]);
  const entries = page.getByRole('region', { name: `Entries for ${client.details.name}` });
  await expect(entries.getByRole('row').filter({ hasText: 'Cleaning, and lunch' }).getByRole('cell').nth(1)).toHaveText('2.50');
  if (missed) await expect(entries.getByText('Missed — Client in hospital or away')).toBeVisible();
  // The month's driving, home to Milverton and back each day of care, and the volunteer's claim at the charity's rate.
  const daysGiven = delivered > 2.5 ? 2 : 1;
  const driving = page.getByRole('region', { name: 'Driving' });
  await expect(driving).toContainText(new RegExp(`\\d+\\.\\d miles, (\\d+ h )?\\d+ min over ${daysGiven} days? of care: from home to each visit given and back, estimated from post codes`));
  await expect(driving).toContainText(/Mileage claim at \d+p a mile: £\d+\.\d\d/);
  await screenshotsOf(page, 'statement-driving');
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe(`statement-${carer.id}-${MONTH}.csv`);
  const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Carer,Carer Id,Kind,Month,Client,Package,Package Id,Date,Status,Hours,Missed Reason,Note');
  expect(lines).toContain(`${volunteerName},${carer.id},Volunteer,${MONTH},${client.details.name},,${pkg.id},${start},Delivered,2.50,,"Cleaning, and lunch"`);
  if (missed) expect(lines).toContain(`${volunteerName},${carer.id},Volunteer,${MONTH},${client.details.name},,${pkg.id},${TODAY},Missed,0.00,Client in hospital or away,Admitted`);
  expect(lines).toHaveLength(1 + (delivered > 2.5 ? 2 : 1) + missed);

  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  // On paper the statement stands alone: no sidebar, no month picker or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
