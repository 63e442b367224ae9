import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALITIES, SERVICES } from '@/shared/constants';
import { addDays } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { NotEmptyError, seedDemo, type SeedSummary } from './seed-demo';

const TODAY = '2026-11-22';
const { t } = testAppForFile({ today: TODAY });
let summary: SeedSummary;
beforeAll(async () => {
  summary = await seedDemo(t.database.db, TODAY);
}, 120_000);

describe('npm run seed:demo', () => {
  it('fills the three people lists, with some clients archived', async () => {
    const admin = t.caller('Admin');
    const [all, active, mps, volunteers] = await Promise.all([
      admin.clients.getAll(),
      admin.clients.getAllNotArchived(),
      admin.mps.getAll(),
      admin.volunteers.getAll(),
    ]);
    expect(all).toHaveLength(summary.clients);
    expect(active.length).toBeLessThan(all.length);
    expect(mps).toHaveLength(summary.mps);
    expect(volunteers).toHaveLength(summary.volunteers);
    expect(new Set(all.map((c) => c.details.address.locality))).toEqual(new Set(LOCALITIES));
    expect(all.some((c) => c.details.address.deprivation.income && c.details.address.deprivation.health)).toBe(true);
  });

  it('covers every service over several years, with active and ended care', async () => {
    const admin = t.caller('Admin');
    const requests = await admin.requests.getAll();
    expect(requests).toHaveLength(summary.requests);
    expect(new Set(requests.flatMap((r) => r.details.services))).toEqual(new Set(SERVICES));
    const years = new Set(requests.map((r) => r.startDate.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(5);
    const active = await admin.requests.getAllNotEndedYet();
    expect(active.length).toBeGreaterThan(0);
    expect(active.length).toBeLessThan(requests.length);
    expect((await admin.packages.getAll()).length).toBe(summary.packages);
  });

  it('gives the expiry screens and MAG something to show', async () => {
    const admin = t.caller('Admin');
    const carers = [...(await admin.mps.getAll()), ...(await admin.volunteers.getAll())];
    expect(carers.some((c) => c.dbsExpiry && c.dbsExpiry < TODAY)).toBe(true);
    expect(carers.some((c) => c.dbsExpiry && c.dbsExpiry >= TODAY)).toBe(true);
    expect((await admin.trainingRecords.getAll()).length).toBe(summary.trainingRecords);
    const logs = await admin.mag.getAll();
    expect(logs).toHaveLength(summary.magLogs);
    expect(logs.every((log) => log.clients.length >= 2)).toBe(true);
  });

  it('leaves a few carers who may not be given care, whose packages say why they were given them', async () => {
    const admin = t.caller('Admin');
    const carers = [...(await admin.mps.getAll()), ...(await admin.volunteers.getAll())];
    const lapsed = carers.filter((c) => c.compliance.status === 'Not compliant').map((c) => c.id);
    expect(lapsed.length).toBeGreaterThanOrEqual(3);
    expect(lapsed.length).toBeLessThan(carers.length / 3);
    expect(carers.some((c) => c.dbs.issueDate && !c.dbs.expiryEnteredByHand && c.dbs.certificateNumber.startsWith('•'))).toBe(true);
    const overridden = (await admin.packages.getAll()).filter((p) => p.complianceOverride !== null);
    expect(overridden.length).toBeGreaterThan(0);
    expect(overridden.every((p) => lapsed.includes(p.carerId))).toBe(true);
  });

  it('fills the last weeks of the timesheets, a missed visit among them', async () => {
    const admin = t.caller('Admin');
    expect(summary.deliveries).toBeGreaterThan(0);
    const weeks = await Promise.all([1, 2, 3, 4].map((back) => admin.deliveries.getWeek({ weekStart: addDays(weekStartOf(TODAY), -7 * back) })));
    const entries = weeks.flatMap((week) => week.packages.flatMap((p) => p.entries));
    expect(entries.filter((e) => e.status === 'delivered').length).toBeGreaterThan(20);
    expect(entries.some((e) => e.status === 'missed' && e.reason !== null)).toBe(true);
  });

  it('refuses a database that already holds data', async () => {
    await expect(seedDemo(t.database.db, TODAY)).rejects.toThrow(NotEmptyError);
  });
});
