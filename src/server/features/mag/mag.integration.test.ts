import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { magTotalAttendees } from '@/shared/mag';
import type { MagLogInput } from '@/shared/schemas/compliance';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { STALE_MESSAGE } from '@/server/records/record-errors';
import { addTwoCarers, newCarer, newClient } from '@/server/test/builders';
import { testAppForFile } from '@/server/test/test-app-for-file';

const { t, admin } = testAppForFile();
let clientId: string;
let mpId: string;
let volunteerId: string;
beforeAll(async () => {
  clientId = (await admin.clients.create(newClient({ name: 'Edna Pollard', postCode: 'ta4 2ab' }))).id;
  ({ mpId, volunteerId } = await addTwoCarers(admin));
});

/** A session whose head counts include the people it lists by name (3 clients unless more are listed). */
function newSession(overrides: Partial<MagLogInput> = {}): MagLogInput {
  const { clients = [], mps = [], volunteers = [] } = overrides;
  const details = { totalClients: Math.max(3, clients.length), totalMps: mps.length, totalVolunteers: new Set(volunteers.map((v) => v.id)).size };
  return { date: '2025-03-04', details, ...overrides };
}

/** The update payload for a stored log: exactly the fields update takes. */
type StoredLog = Awaited<ReturnType<typeof admin.mag.create>>;
function editable({ id, version, date, archived, clients, mps, volunteers, details }: StoredLog) {
  return { id, version, date, archived, clients, mps, volunteers, details };
}

const auditRows = (recordId: string) => t.auditRows(recordId);

async function logCount() {
  return (await t.database.db.select().from(magLogs)).length;
}

describe('mag.create', () => {
  it('copies names, archived flags and client addresses from the records, never from the input', async () => {
    const log = await admin.mag.create(
      newSession({
        clients: [{ id: clientId, name: 'Made Up', archived: 'Y', address: { postCode: 'X' } } as never],
        mps: [{ id: mpId }],
        volunteers: [{ id: volunteerId }, { id: volunteerId }],
        details: { totalClients: 1, totalFamily: 2, totalMps: 1, totalVolunteers: 1, notes: 'Cream tea' },
      }),
    );
    expect(log.id).toMatch(/^g[a-z0-9]{15}$/);
    expect(log).toMatchObject({ date: '2025-03-04', archived: 'N', version: 1 });
    expect(log.clients).toEqual([
      {
        id: clientId,
        name: 'Edna Pollard',
        archived: 'N',
        address: {
          streetAddress: '',
          locality: 'Wiveliscombe',
          county: 'Somerset',
          postCode: 'TA4 2AB',
          deprivation: { income: false, health: false },
        },
      },
    ]);
    expect(log.mps).toEqual([{ id: mpId, name: 'Mary Provider', archived: 'N' }]);
    expect(log.volunteers).toEqual([{ id: volunteerId, name: 'Val Unteer', archived: 'N' }]);
    expect(log.details).toEqual({ totalClients: 1, totalFamily: 2, totalVolunteers: 1, totalMps: 1, otherAttendees: 0, notes: 'Cream tea' });
    expect(await admin.mag.getById({ id: log.id })).toEqual(log);
  });

  it('copies an archived attendee with their archived flag', async () => {
    const retired = await admin.volunteers.create(newCarer({ name: 'Retired Rita' }));
    await admin.volunteers.toggleArchive({ id: retired.id });
    const log = await admin.mag.create(newSession({ volunteers: [{ id: retired.id }] }));
    expect(log.volunteers).toEqual([{ id: retired.id, name: 'Retired Rita', archived: 'Y' }]);
  });

  it('refuses unknown people and people in the wrong list, and writes nothing', async () => {
    const before = await logCount();
    await expect(admin.mag.create(newSession({ clients: [{ id: 'cnobody' }] }))).rejects.toThrow('Client cnobody not found');
    await expect(admin.mag.create(newSession({ mps: [{ id: mpId }, { id: 'mnobody' }] }))).rejects.toThrow('MP mnobody not found');
    await expect(admin.mag.create(newSession({ volunteers: [{ id: 'vnobody' }] }))).rejects.toThrow('Volunteer vnobody not found');
    await expect(admin.mag.create(newSession({ volunteers: [{ id: mpId }] }))).rejects.toThrow('volunteers.0.id: Not a volunteer id');
    await expect(admin.mag.create(newSession({ clients: [{ id: volunteerId }] }))).rejects.toThrow('clients.0.id: Not a client id');
    expect(await logCount()).toBe(before);
  });

  it('requires a date and total clients, and whole numbers of at least 0', async () => {
    const good = newSession();
    await expect(admin.mag.create({ ...good, date: undefined as never })).rejects.toThrow('date: Date is required');
    await expect(admin.mag.create({ ...good, date: '' })).rejects.toThrow('date: Date is required');
    await expect(admin.mag.create({ ...good, date: '2025-02-29' })).rejects.toThrow('date: Enter a date as YYYY-MM-DD');
    await expect(admin.mag.create({ ...good, details: {} as never })).rejects.toThrow('details.totalClients: Total clients is required');
    await expect(admin.mag.create({ ...good, details: { totalClients: 2, totalFamily: -1 } })).rejects.toThrow(
      'details.totalFamily: Total family cannot be negative',
    );
    await expect(admin.mag.create({ ...good, details: { totalClients: 1.5 } })).rejects.toThrow(
      'details.totalClients: Enter a whole number',
    );
    await expect(admin.mag.create({ ...good, details: { totalClients: '3' as never } })).rejects.toThrow(
      'details.totalClients: Enter a whole number',
    );
    await expect(admin.mag.create({ ...good, details: { totalClients: 1, totalFamly: 2 } as never })).rejects.toThrow(/totalFamly/);
    await expect(admin.mag.create({ ...good, extra: 1 } as never)).rejects.toThrow(/extra/);
  });

  it('refuses head counts below the people chosen by name, on create and update, and writes nothing', async () => {
    const other = await admin.clients.create(newClient({ name: 'Olive Other' }));
    const before = await logCount();
    const chosen = { clients: [{ id: clientId }, { id: other.id }], mps: [{ id: mpId }], volunteers: [{ id: volunteerId }] };
    await expect(admin.mag.create({ date: '2025-03-04', ...chosen, details: { totalClients: 1, totalMps: 1, totalVolunteers: 1 } })).rejects.toThrow(
      'details.totalClients: Total clients cannot be less than the clients chosen (2)',
    );
    await expect(admin.mag.create({ date: '2025-03-04', ...chosen, details: { totalClients: 2, totalVolunteers: 1 } })).rejects.toThrow(
      'details.totalMps: Total MPs cannot be less than the MPs chosen (1)',
    );
    await expect(admin.mag.create({ date: '2025-03-04', ...chosen, details: { totalClients: 2, totalMps: 1 } })).rejects.toThrow(
      'details.totalVolunteers: Total volunteers cannot be less than the volunteers chosen (1)',
    );
    await expect(admin.mag.create({ date: '2025-03-04', details: { totalClients: 0, otherAttendees: -1 } })).rejects.toThrow(
      'details.otherAttendees: Other attendees cannot be negative',
    );
    expect(await logCount()).toBe(before);

    // The same person twice counts once; more than those chosen is fine (people counted without a name).
    const log = await admin.mag.create({
      date: '2025-03-04',
      clients: [{ id: clientId }, { id: clientId }],
      details: { totalClients: 1, totalFamily: 0 },
    });
    await expect(admin.mag.update({ ...editable(log), ...chosen, details: { ...log.details, totalClients: 5 } })).rejects.toThrow(
      'details.totalMps: Total MPs cannot be less than the MPs chosen (1)',
    );
    expect(await admin.mag.getById({ id: log.id })).toEqual(log);
  });

  it('writes one audit row in the same transaction', async () => {
    const log = await admin.mag.create(newSession({ clients: [{ id: clientId }] }));
    const rows = await auditRows(log.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ procedure: 'mag.create', actorEmail: 'admin@valecare.test', actorRole: 'Admin' });
    expect(rows[0]!.changes).toMatchObject({ date: { from: null, to: '2025-03-04' }, 'details.totalClients': { from: null, to: 3 } });
  });
});

describe('attendee copies', () => {
  it('keep the name a client had when the log was saved, and the client shows the log', async () => {
    const client = await admin.clients.create(newClient({ name: 'Before Rename' }));
    const log = await admin.mag.create(newSession({ date: '2024-11-05', clients: [{ id: client.id }] }));
    await admin.clients.updateName({ clientId: client.id, newName: 'After Rename' });

    expect((await admin.mag.getById({ id: log.id })).clients.map((c) => c.name)).toEqual(['Before Rename']);
    const seen = await admin.clients.getById({ id: client.id });
    expect(seen.details.name).toBe('After Rename');
    expect(seen.magLogs.map((l) => [l.id, l.date, l.clients[0]?.name])).toEqual([[log.id, '2024-11-05', 'Before Rename']]);
  });

  it('are kept on update for people already on the log, even renamed or deleted; people added are copied afresh', async () => {
    const helper = await admin.volunteers.create(newCarer({ name: 'Helen Helper' }));
    const newcomer = await admin.volunteers.create(newCarer({ name: 'Nina Newcomer' }));
    const log = await admin.mag.create(newSession({ clients: [{ id: clientId }], volunteers: [{ id: helper.id }] }));
    await admin.volunteers.updateName({ volunteerId: helper.id, newName: 'Helen Renamed' });
    await admin.volunteers.delete({ id: helper.id });

    const updated = await admin.mag.update({
      ...editable(log),
      clients: [],
      volunteers: [{ id: helper.id }, { id: newcomer.id }],
      details: { ...log.details, totalVolunteers: 2 },
    });
    expect(updated.clients).toEqual([]);
    expect(updated.volunteers).toEqual([
      { id: helper.id, name: 'Helen Helper', archived: 'N' },
      { id: newcomer.id, name: 'Nina Newcomer', archived: 'N' },
    ]);
    expect(await admin.mag.getById({ id: log.id })).toEqual(updated);
  });
});

describe('mag.update and delete', () => {
  it('updates the date, counts and notes, and audits the change', async () => {
    const log = await admin.mag.create(newSession());
    const updated = await admin.mag.update({
      ...editable(log),
      date: '2025-03-11',
      details: { ...log.details, totalFamily: 4, otherAttendees: 1, notes: 'Quiz' },
    });
    expect(updated).toMatchObject({ id: log.id, version: 2, date: '2025-03-11' });
    expect(updated.details).toMatchObject({ totalClients: 3, totalFamily: 4, otherAttendees: 1, notes: 'Quiz' });
    const [, audit] = await auditRows(log.id);
    expect(audit).toMatchObject({ procedure: 'mag.update' });
    expect(audit!.changes).toEqual({
      version: { from: 1, to: 2 },
      date: { from: '2025-03-04', to: '2025-03-11' },
      'details.totalFamily': { from: 0, to: 4 },
      'details.otherAttendees': { from: 0, to: 1 },
      'details.notes': { from: '', to: 'Quiz' },
    });
  });

  it('refuses an update with an unknown new attendee, changing nothing', async () => {
    const log = await admin.mag.create(newSession({ mps: [{ id: mpId }] }));
    await expect(admin.mag.update({ ...editable(log), mps: [{ id: mpId }, { id: 'mghost' }], details: { totalClients: 9, totalMps: 2 } })).rejects.toThrow(
      'MP mghost not found',
    );
    expect(await admin.mag.getById({ id: log.id })).toEqual(log);
  });

  it('refuses a change or deletion made against a stale version', async () => {
    const log = await admin.mag.create(newSession());
    await admin.mag.update({ ...editable(log), details: { totalClients: 5 } });
    await expect(admin.mag.update(editable(log))).rejects.toThrow(STALE_MESSAGE);
    await expect(admin.mag.delete({ id: log.id, version: 1 })).rejects.toThrow(STALE_MESSAGE);
    expect((await admin.mag.getById({ id: log.id })).details.totalClients).toBe(5);
  });

  it('deletes a log with its attendance, leaving the people, and audits it', async () => {
    const client = await admin.clients.create(newClient({ name: 'Dot Delete' }));
    const log = await admin.mag.create(newSession({ clients: [{ id: client.id }] }));
    expect(await admin.mag.delete({ id: log.id, version: 1 })).toEqual({ id: log.id });
    await expect(admin.mag.getById({ id: log.id })).rejects.toThrow('MAG log not found');
    expect(await t.database.db.select().from(magAttendees).where(eq(magAttendees.magLogId, log.id))).toEqual([]);
    expect((await admin.clients.getById({ id: client.id })).magLogs).toEqual([]);
    const [, audit] = await auditRows(log.id);
    expect(audit).toMatchObject({ procedure: 'mag.delete', changes: { date: { from: '2025-03-04', to: null } } });
  });

  it('answers NOT_FOUND for an unknown log and refuses other ids', async () => {
    await expect(admin.mag.getById({ id: 'gnothing' })).rejects.toThrow('MAG log not found');
    await expect(admin.mag.delete({ id: 'gnothing' })).rejects.toThrow('MAG log not found');
    await expect(admin.mag.getById({ id: clientId })).rejects.toThrow('id: Not a MAG log id');
  });
});

describe('mag.getAll', () => {
  it('lists the newest session first, with totals by the shared rule', async () => {
    const autumn = await admin.mag.create(newSession({ date: '2023-10-03' }));
    const spring = await admin.mag.create(
      newSession({ date: '2023-04-04', details: { totalClients: 6, totalFamily: 2, totalVolunteers: 3, totalMps: 1, otherAttendees: 2 } }),
    );
    const summer = await admin.mag.create(newSession({ date: '2023-07-04' }));
    const logs = await admin.mag.getAll();
    const ours = logs.filter((l) => [autumn.id, spring.id, summer.id].includes(l.id)).map((l) => l.id);
    expect(ours).toEqual([autumn.id, summer.id, spring.id]);
    expect(logs.map((l) => l.date)).toEqual(logs.map((l) => l.date).sort().reverse());
    expect(magTotalAttendees(logs.find((l) => l.id === spring.id)!.details)).toBe(14);
  });
});

describe('permissions', () => {
  it('lets a Coordinator read, create and update MAG logs, but not delete them', async () => {
    const coordinator = t.caller('Coordinator');
    const log = await coordinator.mag.create(newSession({ mps: [{ id: mpId }] }));
    await coordinator.mag.update({ ...editable(log), details: { totalClients: 4, totalMps: 1 } });
    expect((await coordinator.mag.getById({ id: log.id })).mps).toHaveLength(1);
    await expect(coordinator.mag.delete({ id: log.id })).rejects.toThrow(/may not delete mag/);
  });

  it('lets Trustees and Finance only read, and hides the MPs from Finance, who may not read MPs', async () => {
    const log = await admin.mag.create(newSession({ clients: [{ id: clientId }], mps: [{ id: mpId }], volunteers: [{ id: volunteerId }] }));
    const trustee = t.caller('Trustee');
    expect(await trustee.mag.getById({ id: log.id })).toEqual(log);
    await expect(trustee.mag.create(newSession())).rejects.toThrow(/may not create mag/);
    await expect(trustee.mag.update(editable(log))).rejects.toThrow(/may not update mag/);

    const finance = t.caller('Finance');
    const seen = await finance.mag.getById({ id: log.id });
    expect(seen).not.toHaveProperty('mps');
    expect(seen.clients).toEqual(log.clients);
    expect(seen.volunteers).toEqual(log.volunteers);
    expect((await finance.mag.getAll()).every((l) => !('mps' in l))).toBe(true);
    await expect(finance.mag.delete({ id: log.id })).rejects.toThrow(/may not delete mag/);
  });

  it('gives the Test role everything', async () => {
    const tester = t.caller('Test');
    const log = await tester.mag.create(newSession());
    await tester.mag.update(editable(log));
    await tester.mag.delete({ id: log.id });
  });
});
