import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { csvHours, formatHours, reportHours } from '@/client/lib/format';
import { activeCareHours } from '@/shared/care';
import { monthLabel, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { seedDemo } from '@/server/demo/seed-demo';
import { expect, signInAs, test, withPageToken } from './fixtures';
import type { RunningServer } from './server';
import { startSeededServer } from './seeded-server';
import { addE2eUser, e2eUser } from './users';

/**
 * The shared e2e server has no demo data and other tests add records while these run, so this file starts
 * its own server on a demo database and compares the screen with what the API answers there.
 */
const PORT = Number(process.env.E2E_DASHBOARD_PORT ?? 3241);
const ADMIN = e2eUser('Admin');
const CURRENT_YEAR = Number(todayIn().slice(0, 4));

let server: RunningServer;

// One server for the file, so its tests share one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(540_000);
  server = await startSeededServer(PORT, async (db) => {
    await addE2eUser(db, ADMIN);
    await seedDemo(db, todayIn());
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The figure a counter card shows once its count-up has finished. */
function counter(scope: Page | ReturnType<Page['locator']>, label: string) {
  return scope.getByRole('group', { name: label, exact: true }).locator('[data-slot="counter-value"]');
}

const distinct = (values: string[]) => new Set(values).size;

/** RFC 4180 rows: fields split on commas outside quotes, quotes doubled inside them, lines ending CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const row = rows.at(-1)!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      field = '';
      rows.push([]);
      i++;
    } else {
      field += char;
    }
  }
  // The file ends with a line break, which leaves one empty row.
  return rows.filter((row) => row.length > 0);
}

/** The report's first tab: a row for every year, in order, with the year's total hours to 2 decimals. */
async function expectSummaryOf(result: Locator, report: { years: { year: number; totalHours: number }[] }) {
  const rows = result.getByRole('table', { name: 'Year by year' }).getByRole('row');
  // The header row, one row per year, and the all-years total.
  await expect(rows).toHaveCount(report.years.length + 2);
  for (const [i, year] of report.years.entries()) {
    const cells = rows.nth(i + 1).getByRole('cell');
    await expect(cells.nth(0)).toContainText(String(year.year));
    await expect(cells.nth(1)).toHaveText(reportHours(year.totalHours));
  }
}

const monthName = (month: number) => new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });

test('the Overview and Active Packages counters settle on the figures the API gives', async ({ page }) => {
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Live Overview')).toBeVisible();

  const [requests, packages] = await Promise.all([api.requests.getAllNotEndedYet.query(), api.packages.getAllNotEndedYet.query()]);
  const carers = packages.map((p) => p.carerId);
  const expected = {
    'Total Active Clients': String(distinct(requests.map((r) => r.clientId))),
    'Total Active MPs': String(distinct(carers.filter((id) => id.startsWith('m')))),
    'Total Active Volunteers': String(distinct(carers.filter((id) => id.startsWith('v')))),
    // Both sums leave out an item renewed on the day it ends (DESIGN §3).
    'Total Active Care Hours': formatHours(activeCareHours(requests, packages, todayIn()).careHours),
    'Total Active Request Hours': formatHours(activeCareHours(requests, packages, todayIn()).requestHours),
  };
  expect(requests.length).toBeGreaterThan(0);
  expect(packages.length).toBeGreaterThan(0);
  for (const [label, value] of Object.entries(expected)) await expect(counter(page, label)).toHaveText(value);

  await page.getByRole('tab', { name: 'Active Packages' }).click();
  const crossSection = await api.analytics.getActivePackagesCrossSection.query();
  const byLocality = page.getByRole('region', { name: 'Hours by Locality' });
  const byService = page.getByRole('region', { name: 'Hours by Service' });
  await expect(byLocality.getByRole('img', { name: /^Bar chart of weekly hours of active packages by locality/ })).toBeVisible();
  for (const { name, totalHours } of crossSection.localities) await expect(counter(byLocality, `${name} Hours`)).toHaveText(formatHours(totalHours));
  for (const { name, totalHours } of crossSection.services) await expect(counter(byService, `${name} Hours`)).toHaveText(formatHours(totalHours));
  await expect(byLocality.getByRole('group')).toHaveCount(crossSection.localities.length);
});

test('a Packages report by deprivation from 2020 shows every year, and its CSV holds the API figures', async ({ page }) => {
  // Seven years of tables and charts, then two downloads: 15 s alone, over a minute beside another browser.
  test.setTimeout(450_000);
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Analytics Report' });
  await expect(dialog.getByLabel('Start Year')).toHaveValue(String(CURRENT_YEAR));
  await dialog.getByLabel('Report Type').selectOption({ label: 'Packages Report' });
  await dialog.getByLabel('Breakdown Type').selectOption({ label: 'By Deprivation' });
  await dialog.getByLabel('Start Year').fill('2020');
  await dialog.getByRole('button', { name: 'Generate Report' }).click();

  // The result replaces the form, and its heading becomes the dialog's title.
  const result = page.getByRole('dialog', { name: `Packages Analytics Report (2020 - ${CURRENT_YEAR})` });
  // Generating takes a moment, and longer on a machine busy with the other browser tests.
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(`Packages Analytics Report (2020 - ${CURRENT_YEAR})`, { timeout: 30_000 });
  const years = Array.from({ length: CURRENT_YEAR - 2020 + 1 }, (_, i) => 2020 + i);
  await expect(result.getByRole('tab')).toHaveText(['Summary', ...years.map(String)]);

  const report = await api.analytics.getPackagesDeprivationReport.query({ startYear: 2020 });
  expect(report.years.map((y) => y.year)).toEqual(years);
  await expectSummaryOf(result, report);

  const csvDownload = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`packages-report-deprivation-2020-${CURRENT_YEAR}.csv`);
  const [header, ...rows] = parseCsv((await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(header).toEqual(['Year', 'Month', 'Deprivation Category', 'Service', 'Hours']);

  // Every cell of the API's answer, to 2 decimals, in order.
  const expectedRows = report.years.flatMap((y) =>
    y.months.flatMap((m) =>
      m.deprivationCategories.flatMap((group) =>
        group.services.map((service) => [String(y.year), monthName(m.month), group.name, service.name, csvHours(service.totalHours)]),
      ),
    ),
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(rows).toEqual(expectedRows);

  // Each year's rows add up to its total, within the rounding of the cells.
  for (const year of report.years) {
    const cells = rows.filter((row) => row[0] === String(year.year)).map((row) => Number(row[4]));
    const sum = cells.reduce((total, hours) => total + hours, 0);
    expect(Math.abs(sum - year.totalHours)).toBeLessThanOrEqual(0.005 * cells.length + 1e-6);
  }

  const xlsxDownload = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`packages-report-deprivation-2020-${CURRENT_YEAR}.xlsx`);
  // A zip file, as every .xlsx is.
  expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString()).toBe('PK');

  await result.getByRole('button', { name: 'Generate New Report' }).click();
  await expect(dialog.getByLabel('Start Year')).toHaveValue('2020');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

/** Generates a Requests report by locality from 2020 and returns the result dialog once it is shown. */
async function generateRequestsReport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Analytics Report' });
  await dialog.getByLabel('Start Year').fill('2020');
  await dialog.getByRole('button', { name: 'Generate Report' }).click();
  const result = page.getByRole('dialog', { name: `Requests Analytics Report (2020 - ${CURRENT_YEAR})` });
  await expect(result.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  return result;
}

/** How tall the dialog's content is, scrolled or not. */
const contentHeight = (dialog: Locator) => dialog.evaluate((element) => element.scrollHeight);

for (const width of [1280, 390]) {
  test(`the report at ${width} px shows a year-by-year summary first, then one year at a time`, async ({ page }) => {
    test.setTimeout(360_000);
    if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
    const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
    const result = await generateRequestsReport(page);
    const report = await api.analytics.getRequestsReport.query({ startYear: 2020 });

    // The summary lists every year with its total, and no year's detail yet.
    await expectSummaryOf(result, report);
    await expect(result.getByRole('region')).toHaveCount(0);
    // Every year once on one page made it about 13,000 pixels tall.
    expect(await contentHeight(result)).toBeLessThan(1_500);
    // Nothing runs off the side on a phone.
    expect(await result.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // A year in the summary leads to its own tab, and only that year's detail shows.
    const chosen = report.years.at(-3)!;
    await result.getByRole('table', { name: 'Year by year' }).getByRole('button', { name: String(chosen.year) }).click();
    const tab = result.getByRole('tab', { name: String(chosen.year) });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeFocused();
    await expect(result.getByRole('table', { name: 'Year by year' })).toBeHidden();
    await expect(result.getByRole('region')).toHaveCount(1);
    const detail = result.getByRole('region', { name: String(chosen.year) });
    await expect(detail).toContainText(`Total hours: ${reportHours(chosen.totalHours)}`);
    await expect(detail.getByRole('table', { name: 'By Locality' })).toBeVisible();
    await expect(detail.getByRole('table', { name: 'Service Summary' })).toBeVisible();
    await expect(detail.locator('summary')).toHaveText(chosen.months.map((m) => new RegExp(`^${monthName(m.month)}${reportHours(m.totalHours)} hours$`)));
    expect(await contentHeight(result)).toBeLessThan(width === 390 ? 5_000 : 3_500);

    // The keyboard moves between years as between any tabs.
    await page.keyboard.press('ArrowRight');
    const next = report.years.at(-2)!;
    await expect(result.getByRole('tab', { name: String(next.year) })).toHaveAttribute('aria-selected', 'true');
    await expect(result.getByRole('region', { name: String(next.year) })).toContainText(`Total hours: ${reportHours(next.totalHours)}`);
    await expect(result.getByRole('region')).toHaveCount(1);

    await expect(result.getByRole('button', { name: 'Generate New Report' })).toBeVisible();
    await result.getByRole('button', { name: 'Close' }).click();
    await expect(result).toBeHidden();
  });
}

test('the printed report has every year and no chart tooltip', async ({ page }) => {
  test.setTimeout(360_000);
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  const result = await generateRequestsReport(page);
  const report = await api.analytics.getRequestsReport.query({ startYear: 2020 });
  const withHours = report.years.find((year) => year.totalHours > 0)!;
  await result.getByRole('tab', { name: String(withHours.year) }).click();

  // The pointer over the chart leaves its tooltip showing.
  await result.getByRole('img', { name: /^Stacked bar chart/ }).hover();
  const tooltip = result.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(tooltip).toBeHidden();
  await expect(result.getByRole('tablist')).toBeHidden();
  await expect(result.getByRole('button', { name: 'Print' })).toBeHidden();

  // Printing (the Print button or the browser's menu) puts the summary and every year on paper.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(result.getByRole('table', { name: 'Year by year' })).toBeVisible();
  await expect(result.getByRole('region')).toHaveText(report.years.map((year) => new RegExp(`^${year.year}Annual SummaryTotal hours: ${reportHours(year.totalHours)}`)));
  await expect(result.locator('.recharts-tooltip-wrapper')).toHaveCount(0);

  // Back on screen, one year again.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(result.getByRole('region')).toHaveCount(1);
  await expect(result.getByRole('tab', { name: String(withHours.year) })).toHaveAttribute('aria-selected', 'true');
});

test('the Delivered Care Report counts from the first entry; an Admin moves the start and closes a month from it; a year prints on at most 6 A4 pages', async ({ page }) => {
  test.setTimeout(450_000);
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  const { firstEntry } = await api.deliveries.getRecordingStart.query();
  const startYear = CURRENT_YEAR - 1;
  expect(firstEntry! > `${startYear}-12`).toBe(true); // the demo records only the last weeks

  await page.getByRole('button', { name: 'Generate Report' }).click();
  const form = page.getByRole('dialog', { name: 'Generate Analytics Report' });
  await form.getByLabel('Report Type').selectOption('Delivered Care Report');
  await form.getByLabel('Start Year').fill(String(startYear));
  await form.getByRole('button', { name: 'Generate Report' }).click();
  const result = page.getByRole('dialog', { name: `Delivered Care Report (${startYear} - ${CURRENT_YEAR})` });

  // Last year is wholly before recording: its plan stands, nothing is counted, and it is left out of all years.
  const summary = result.getByRole('table', { name: 'Year by year' });
  await expect(summary.getByRole('row').filter({ hasText: String(startYear) })).toContainText('Not recorded');
  await result.getByRole('tab', { name: String(startYear) }).click();
  const lastYear = result.getByRole('tabpanel', { name: String(startYear) });
  await expect(lastYear.getByText(`Delivered care was not recorded in ${startYear}.`)).toBeVisible();
  const months = lastYear.getByRole('table', { name: 'Month by month' }).getByRole('row');
  await expect(months.nth(1)).toContainText('Not recorded');
  await expect(months.nth(1)).not.toContainText('%');

  // This year counts from the first entry's month, and says so.
  await result.getByRole('tab', { name: String(CURRENT_YEAR) }).click();
  const thisYear = result.getByRole('tabpanel', { name: String(CURRENT_YEAR) });
  await expect(thisYear.getByText(`Counted from ${monthLabel(firstEntry!)}, when recording delivered care began`)).toBeVisible();

  // An Admin counts from January instead and closes last month, both from the report.
  await thisYear.getByRole('button', { name: 'Months' }).click();
  const monthsDialog = page.getByRole('dialog', { name: 'Months of delivered care' });
  await expect(monthsDialog.getByText(`counts from ${monthLabel(firstEntry!)} (the first entry)`)).toBeVisible();
  await monthsDialog.getByLabel('Count from').fill(`${CURRENT_YEAR}-01`);
  await monthsDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Delivered care counted from January ${CURRENT_YEAR}`)).toBeVisible();
  const closed = shiftMonth(monthOfDate(todayIn()), -1);
  await monthsDialog.getByRole('button', { name: `Close ${monthLabel(closed)}` }).click();
  await page.getByRole('alertdialog', { name: `Close ${monthLabel(closed)}?` }).getByRole('button', { name: `Close ${monthLabel(closed)}` }).click();
  await expect(monthsDialog.getByRole('listitem').filter({ hasText: monthLabel(closed) })).toContainText(`Closed`);
  await expect(monthsDialog.getByRole('button', { name: `Reopen ${monthLabel(closed)}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(monthsDialog).toBeHidden();

  // The report is read again: no note, January counts, and last month shows it is closed.
  await expect(thisYear.getByText(/^Counted from/)).toBeHidden();
  await expect(thisYear.getByRole('table', { name: 'Month by month' }).getByRole('row').nth(1)).toContainText('%');
  await result.getByRole('tab', { name: closed.slice(0, 4) }).click();
  const closedRow = result.getByRole('tabpanel', { name: closed.slice(0, 4) }).getByRole('table', { name: 'Month by month' }).getByRole('row').nth(Number(closed.slice(5)));
  await expect(closedRow).toContainText(`${monthName(Number(closed.slice(5)))}Closed`);

  // On paper a year fits in 6 A4 pages: the per-carer detail is left to the workbook.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await form.getByLabel('Report Type').selectOption('Delivered Care Report');
  await form.getByLabel('Start Year').fill(String(CURRENT_YEAR));
  await form.getByRole('button', { name: 'Generate Report' }).click();
  const oneYear = page.getByRole('dialog', { name: `Delivered Care Report (${CURRENT_YEAR} - ${CURRENT_YEAR})` });
  await expect(oneYear.getByRole('table', { name: 'Year by year' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const printed = oneYear.getByRole('region', { name: String(CURRENT_YEAR) });
  await expect(printed.getByRole('table', { name: 'Month by month' })).toBeVisible();
  await expect(printed.getByRole('table', { name: 'By carer' })).toBeHidden();
  await expect(printed.getByText("Each carer's figures, month by month, are in the report's Excel download")).toBeVisible();
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  expect(pages).toBeGreaterThan(1);
  expect(pages).toBeLessThanOrEqual(6);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

  await api.deliveries.reopenMonth.mutate({ month: closed });
  await api.deliveries.setRecordingStart.mutate({ month: null });
});
