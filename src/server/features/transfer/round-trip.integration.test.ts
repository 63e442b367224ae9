import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACTOR, seedDemo } from '@/server/demo/seed-demo';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { exportAll, type ExportBundle } from './export';
import { commitImport } from './import';

// Issue 19: demo data → export → import into an empty database → every record equal, and every report alike.

const TODAY = '2026-11-22';

let source: TestApp;
let target: TestApp;
let exported: ExportBundle;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await seedDemo(source.database.db, TODAY);
  // Through JSON, as the file carries it.
  exported = JSON.parse(JSON.stringify(await exportAll(source.database.db))) as ExportBundle;
  await commitImport(target.database.db, DEMO_ACTOR, exported, { onDuplicate: 'skip' });
}, 180_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

/**
 * Figures to a millionth of an hour: the reports add fractions of hours in the order the database reads
 * the rows, which an import need not keep, so the last binary digits may differ.
 */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (Array.isArray(value)) return value.map(rounded);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

/** The four hours reports and both cross-sections, as the dashboard asks for them. */
async function reports(app: TestApp) {
  app.setToday(TODAY);
  const analytics = app.caller('Admin').analytics;
  const input = { startYear: Number(TODAY.slice(0, 4)) - 3 };
  return rounded({
    hours: [
      await analytics.getRequestsReport(input),
      await analytics.getPackagesReport(input),
      await analytics.getRequestsDeprivationReport(input),
      await analytics.getPackagesDeprivationReport(input),
    ],
    crossSections: [await analytics.getActiveRequestsCrossSection(), await analytics.getActivePackagesCrossSection()],
  });
}

/**
 * The bundle as an import of it stores it: a DBS certificate number is never answered in full, so the
 * export carries it masked and an import into an empty database has none (docs/decisions/198-certificate-number-never-answered-full.md).
 */
function withoutCertificateNumbers(bundle: ExportBundle): ExportBundle {
  const clear = <C extends { dbs: { certificateNumber: string } }>(carer: C) => ({ ...carer, dbs: { ...carer.dbs, certificateNumber: '' } });
  return { ...bundle, mps: bundle.mps.map(clear), volunteers: bundle.volunteers.map(clear) };
}

describe('export and import back', () => {
  it('exports every kind of record, archived ones too', () => {
    for (const list of Object.values(exported)) expect(list.length).toBeGreaterThan(0);
    expect(exported.clients.some((c) => c.archived === 'Y')).toBe(true);
    expect(exported.requests.some((r) => r.endDate === 'open')).toBe(true);
    expect(exported.magLogs.some((g) => g.clients.length > 0)).toBe(true);
  });

  it('imports into an empty database with every record equal, but the DBS certificate numbers it does not carry', async () => {
    expect([...exported.mps, ...exported.volunteers].some((c) => /^•+\d{4}$/.test(c.dbs.certificateNumber))).toBe(true);
    expect(await exportAll(target.database.db)).toEqual(withoutCertificateNumbers(exported));
  });

  it('gives the same hours reports and cross-sections', async () => {
    const before = await reports(source);
    expect(JSON.stringify(before)).toMatch(/"totalHours":[1-9]/);
    expect(await reports(target)).toEqual(before);
  });

  it('changes nothing when the same file is imported again, even when asked to update', async () => {
    const result = await commitImport(target.database.db, DEMO_ACTOR, exported, { onDuplicate: 'update' });
    for (const counts of Object.values(result.counts)) expect(counts).toMatchObject({ create: 0, update: 0 });
    expect(await exportAll(target.database.db)).toEqual(withoutCertificateNumbers(exported));
  });
});
