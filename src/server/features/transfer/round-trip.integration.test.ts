import { sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TYPES } from '@/shared/import-api';
import { queryRows } from '@/server/db/client';
import { DEMO_ACTOR, seedDemo } from '@/server/demo/seed-demo';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { exportAll, type ExportBundle } from './export';
import { exportWorkbook } from './export-workbook';
import { commitImport, previewImport } from './import';
import { importContent } from './import-file';

// Issue 19: demo data → export → import into an empty database → every record equal, and every report alike.

const TODAY = '2026-11-22';

/** Whoever restores the export: not the demo's seed, who gave the reasons the export carries. */
const IMPORTER = { email: 'restorer@valecare.test', role: 'Admin' } as const;
/** The restorer's own reason for the care the export gives to carers who are not compliant (decision 304). */
const RESTORE_REASON = 'Restored from the export, reasons checked again by the office';

let source: TestApp;
let target: TestApp;
let exported: ExportBundle;
/** The packages an import without a reason refuses: care not yet ended, from carers who are not compliant. */
let needingReason: string[];

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await seedDemo(source.database.db, TODAY);
  // Through JSON, as the file carries it.
  exported = JSON.parse(JSON.stringify(await exportAll(source.database.db))) as ExportBundle;
  needingReason = (await previewImport(target.database.db, exported, { onDuplicate: 'skip', today: TODAY })).problems.map((p) => p.id!);
  await commitImport(target.database.db, IMPORTER, exported, { onDuplicate: 'skip', today: TODAY, overrideReason: RESTORE_REASON });
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

/** The bundle without the reasons packages were given to carers who are not compliant: an import keeps none of a file's. */
function withoutReasons(bundle: ExportBundle): ExportBundle {
  return { ...bundle, packages: bundle.packages.map((p) => ({ ...p, complianceOverride: null })) };
}

describe('export and import back', () => {
  it('exports every kind of record, archived ones too', () => {
    for (const list of Object.values(exported)) expect(list.length).toBeGreaterThan(0);
    expect(exported.clients.some((c) => c.archived === 'Y')).toBe(true);
    expect(exported.requests.some((r) => r.endDate === 'open')).toBe(true);
    expect(exported.magLogs.some((g) => g.clients.length > 0)).toBe(true);
  });

  it('imports into an empty database with every record equal, but the DBS certificate numbers and the reasons it does not carry', async () => {
    expect([...exported.mps, ...exported.volunteers].some((c) => /^•+\d{4}$/.test(c.dbs.certificateNumber))).toBe(true);
    expect(withoutReasons(await exportAll(target.database.db))).toEqual(withoutReasons(withoutCertificateNumbers(exported)));
  });

  it('gives care to carers who are not compliant only with the restorer’s own reason, naming them, never the one the file carries', async () => {
    expect(needingReason.length).toBeGreaterThan(0);
    expect(exported.packages.filter((p) => needingReason.includes(p.id)).every((p) => p.complianceOverride?.by === DEMO_ACTOR.email)).toBe(true);
    const reasons = (await exportAll(target.database.db)).packages.filter((p) => p.complianceOverride !== null);
    expect(reasons.map((p) => p.id).sort()).toEqual([...needingReason].sort());
    for (const p of reasons) expect(p.complianceOverride).toMatchObject({ reason: RESTORE_REASON, by: IMPORTER.email });
  });

  it('gives the same hours reports and cross-sections', async () => {
    const before = await reports(source);
    expect(JSON.stringify(before)).toMatch(/"totalHours":[1-9]/);
    expect(await reports(target)).toEqual(before);
  });

  it('changes nothing when the same file is imported again, even when asked to update', async () => {
    const before = await exportAll(target.database.db);
    const result = await commitImport(target.database.db, IMPORTER, exported, { onDuplicate: 'update', today: TODAY });
    for (const counts of Object.values(result.counts)) expect(counts).toMatchObject({ create: 0, update: 0 });
    expect(await exportAll(target.database.db)).toEqual(before);
  });
});

describe('export as a workbook and import back', () => {
  const SHEETS = ['Clients', 'MPs', 'Volunteers', 'Requests', 'Packages', 'Training records', 'MAG logs', 'Delivered care', 'Mileage'];

  /** What a workbook carries of people and training records, to compare with what was exported. */
  function carried(bundle: ExportBundle) {
    const person = (p: ExportBundle['clients' | 'mps' | 'volunteers'][number]) => ({
      id: p.id,
      name: p.details.name,
      dateOfBirth: p.dateOfBirth,
      archived: p.archived,
      address: { streetAddress: p.details.address.streetAddress, locality: p.details.address.locality, postCode: p.details.address.postCode },
      phone: p.details.phone,
      email: p.details.email,
      services: p.details.services,
    });
    return {
      clients: bundle.clients.map((c) => ({ ...person(c), customId: c.details.customId, attendanceAllowance: c.details.attendanceAllowance, donationAmount: c.details.donationAmount })),
      carers: [...bundle.mps, ...bundle.volunteers].map((c) => ({ ...person(c), dbsExpiry: c.dbsExpiry, publicLiabilityExpiry: c.publicLiabilityExpiry, capacity: c.details.capacity })),
      trainingRecords: bundle.trainingRecords.map((r) => ({ id: r.id, ownerId: r.ownerId, recordName: r.details.recordName, expiryDate: r.expiryDate, archived: r.archived })),
    };
  }

  it('writes a sheet a kind, with headings in words and dates as dates, read by a library this project did not write', async () => {
    const { workbook, counts } = await exportWorkbook(source.database.db);
    const sheets = await readXlsxFile(workbook);
    expect(sheets.map((s) => s.sheet)).toEqual(SHEETS);
    expect(counts).toMatchObject({ Clients: exported.clients.length, Packages: exported.packages.length });
    const [headings, ...rows] = sheets[0]!.data;
    expect(headings).toEqual(expect.arrayContaining(['Valecare ID', 'Name', 'Date of birth', 'Post code', 'Attendance allowance']));
    expect(rows).toHaveLength(exported.clients.length);
    const born = headings!.indexOf('Date of birth');
    expect(rows.filter((row) => row[born] !== null).every((row) => row[born] instanceof Date)).toBe(true);
  });

  it('sums delivered care a month a package, to the hours the report gives', async () => {
    const { workbook } = await exportWorkbook(source.database.db);
    const [headings, ...rows] = (await readXlsxFile(workbook)).find((s) => s.sheet === 'Delivered care')!.data;
    expect(headings).toEqual(['Month', 'Package ID', 'Client', 'Carer ID', 'Hours delivered', 'Visits missed', 'Days recorded']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(([month]) => month instanceof Date && month.getUTCDate() === 1)).toBe(true);
    const monthPackage = rows.map(([month, packageId]) => `${String(month)} ${String(packageId)}`);
    expect(new Set(monthPackage).size).toBe(rows.length);
    const [totals] = await queryRows<{ hours: string; missed: string; days: string }>(
      source.database.db,
      sql`select sum(hours) as hours, count(*) filter (where status = 'missed') as missed, count(*) as days from deliveries`,
    );
    const total = (column: number) => rows.reduce((sum, row) => sum + Number(row[column]), 0);
    expect(total(4)).toBeCloseTo(Number(totals!.hours), 6);
    expect(total(5)).toBe(Number(totals!.missed));
    expect(total(6)).toBe(Number(totals!.days));
  });

  it('imports back into an empty database, a kind at a time, with every person and training record as it was', async () => {
    const { workbook } = await exportWorkbook(source.database.db);
    const empty = await createTestApp();
    try {
      for (const type of ['clients', 'mps', 'volunteers', 'training-records'] as const) {
        const answer = await importContent(empty.database.db, workbook, 'valecare-export.xlsx', {
          kind: IMPORT_TYPES[type],
          onDuplicate: 'skip',
          dryRun: false,
          actor: DEMO_ACTOR,
          today: TODAY,
        });
        expect(answer.problems, type).toEqual([]);
        expect(answer.committed, type).toBe(true);
      }
      expect(carried(await exportAll(empty.database.db))).toEqual(carried(exported));
      // A second time, every row is a record already there.
      const again = await importContent(empty.database.db, workbook, 'valecare-export.xlsx', { kind: 'clients', onDuplicate: 'skip', dryRun: true, actor: DEMO_ACTOR, today: TODAY });
      expect(again.counts.clients).toEqual({ create: 0, update: 0, skip: exported.clients.length });
    } finally {
      await empty.close();
    }
  });
});
