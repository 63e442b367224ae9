import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE_SETTINGS } from '@/shared/compliance';
import type { Locality, Service } from '@/shared/constants';
import { OVERRIDE_TOO_SHORT } from '@/shared/schemas/care';
import type { CarerInput } from '@/shared/schemas/people';
import { auditLog } from '@/server/db/schema/audit';
import { carers } from '@/server/db/schema/people';
import { COMPLIANT_UNTIL, newCarer, newClient } from '@/server/test/builders';
import { addClientWithRequest, newPackage, newRequest } from '@/server/test/care-builders';
import { callOverHttp, errorOf } from '@/server/test/procedure-calls';
import { testAppForFile } from '@/server/test/test-app-for-file';

// Safe assignment: a carer whose DBS re-check, public liability or required training has lapsed is not
// given care without a reason; suggestions rank carers for a request; the DBS re-check follows the policy.

const TODAY = '2026-03-10';
const OVERDUE = '2026-03-03';
const SOON = '2026-03-22';
const REASON = 'Re-check booked for Friday, agreed with the family';

const { t, admin } = testAppForFile({ today: TODAY });
let clientId: string;
let requestId: string;
beforeAll(async () => {
  ({ clientId, requestId } = await addClientWithRequest(admin, { startDate: '2026-01-05' }));
});
beforeEach(() => admin.compliance.updateSettings(DEFAULT_COMPLIANCE_SETTINGS));

const volunteer = (overrides: Parameters<typeof newCarer>[0] = {}) => admin.volunteers.create(newCarer({ name: 'Val Unteer', ...overrides }));

describe('assigning a carer who is not compliant', () => {
  it('refuses a carer whose DBS re-check has passed with 409, naming the DBS, and writes nothing', async () => {
    const lapsed = await volunteer({ name: 'Lapsed Larry', dbsExpiry: OVERDUE });
    const response = await callOverHttp(t.app, { path: 'packages.create', type: 'mutation' }, newPackage(lapsed.id, requestId, { startDate: TODAY }), await t.idToken('Admin'));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)?.message).toBe(
      'Lapsed Larry is not compliant: DBS re-check was due on 3 March 2026. Choose another carer, or give a reason to assign them anyway.',
    );
    expect((await admin.packages.getAll()).filter((p) => p.carerId === lapsed.id)).toEqual([]);
  });

  it('assigns them with a reason, kept on the package with who and when, and in the audit entry', async () => {
    const lapsed = await volunteer({ dbsExpiry: OVERDUE });
    const created = await admin.packages.create({ ...newPackage(lapsed.id, requestId, { startDate: TODAY }), override: { reason: REASON } });
    expect(created.complianceOverride).toMatchObject({ reason: REASON, by: 'admin@valecare.test' });
    expect((await admin.packages.getById({ id: created.id })).complianceOverride?.reason).toBe(REASON);
    const [entry] = await t.auditRows(created.id, 'packages.create');
    expect((entry!.changes as Record<string, { to: unknown }>)['complianceOverride.reason']!.to).toBe(REASON);
  });

  it('refuses a reason shorter than three words or 15 characters, and ignores one given for a compliant carer', async () => {
    const lapsed = await volunteer({ dbsExpiry: OVERDUE });
    for (const reason of ['Agreed', 'OK by me', 'Alrightalrightalright']) {
      await expect(admin.packages.create({ ...newPackage(lapsed.id, requestId), override: { reason } })).rejects.toThrow(OVERRIDE_TOO_SHORT);
    }
    const fine = await volunteer();
    const created = await admin.packages.create({ ...newPackage(fine.id, requestId), override: { reason: REASON } });
    expect(created.complianceOverride).toBeNull();
  });

  it('refuses a carer without a required training type, naming it, and a lapsed public liability of an MP', async () => {
    await admin.compliance.updateSettings({ ...DEFAULT_COMPLIANCE_SETTINGS, requiredTrainingVolunteers: ['First Aid', 'GDPR'] });
    const untrained = await volunteer({ name: 'Una Trained' });
    await admin.trainingRecords.create({ ownerId: untrained.id, expiryDate: '2027-01-01', details: { recordName: 'GDPR' } });
    await expect(admin.packages.create(newPackage(untrained.id, requestId))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('No First Aid training on record'),
    });
    const mp = await admin.mps.create(newCarer({ name: 'Mo Provider', publicLiabilityExpiry: '2026-02-01' }));
    await expect(admin.packages.create(newPackage(mp.id, requestId))).rejects.toThrow('Public liability expired on 1 February 2026');
  });

  it('allows a carer who is expiring soon, and says so to the form with the client’s reason not to match them', async () => {
    const soon = await volunteer({ name: 'Sue Soon', dbsExpiry: SOON });
    await admin.clients.addExclusion({ clientId, carerId: soon.id, reason: 'Family know her socially' });
    expect(await admin.packages.checkAssignment({ carerId: soon.id, requestId })).toEqual({
      compliance: { status: 'Expiring soon', reasons: ['DBS re-check is due on 22 March 2026 (in 12 days)'] },
      excluded: { reason: 'Family know her socially' },
    });
    const created = await admin.packages.create(newPackage(soon.id, requestId));
    expect(created.carerId).toBe(soon.id);
  });

  it('refuses changing the carer to a lapsed one, but lets a package keep the carer it has after they lapse', async () => {
    const fine = await volunteer();
    const created = await admin.packages.create(newPackage(fine.id, requestId, { startDate: TODAY }));
    const lapsed = await volunteer({ dbsExpiry: OVERDUE });
    const { id, version, carerId: _carer, requestId: request, archived, startDate, endDate, details } = created;
    const edit = { id, version, requestId: request, archived, startDate, endDate, details };
    await expect(admin.packages.update({ ...edit, carerId: lapsed.id })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('DBS') });

    // The carer lapses after being assigned: the package can still be edited (to end it, say).
    t.setToday('2100-01-05');
    const ended = await admin.packages.update({ ...edit, carerId: fine.id, endDate: '2100-01-05' });
    expect(ended.endDate).toBe('2100-01-05');
  });

  it('refuses reopening an ended package whose carer has since lapsed, unless a reason is given; a change that keeps it ended needs none', async () => {
    const carer = await volunteer();
    const created = await admin.packages.create(newPackage(carer.id, requestId, { startDate: '2026-01-12', endDate: '2026-02-27' }));
    await t.database.db.update(carers).set({ dbsExpiry: OVERDUE }).where(eq(carers.id, carer.id));
    const { id, carerId, requestId: request, archived, startDate, details } = created;
    const edit = { id, carerId, requestId: request, archived, startDate, details };

    // Ended it stays: a correction needs no reason.
    const corrected = await admin.packages.update({ ...edit, version: created.version, endDate: '2026-02-28' });
    for (const endDate of ['open', TODAY, '2026-06-30']) {
      await expect(admin.packages.update({ ...edit, version: corrected.version, endDate })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('DBS') });
    }
    await expect(admin.packages.update({ ...edit, version: corrected.version, endDate: 'open', override: { reason: '. . . . . . . .' } })).rejects.toThrow(OVERRIDE_TOO_SHORT);
    const reopened = await admin.packages.update({ ...edit, version: corrected.version, endDate: 'open', override: { reason: REASON } });
    expect(reopened).toMatchObject({ endDate: 'open', complianceOverride: { reason: REASON } });
  });

  it('refuses renewing a package whose carer has lapsed, unless a reason is given', async () => {
    const carer = await volunteer({ dbsExpiry: '2026-06-30' });
    const created = await admin.packages.create(newPackage(carer.id, requestId, { startDate: '2026-01-05' }));
    t.setToday('2026-07-06');
    const renewal = { oldPackage: { id: created.id, version: created.version }, newPackage: { details: created.details } };
    await expect(admin.packages.renew(renewal)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('DBS re-check was due on 30 June 2026') });
    const { newPackage: renewed } = await admin.packages.renew({ ...renewal, override: { reason: REASON } });
    expect(renewed.complianceOverride?.reason).toBe(REASON);
    const [entry] = await t.auditRows(renewed.id, 'packages.renew');
    expect((entry!.changes as Record<string, { to: unknown }>)['complianceOverride.reason']!.to).toBe(REASON);
  });

  it('refuses carrying a package over on a request renewal when its carer has lapsed, changing nothing, unless a reason is given', async () => {
    const request = await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }));
    const carer = await volunteer({ name: 'Lapsed Lena', dbsExpiry: '2026-06-30' });
    const created = await admin.packages.create(newPackage(carer.id, request.id, { startDate: '2026-01-05' }));
    t.setToday('2026-07-06');
    const renewal = { oldRequest: { id: request.id, version: request.version }, newRequest: { details: {} }, carryOverPackages: true };
    await expect(admin.requests.renew(renewal)).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'Lapsed Lena is not compliant: DBS re-check was due on 30 June 2026. Leave the packages where they are, or give a reason to carry them over anyway.',
    });
    expect(await admin.requests.getById({ id: request.id })).toMatchObject({ endDate: 'open', version: request.version });
    expect(await admin.packages.getById({ id: created.id })).toMatchObject({ endDate: created.endDate, version: created.version });

    const { newRequest: renewed, carriedPackages } = await admin.requests.renew({ ...renewal, override: { reason: REASON } });
    expect(carriedPackages).toHaveLength(1);
    const copy = await admin.packages.getById({ id: carriedPackages[0]!.id });
    expect(copy).toMatchObject({ requestId: renewed.id, carerId: carer.id, complianceOverride: { reason: REASON, by: 'admin@valecare.test' } });
    const [entry] = await t.auditRows(copy.id, 'requests.renew');
    expect((entry!.changes as Record<string, { to: unknown }>)['complianceOverride.reason']!.to).toBe(REASON);
  });
});

describe('compliance in carer lists and reads', () => {
  it('gives each row of a list and a read its compliance, with the reasons', async () => {
    const lapsed = await admin.mps.create(newCarer({ name: 'Mona Lapsed', dbsExpiry: OVERDUE, publicLiabilityExpiry: '' }));
    const row = (await admin.mps.getAllNotArchived()).find((c) => c.id === lapsed.id);
    const reasons = ['DBS re-check was due on 3 March 2026', 'No public liability on record'];
    expect(row?.compliance).toEqual({ status: 'Not compliant', reasons });
    expect((await admin.mps.getById({ id: lapsed.id })).compliance).toEqual({ status: 'Not compliant', reasons });
  });
});

describe('carers not compliant on live care', () => {
  it('lists each carer whose compliance lapsed under care not yet ended, with whose care and why, for the kinds the role reads', async () => {
    const LAPSES = '2026-04-01';
    const other = await admin.clients.create(newClient({ name: 'Ada Ashbrittle' }));
    const otherRequest = await admin.requests.create(newRequest(other.id, { startDate: '2026-01-05' }));
    const lana = await volunteer({ name: 'Lana Lapsing', dbsExpiry: LAPSES });
    const morris = await admin.mps.create(newCarer({ name: 'Morris Lapsing', dbsExpiry: LAPSES }));
    const enid = await volunteer({ name: 'Enid Ended', dbsExpiry: LAPSES });
    const cora = await volunteer({ name: 'Cora Current', dbsExpiry: COMPLIANT_UNTIL });
    const lanasEdna = await admin.packages.create(newPackage(lana.id, requestId, { startDate: '2026-03-02' }));
    const lanasAda = await admin.packages.create(newPackage(lana.id, otherRequest.id, { startDate: '2026-03-02' }));
    const morrisEdna = await admin.packages.create(newPackage(morris.id, requestId, { startDate: '2026-03-02' }));
    await admin.packages.create(newPackage(enid.id, requestId, { startDate: '2026-03-02', endDate: '2026-03-31' }));
    await admin.packages.create(newPackage(cora.id, requestId, { startDate: '2026-03-02' }));
    const ours = new Set([lana.id, morris.id, enid.id, cora.id]);
    const listed = async (role: 'Admin' | 'Finance') => (await t.caller(role).packages.notCompliantOnLiveCare()).filter((c) => ours.has(c.carerId));

    expect(await listed('Admin')).toEqual([]);
    t.setToday('2026-04-10');
    expect(await listed('Admin')).toEqual([
      {
        carerId: lana.id,
        name: 'Lana Lapsing',
        kind: 'volunteer',
        reasons: ['DBS re-check was due on 1 April 2026'],
        care: [
          { packageId: lanasAda.id, clientId: other.id, clientName: 'Ada Ashbrittle' },
          { packageId: lanasEdna.id, clientId, clientName: 'Edna Pollard' },
        ],
      },
      { carerId: morris.id, name: 'Morris Lapsing', kind: 'mp', reasons: ['DBS re-check was due on 1 April 2026'], care: [{ packageId: morrisEdna.id, clientId, clientName: 'Edna Pollard' }] },
    ]);
    // Finance reads volunteers, not MPs.
    expect((await listed('Finance')).map((c) => c.name)).toEqual(['Lana Lapsing']);
  });
});

describe('suggesting carers for a request', () => {
  it('ranks the ideal carer first and the full, lapsed and excluded ones last, each with its reasons', async () => {
    const client = await admin.clients.create(newClient({ name: 'Ada Milverton' }));
    const request = await admin.requests.create({
      ...newRequest(client.id, { startDate: '2026-01-05', weeklyHours: 6 }),
      details: { weeklyHours: 6, services: ['Domestic', 'Meal Prep'], address: { locality: 'Milverton', postCode: 'TA4 1JX' } },
    });
    const carer = (name: string, locality: Locality, services: Service[], weeklyHoursAvailable: number | null, dbsExpiry = COMPLIANT_UNTIL): CarerInput => ({
      ...newCarer({ name, dbsExpiry }),
      details: { name, address: { locality, postCode: 'TA4 1AA' }, services, weeklyHoursAvailable },
    });
    const ideal = await admin.volunteers.create(carer('Ivy Ideal', 'Milverton', ['Domestic', 'Meal Prep'], 10));
    const neighbour = await admin.volunteers.create(carer('Nell Nearby', 'Wiveliscombe', ['Domestic', 'Meal Prep'], 10));
    const far = await admin.volunteers.create(carer('Fay Faraway', 'Clatworthy', ['Domestic', 'Meal Prep'], 10));
    const full = await admin.volunteers.create(carer('Fred Full', 'Milverton', ['Domestic', 'Meal Prep'], 6));
    const lapsed = await admin.volunteers.create(carer('Larry Lapsed', 'Milverton', ['Domestic', 'Meal Prep'], 10, OVERDUE));
    const excluded = await admin.volunteers.create(carer('Ezra Excluded', 'Milverton', ['Domestic'], 10));
    await admin.clients.addExclusion({ clientId: client.id, carerId: excluded.id, reason: 'Former neighbour' });
    // Another request's care: Ivy gives 2 of her 10 hours, Fred all 6 of his.
    await admin.packages.create(newPackage(ideal.id, requestId, { startDate: '2026-01-05', weeklyHours: 2 }));
    await admin.packages.create(newPackage(full.id, requestId, { startDate: '2026-01-05', weeklyHours: 6 }));
    // An ended package does not count.
    await admin.packages.create(newPackage(neighbour.id, requestId, { startDate: '2025-01-06', endDate: '2025-12-31', weeklyHours: 8 }));
    const archived = await admin.volunteers.create(carer('Archie Archived', 'Milverton', ['Domestic', 'Meal Prep'], 10));
    await admin.volunteers.toggleArchive({ id: archived.id, version: archived.version });

    const ours = [ideal, neighbour, far, full, lapsed, excluded].map((c) => c.id);
    const suggestions = (await admin.carers.suggestForRequest({ requestId: request.id })).filter((s) => ours.includes(s.carerId));
    expect(suggestions.map((s) => s.name)).toEqual(['Ivy Ideal', 'Nell Nearby', 'Fay Faraway', 'Fred Full', 'Larry Lapsed', 'Ezra Excluded']);
    expect(suggestions[0]).toEqual({
      carerId: ideal.id,
      name: 'Ivy Ideal',
      kind: 'volunteer',
      compliance: { status: 'Compliant', reasons: [] },
      reasons: ['Compliant', 'Lives in Milverton, same locality', 'Offers Domestic and Meal Prep', '8 of 10 weekly hours free'],
      spareHours: 8,
      excluded: null,
      travel: null,
    });
    const reasonsOf = (name: string) => suggestions.find((s) => s.name === name)!.reasons;
    expect(reasonsOf('Nell Nearby')).toContain('Lives in Wiveliscombe, next to Milverton');
    expect(reasonsOf('Nell Nearby')).toContain('10 of 10 weekly hours free');
    expect(reasonsOf('Fay Faraway')).toContain('Lives in Clatworthy, not near Milverton');
    expect(reasonsOf('Fred Full')).toContain('Full: 0 of 6 hours free');
    expect(reasonsOf('Larry Lapsed')).toEqual(expect.arrayContaining(['Not compliant', 'DBS re-check was due on 3 March 2026']));
    expect(reasonsOf('Ezra Excluded')).toEqual(expect.arrayContaining(['Not to be matched with this client: Former neighbour', 'Offers Domestic, not Meal Prep']));
    expect((await admin.carers.suggestForRequest({ requestId: request.id })).map((s) => s.carerId)).not.toContain(archived.id);
  });

  it('puts the care needed first: the services asked for, then room for the hours, then locality', async () => {
    const client = await admin.clients.create(newClient({ name: 'Pru Milverton' }));
    const request = await admin.requests.create({
      ...newRequest(client.id, { startDate: '2026-01-05', weeklyHours: 6 }),
      details: { weeklyHours: 6, services: ['Personal Care'], address: { locality: 'Milverton', postCode: 'TA4 1JX' } },
    });
    const carer = (name: string, locality: Locality, services: Service[], weeklyHoursAvailable: number | null): CarerInput => ({
      ...newCarer({ name, dbsExpiry: COMPLIANT_UNTIL }),
      details: { name, address: { locality, postCode: 'TA4 1AA' }, services, weeklyHoursAvailable },
    });
    const made = await Promise.all([
      admin.volunteers.create(carer('Nora Nonesuch', 'Milverton', ['Domestic'], 20)),
      admin.volunteers.create(carer('Sam Shortly', 'Milverton', ['Personal Care'], 3)),
      admin.volunteers.create(carer('Una Unrecorded', 'Clatworthy', ['Personal Care'], null)),
      admin.volunteers.create(carer('Pat Personally', 'Wiveliscombe', ['Personal Care'], 12)),
    ]);
    const ours = made.map((c) => c.id);
    const suggestions = (await admin.carers.suggestForRequest({ requestId: request.id })).filter((s) => ours.includes(s.carerId));
    expect(suggestions.map((s) => s.name)).toEqual(['Pat Personally', 'Una Unrecorded', 'Sam Shortly', 'Nora Nonesuch']);
    expect(suggestions[2]!.reasons).toContain('3 of 3 weekly hours free, fewer than the 6 asked');
    expect(suggestions[3]!.reasons).toContain('Offers none of Personal Care');
  });

  it('lists only the kinds of carer the role reads', async () => {
    const mp = await admin.mps.create(newCarer({ name: 'Molly Provider' }));
    const finance = await t.caller('Finance').carers.suggestForRequest({ requestId });
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((s) => s.kind === 'volunteer')).toBe(true);
    expect((await admin.carers.suggestForRequest({ requestId })).map((s) => s.carerId)).toContain(mp.id);
    await expect(t.caller('Finance').packages.checkAssignment({ carerId: mp.id, requestId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('do-not-match exclusions', () => {
  it('are added, changed, listed from both sides, shown only where the role reads the carer, and removed', async () => {
    const client = await admin.clients.create(newClient({ name: 'Olive Excluder' }));
    const mp = await admin.mps.create(newCarer({ name: 'Max Excluded' }));
    const vol = await volunteer({ name: 'Vic Excluded' });
    await admin.clients.addExclusion({ clientId: client.id, carerId: mp.id, reason: 'Argued at MAG' });
    const list = await admin.clients.addExclusion({ clientId: client.id, carerId: vol.id, reason: 'Former neighbour' });
    expect(list.map((e) => [e.carerName, e.reason])).toEqual([
      ['Max Excluded', 'Argued at MAG'],
      ['Vic Excluded', 'Former neighbour'],
    ]);
    await admin.clients.addExclusion({ clientId: client.id, carerId: mp.id, reason: 'Asked not to see him again' });
    expect((await admin.clients.getById({ id: client.id })).exclusions.map((e) => e.reason)).toEqual(['Asked not to see him again', 'Former neighbour']);
    expect((await admin.mps.getById({ id: mp.id })).exclusions).toMatchObject([{ clientId: client.id, clientName: 'Olive Excluder', createdBy: 'admin@valecare.test' }]);
    expect((await t.caller('Finance').clients.getById({ id: client.id })).exclusions.map((e) => e.carerName)).toEqual(['Vic Excluded']);

    const remaining = await admin.clients.removeExclusion({ clientId: client.id, carerId: mp.id });
    expect(remaining.map((e) => e.carerId)).toEqual([vol.id]);
    await expect(admin.clients.removeExclusion({ clientId: client.id, carerId: mp.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin.clients.addExclusion({ clientId: client.id, carerId: 'mnobody', reason: 'x' })).rejects.toThrow('Carer not found');
    await expect(admin.clients.addExclusion({ clientId: client.id, carerId: mp.id, reason: '  ' })).rejects.toThrow('Give a reason');
    const [added] = await t.auditRows(client.id, 'clients.removeExclusion');
    expect(added!.changes).toEqual({ [`exclusions.${mp.id}`]: { from: 'Asked not to see him again', to: null } });
  });
});

describe('DBS details and the re-check policy', () => {
  const withDbs = (dbs: CarerInput['dbs'], dbsExpiry = '') => ({ ...newCarer({ dbsExpiry }), dbs });

  it('counts the re-check from the issue date, or from the last Update Service check when subscribed', async () => {
    const issued = await admin.volunteers.create(withDbs({ issueDate: '2024-05-01', level: 'enhanced-barred', certificateNumber: '0012 3456 7890' }));
    expect(issued).toMatchObject({
      dbsExpiry: '2027-05-01',
      dbs: { issueDate: '2024-05-01', level: 'enhanced-barred', certificateNumber: '••••••••7890', updateService: false, expiryEnteredByHand: false },
    });
    const subscribed = await admin.volunteers.create(withDbs({ issueDate: '2020-02-01', updateService: true, updateServiceCheckedOn: '2026-01-15' }));
    expect(subscribed.dbsExpiry).toBe('2029-01-15');
  });

  it('keeps a date entered by hand, and the dates of callers who send only a date', async () => {
    const byHand = await admin.volunteers.create(withDbs({ issueDate: '2024-05-01', expiryEnteredByHand: true }, '2026-12-01'));
    expect(byHand).toMatchObject({ dbsExpiry: '2026-12-01', dbs: { expiryEnteredByHand: true } });
    const legacy = await admin.volunteers.create(newCarer({ dbsExpiry: '2027-03-01' }));
    expect(legacy).toMatchObject({ dbsExpiry: '2027-03-01', dbs: { expiryEnteredByHand: true, issueDate: '' } });
  });

  it('keeps the stored details for a caller that sends only the date, taking a date it changes as entered by hand', async () => {
    const created = await admin.volunteers.create(withDbs({ issueDate: '2024-05-01', certificateNumber: '001234560001' }));
    const { id, version, archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details } = created;
    const kept = await admin.volunteers.update({ id, version, archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details });
    expect(kept).toMatchObject({ dbsExpiry: '2027-05-01', dbs: { issueDate: '2024-05-01', certificateNumber: '••••••••0001', expiryEnteredByHand: false } });
    const typed = await admin.volunteers.update({ id, version: kept.version, archived, dateOfBirth, dbsExpiry: '2026-11-30', publicLiabilityExpiry, details });
    expect(typed).toMatchObject({ dbsExpiry: '2026-11-30', dbs: { issueDate: '2024-05-01', expiryEnteredByHand: true } });
  });

  it('moves the dates that follow the policy when an Admin changes it, and leaves those entered by hand', async () => {
    const policy = await admin.volunteers.create(withDbs({ issueDate: '2024-05-01' }));
    const byHand = await admin.volunteers.create(newCarer({ dbsExpiry: '2027-03-01' }));
    await admin.compliance.updateSettings({ ...DEFAULT_COMPLIANCE_SETTINGS, dbsRecheckYears: 2 });
    expect((await admin.volunteers.getById({ id: policy.id })).dbsExpiry).toBe('2026-05-01');
    expect((await admin.volunteers.getById({ id: byHand.id })).dbsExpiry).toBe('2027-03-01');
    expect(await admin.compliance.getSettings()).toMatchObject({ dbsRecheckYears: 2 });
    await expect(t.caller('Coordinator').compliance.updateSettings(DEFAULT_COMPLIANCE_SETTINGS)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('never answers the certificate number in full, keeps it when the masked one is sent back, and leaves it out of the audit trail', async () => {
    const created = await admin.volunteers.create(withDbs({ issueDate: '2024-05-01', certificateNumber: '001234567890' }));
    const read = await admin.volunteers.getById({ id: created.id });
    const { id, version, archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details } = read;
    const updated = await admin.volunteers.update({ id, version, archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details: { ...details, capacity: 'Full Time' } });
    expect(updated.dbs.certificateNumber).toBe('••••••••7890');
    const [stored] = await t.database.db.select({ number: carers.dbsCertificateNumber }).from(carers).where(eq(carers.id, created.id));
    expect(stored!.number).toBe('001234567890');
    const trail = JSON.stringify(await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, created.id)));
    expect(trail).not.toContain('001234567890');
    await expect(admin.volunteers.update({ ...updated, dbs: { ...dbs, certificateNumber: '1234' } })).rejects.toThrow('A DBS certificate number is 12 digits');
  });
});
