import { beforeAll, describe, expect, it } from 'vitest';
import type { TrainingRecordInput } from '@/shared/schemas/compliance';
import { trainingRecords } from '@/server/db/schema/training';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { addTwoCarers, newCarer, newClient } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t, admin } = testAppForFile();
let mpId: string;
let volunteerId: string;
beforeAll(async () => {
  ({ mpId, volunteerId } = await addTwoCarers(admin));
});

function newRecord(ownerId: string, overrides: Partial<TrainingRecordInput> = {}): TrainingRecordInput {
  return { ownerId, expiryDate: '2026-09-30', details: { name: '', recordName: 'First Aid' }, ...overrides };
}

/** The update payload for a stored record: exactly the fields update takes. */
type StoredRecord = Awaited<ReturnType<typeof admin.trainingRecords.create>>;
function editable({ id, ownerId, version, archived, expiryDate, details }: StoredRecord) {
  return { id, ownerId, version, archived, expiryDate, details };
}

const auditRows = (recordId: string) => t.auditRows(recordId);

async function recordCount() {
  return (await t.database.db.select().from(trainingRecords)).length;
}

describe('trainingRecords.create', () => {
  it('copies the owner name, ignoring a name sent, and applies the defaults', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId, { details: { name: 'Someone Else', recordName: 'GDPR' } }));
    expect(record.id).toMatch(/^t[a-z0-9]{15}$/);
    expect(record).toMatchObject({ ownerId: mpId, archived: 'N', version: 1, expiryDate: '2026-09-30' });
    expect(record.details).toEqual({ name: 'Mary Provider', recordName: 'GDPR', notes: '' });

    const forVolunteer = await admin.trainingRecords.create(newRecord(volunteerId, { details: { recordName: 'Manual Handling', notes: 'Refresher' } }));
    expect(forVolunteer.details).toEqual({ name: 'Val Unteer', recordName: 'Manual Handling', notes: 'Refresher' });
  });

  it('refuses an owner that is not an MP or volunteer, or does not exist, and writes nothing', async () => {
    const client = await admin.clients.create(newClient());
    const before = await recordCount();
    await expect(admin.trainingRecords.create(newRecord(client.id))).rejects.toThrow('ownerId: Not a MP or volunteer id');
    await expect(admin.trainingRecords.create(newRecord('mnobody'))).rejects.toThrow('MP or volunteer not found');
    await expect(admin.trainingRecords.create(newRecord('vnobody'))).rejects.toThrow('MP or volunteer not found');
    expect(await recordCount()).toBe(before);
  });

  it('requires a known training type and an expiry date, with clear messages', async () => {
    const good = newRecord(mpId);
    await expect(admin.trainingRecords.create({ ...good, details: { recordName: 'Juggling' as never } })).rejects.toThrow(
      /details\.recordName: "Juggling" is not one of .*GDPR/,
    );
    await expect(admin.trainingRecords.create({ ...good, expiryDate: undefined as never })).rejects.toThrow('expiryDate: Expiry date is required');
    await expect(admin.trainingRecords.create({ ...good, expiryDate: ' ' })).rejects.toThrow('expiryDate: Expiry date is required');
    await expect(admin.trainingRecords.create({ ...good, expiryDate: '2026-02-30' })).rejects.toThrow(
      'expiryDate: Enter a date as YYYY-MM-DD',
    );
    await expect(admin.trainingRecords.create({ ...good, extra: 1 } as never)).rejects.toThrow(/extra/);
    await expect(admin.trainingRecords.create({ ...good, details: { recordName: 'GDPR', typo: 1 } as never })).rejects.toThrow(/typo/);
  });

  it('writes one audit row in the same transaction', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId));
    const rows = await auditRows(record.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ procedure: 'trainingRecords.create', actorEmail: 'admin@valecare.test', actorRole: 'Admin' });
    expect(rows[0]!.changes).toMatchObject({ 'details.name': { from: null, to: 'Mary Provider' }, ownerId: { from: null, to: mpId } });
  });
});

describe('a record belongs to its owner', () => {
  it('is reached only through its own owner', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId));
    expect(await admin.trainingRecords.getById({ ownerId: mpId, id: record.id })).toEqual(record);

    const elsewhere = { ownerId: volunteerId, id: record.id };
    await expect(admin.trainingRecords.getById(elsewhere)).rejects.toThrow('Training record not found');
    await expect(admin.trainingRecords.update({ ...editable(record), ...elsewhere })).rejects.toThrow('Training record not found');
    await expect(admin.trainingRecords.delete(elsewhere)).rejects.toThrow('Training record not found');
    expect(await admin.trainingRecords.getById({ ownerId: mpId, id: record.id })).toEqual(record);
  });

  it('refuses ids of the wrong kind', async () => {
    await expect(admin.trainingRecords.getById({ ownerId: mpId, id: 'gnotarecord' })).rejects.toThrow('id: Not a training record id');
    await expect(admin.trainingRecords.getById({ ownerId: 'cclient', id: 'tany' })).rejects.toThrow('ownerId: Not a MP or volunteer id');
  });

  it('carries the owner name through renames', async () => {
    const mp = await admin.mps.create(newCarer({ name: 'Old Name' }));
    const record = await admin.trainingRecords.create(newRecord(mp.id));
    await admin.mps.updateName({ mpId: mp.id, newName: 'New Name' });
    expect((await admin.trainingRecords.getById({ ownerId: mp.id, id: record.id })).details.name).toBe('New Name');

    const updated = await admin.trainingRecords.update({ ...editable(record), details: { ...record.details, notes: 'Renewed' } });
    expect(updated.details).toMatchObject({ name: 'New Name', notes: 'Renewed' });
  });
});

describe('trainingRecords.update and delete', () => {
  it('updates type, expiry, notes and archived, keeps the owner name, and audits the change', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId));
    const updated = await admin.trainingRecords.update({
      ...editable(record),
      archived: 'Y',
      expiryDate: '2027-01-31',
      details: { name: 'Typed Over', recordName: 'Professional Boundaries', notes: 'Online course' },
    });
    expect(updated).toMatchObject({ id: record.id, version: 2, archived: 'Y', expiryDate: '2027-01-31' });
    expect(updated.details).toEqual({ name: 'Mary Provider', recordName: 'Professional Boundaries', notes: 'Online course' });

    const [, audit] = await auditRows(record.id);
    expect(audit).toMatchObject({ procedure: 'trainingRecords.update' });
    expect(audit!.changes).toEqual({
      version: { from: 1, to: 2 },
      archived: { from: 'N', to: 'Y' },
      expiryDate: { from: '2026-09-30', to: '2027-01-31' },
      'details.recordName': { from: 'First Aid', to: 'Professional Boundaries' },
      'details.notes': { from: '', to: 'Online course' },
    });
  });

  it('refuses a change or deletion made against a stale version', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId));
    await admin.trainingRecords.update({ ...editable(record), details: { recordName: 'GDPR' } });
    await expect(admin.trainingRecords.update(editable(record))).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.trainingRecords.delete({ ownerId: mpId, id: record.id, version: 1 })).rejects.toThrow(STALE_MESSAGE);
    expect((await admin.trainingRecords.getById({ ownerId: mpId, id: record.id })).details.recordName).toBe('GDPR');
  });

  it('deletes a record and audits what it was', async () => {
    const record = await admin.trainingRecords.create(newRecord(volunteerId));
    expect(await admin.trainingRecords.delete({ ownerId: volunteerId, id: record.id, version: 1 })).toEqual({ id: record.id });
    await expect(admin.trainingRecords.getById({ ownerId: volunteerId, id: record.id })).rejects.toThrow('Training record not found');
    const [, audit] = await auditRows(record.id);
    expect(audit).toMatchObject({ procedure: 'trainingRecords.delete', changes: { 'details.recordName': { from: 'First Aid', to: null } } });
  });
});

describe('lists', () => {
  it('getAll lists every record newest first; getAllNotArchived leaves archived ones out', async () => {
    const older = await admin.trainingRecords.create(newRecord(mpId));
    const archived = await admin.trainingRecords.create(newRecord(volunteerId, { archived: 'Y' }));
    const all = (await admin.trainingRecords.getAll()).map((r) => r.id);
    expect(all.indexOf(archived.id)).toBeLessThan(all.indexOf(older.id));
    expect(all).toContain(archived.id);
    const current = (await admin.trainingRecords.getAllNotArchived()).map((r) => r.id);
    expect(current).toContain(older.id);
    expect(current).not.toContain(archived.id);
  });

  it('getByExpiringBefore includes the day itself, leaves out archived and undated records, soonest first', async () => {
    // Far in the past, so records made by the other tests cannot fall in range.
    const create = (expiryDate: string, archived: 'Y' | 'N' = 'N') =>
      admin.trainingRecords.create(newRecord(mpId, { expiryDate, archived })).then((r) => r.id);
    const dayAfter = await create('2001-06-02');
    const dayItself = await create('2001-06-01');
    const dayBefore = await create('2001-05-31');
    const earlier = await create('2001-01-15');
    await create('2001-01-01', 'Y');
    await t.database.db.insert(trainingRecords).values({ id: 'tundated', ownerId: mpId, name: 'Mary Provider', recordName: 'Other' });

    const expiringBy = async (date: string) => (await admin.trainingRecords.getByExpiringBefore({ date })).map((r) => r.id);
    expect(await expiringBy('2001-05-31')).toEqual([earlier, dayBefore]);
    expect(await expiringBy('2001-06-01')).toEqual([earlier, dayBefore, dayItself]);
    expect(await expiringBy('2001-06-02')).toEqual([earlier, dayBefore, dayItself, dayAfter]);
    expect(await expiringBy('2000-12-31')).toEqual([]);
    expect((await admin.trainingRecords.getAll()).find((r) => r.id === 'tundated')?.expiryDate).toBe('');
    expect(await expiringBy('2999-12-31')).not.toContain('tundated');
  });

  it('getByExpiringBefore needs a date', async () => {
    await expect(admin.trainingRecords.getByExpiringBefore({ date: 'soon' })).rejects.toThrow('date: Enter a date as YYYY-MM-DD');
    await expect(admin.trainingRecords.getByExpiringBefore({} as never)).rejects.toThrow('date: Date is required');
  });
});

describe('permissions', () => {
  it('lets Coordinators and Trustees read but not change training records', async () => {
    const record = await admin.trainingRecords.create(newRecord(mpId));
    for (const role of ['Coordinator', 'Trustee'] as const) {
      const caller = t.caller(role);
      expect((await caller.trainingRecords.getAll()).map((r) => r.id)).toContain(record.id);
      await expect(caller.trainingRecords.create(newRecord(mpId))).rejects.toThrow(/may not create trainingRecords/);
      await expect(caller.trainingRecords.update(editable(record))).rejects.toThrow(/may not update trainingRecords/);
      await expect(caller.trainingRecords.delete({ ownerId: mpId, id: record.id })).rejects.toThrow(/may not delete trainingRecords/);
    }
  });

  it('keeps Finance out entirely', async () => {
    const finance = t.caller('Finance');
    await expect(finance.trainingRecords.getAll()).rejects.toThrow(/may not read trainingRecords/);
    await expect(finance.trainingRecords.getByExpiringBefore({ date: '2030-01-01' })).rejects.toThrow(/may not read trainingRecords/);
  });

  it('gives the Test role everything', async () => {
    const tester = t.caller('Test');
    const record = await tester.trainingRecords.create(newRecord(volunteerId));
    await tester.trainingRecords.update(editable(record));
    await tester.trainingRecords.delete({ ownerId: volunteerId, id: record.id });
  });
});
