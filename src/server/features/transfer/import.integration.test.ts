import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferBundle } from '@/shared/schemas/transfer';
import { auditLog } from '@/server/db/schema/audit';
import { clients } from '@/server/db/schema/people';
import { databaseFingerprint } from '@/server/test/procedure-calls';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { exportAll } from './export';
import { EXPORT_ALL_PATH, IMPORT_PATH } from '@/shared/import-api';
import { commitImport, previewImport } from './import';
import { ImportRefusedError } from './import-contract';

// The current system's JSON (spec §3 shapes) imports with its ids; bad records are named and nothing is written.

const FIXTURE = path.join(import.meta.dirname, 'fixtures/current-system.json');
const ACTOR = { email: 'importer@valecare.test', role: 'Admin' } as const;

/** A fresh copy of the fixture, to change for a test. */
function fixture(): TransferBundle {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as TransferBundle;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Everything stored but the audit trail, which every import appends to. */
async function records() {
  const { audit_log: _, ...rest } = await databaseFingerprint(t.database.db);
  return rest;
}

async function lastAudit() {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

describe('importing the current system’s JSON', () => {
  it('refuses a missing reference, negative hours and an impossible date, naming each record and field, and writes nothing', async () => {
    const bad = fixture();
    (bad.requests[0] as { clientId: string }).clientId = 'cnobody';
    (bad.packages[1] as { details: { weeklyHours: number } }).details.weeklyHours = -1;
    (bad.trainingRecords[0] as { expiryDate: string }).expiryDate = '2025-02-30';
    const before = await databaseFingerprint(t.database.db);

    const preview = await previewImport(t.database.db, bad, { onDuplicate: 'skip' });
    expect(preview.problems).toEqual([
      { kind: 'packages', index: 2, id: 'p8fixtureval', column: 'details.weeklyHours', message: 'Weekly hours cannot be negative' },
      { kind: 'trainingRecords', index: 1, id: 't8fixturefirstaid', column: 'expiryDate', message: 'Enter a date as YYYY-MM-DD' },
      { kind: 'requests', index: 1, id: 'r8fixtureopen', column: 'clientId', message: 'No client cnobody in the file or the database' },
    ]);
    await expect(commitImport(t.database.db, ACTOR, bad, { onDuplicate: 'skip' })).rejects.toThrow(ImportRefusedError);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('imports every record with its id, puts Other for an unknown locality with a warning, and audits the counts', async () => {
    const result = await commitImport(t.database.db, ACTOR, fixture(), { onDuplicate: 'skip' });
    expect(result.warnings).toEqual([
      { kind: 'clients', index: 2, id: 'c8fixturewalt', column: 'details.address.locality', message: 'Locality "Langley Marsh" is not in the list: imported as Other' },
    ]);
    expect(result.counts).toEqual({
      clients: { create: 2, update: 0, skip: 0 },
      mps: { create: 1, update: 0, skip: 0 },
      volunteers: { create: 1, update: 0, skip: 0 },
      requests: { create: 2, update: 0, skip: 0 },
      packages: { create: 2, update: 0, skip: 0 },
      trainingRecords: { create: 2, update: 0, skip: 0 },
      magLogs: { create: 1, update: 0, skip: 0 },
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ procedure: 'transfer.import', actorEmail: ACTOR.email, changes: { counts: result.counts } });

    const stored = await exportAll(t.database.db);
    const edna = stored.clients.find((c) => c.id === 'c8fixtureedna')!;
    expect(edna.details.address.postCode).toBe('TA4 2LT');
    expect(edna.details.notes.map((n) => n.note)).toEqual(['Prefers visits in the morning.', 'Met at the surgery.']);
    const walter = stored.clients.find((c) => c.id === 'c8fixturewalt')!;
    expect(walter).toMatchObject({ archived: 'Y', details: { address: { locality: 'Other' }, endDate: '2024-05-31' } });
    expect(stored.volunteers[0]).toMatchObject({ id: 'v8fixtureval', archived: 'Y' });
    expect(stored.requests.find((r) => r.id === 'r8fixtureopen')).toMatchObject({ endDate: 'open', details: { name: 'Edna Pollard', weeklyHours: 4.5, status: 'urgent' } });
    // A request with no address of its own takes its client's, as the service does.
    expect(stored.requests.find((r) => r.id === 'r8fixtureended')!.details.address).toEqual(walter.details.address);
    // A package left unnamed takes its client's name.
    expect(stored.packages.find((p) => p.id === 'p8fixturemary')).toMatchObject({ endDate: 'open', details: { name: 'Edna Pollard' } });
    // A record with no expiry date ("date or empty", spec §3) comes in as it is.
    expect(stored.trainingRecords.map((r) => [r.id, r.archived, r.expiryDate, r.details.name])).toEqual([
      ['t8fixturefirstaid', 'N', '2026-03-01', 'Mary Provider'],
      ['t8fixturegdpr', 'Y', '', 'Val Unteer'],
    ]);
    expect(stored.magLogs[0]).toMatchObject({
      id: 'g8fixturelunch',
      clients: [{ id: 'c8fixtureedna', name: 'Edna Pollard' }],
      mps: [{ id: 'm8fixturemary' }],
      volunteers: [{ id: 'v8fixtureval', archived: 'N' }],
      details: { totalClients: 6, notes: 'Harvest lunch.' },
    });
  });

  it('changes nothing when the same file is imported again, skipping or updating', async () => {
    const before = await records();
    for (const onDuplicate of ['skip', 'update'] as const) {
      const again = await commitImport(t.database.db, ACTOR, fixture(), { onDuplicate });
      for (const counts of Object.values(again.counts)) expect(counts.create + counts.update).toBe(0);
      expect(await records()).toEqual(before);
    }
  });

  it('updates a record the file changes when asked to, and only then', async () => {
    const changed = fixture();
    (changed.clients[0] as { details: { phone: string } }).details.phone = '01984 000000';
    const skipped = await commitImport(t.database.db, ACTOR, changed, { onDuplicate: 'skip' });
    expect(skipped.counts.clients).toEqual({ create: 0, update: 0, skip: 2 });
    const updated = await commitImport(t.database.db, ACTOR, changed, { onDuplicate: 'update' });
    expect(updated.counts.clients).toEqual({ create: 0, update: 1, skip: 1 });
    const [edna] = await t.database.db.select().from(clients).where(eq(clients.id, 'c8fixtureedna'));
    expect(edna).toMatchObject({ phone: '01984 000000', version: 2 });
  });

  it('renames a carer on update with their training records, and refuses to move a request to another client', async () => {
    const renamed = fixture();
    (renamed.mps[0] as { details: { name: string } }).details.name = 'Mary Provider-Jones';
    await commitImport(t.database.db, ACTOR, { mps: renamed.mps }, { onDuplicate: 'update' });
    const records = (await exportAll(t.database.db)).trainingRecords;
    expect(records.find((r) => r.id === 't8fixturefirstaid')!.details.name).toBe('Mary Provider-Jones');
    await commitImport(t.database.db, ACTOR, { mps: fixture().mps }, { onDuplicate: 'update' });

    const moved = fixture();
    (moved.requests[0] as { clientId: string }).clientId = 'c8fixturewalt';
    const preview = await previewImport(t.database.db, { requests: moved.requests }, { onDuplicate: 'update' });
    expect(preview.problems).toEqual([
      { kind: 'requests', index: 1, id: 'r8fixtureopen', column: 'clientId', message: 'The client of a request cannot be changed (it is c8fixtureedna)' },
    ]);
    // Skipping stored records moves nothing, so it is no problem.
    expect((await previewImport(t.database.db, { requests: moved.requests }, { onDuplicate: 'skip' })).problems).toEqual([]);
  });

  it('finds a likely duplicate of a record without an id: same custom ID, or same name and date of birth', async () => {
    const edna = fixture().clients[0] as { id?: string; details: { customId: string; phone: string } };
    delete edna.id;
    edna.details.phone = '01984 111111';
    const mary = fixture().mps[0] as { id?: string };
    delete mary.id;
    const firstAid = fixture().trainingRecords[0] as { id?: string };
    delete firstAid.id;
    const preview = await previewImport(t.database.db, { clients: [edna], mps: [mary], trainingRecords: [firstAid] }, { onDuplicate: 'update' });
    expect(preview.problems).toEqual([]);
    expect(preview.warnings.map((w) => w.message)).toEqual([
      'Likely the same client as c8fixtureedna (the same custom ID (WIV-0042)): updated',
      'Likely the same MP as m8fixturemary (the same name and date of birth): updated',
      'Likely the same training record as t8fixturefirstaid (the same person, type and expiry date): updated',
    ]);
    expect(preview.counts.clients).toEqual({ create: 0, update: 1, skip: 0 });
    expect(preview.counts.mps).toEqual({ create: 0, update: 0, skip: 1 });
    expect(preview.counts.trainingRecords).toEqual({ create: 0, update: 0, skip: 1 });

    edna.details.customId = 'NEW-1';
    const created = await commitImport(t.database.db, ACTOR, { clients: [{ ...edna, details: { ...edna.details, name: 'Edith New' } }] }, { onDuplicate: 'skip' });
    expect(created.counts.clients).toEqual({ create: 1, update: 0, skip: 0 });
    const [stored] = await t.database.db.select().from(clients).where(eq(clients.customId, 'NEW-1'));
    expect(stored!.id).toMatch(/^c[a-z0-9]{15}$/);
  });
});

describe('the Export all data download', () => {
  it('gives an Admin the whole export as a file, audited with its counts', async () => {
    const response = await t.app.inject({ method: 'GET', url: EXPORT_ALL_PATH, headers: { authorization: `Bearer ${await t.idToken('Admin')}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="valecare-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const bundle = response.json<Awaited<ReturnType<typeof exportAll>>>();
    expect(bundle).toEqual(JSON.parse(JSON.stringify(await exportAll(t.database.db))));
    expect(await lastAudit()).toMatchObject({ procedure: 'transfer.export', actorRole: 'Admin', changes: { counts: { clients: bundle.clients.length, magLogs: 1 } } });
  });

  it('refuses other roles and anyone not signed in', async () => {
    for (const role of ['Trustee', 'Coordinator', 'Finance'] as const) {
      const response = await t.app.inject({ method: 'GET', url: EXPORT_ALL_PATH, headers: { authorization: `Bearer ${await t.idToken(role)}` } });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: EXPORT_ALL_PATH })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: EXPORT_ALL_PATH, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
  });
});

describe('the Import screen’s upload', () => {
  const upload = async (body: string, query: string, role: 'Admin' | 'Coordinator' | null = 'Admin') =>
    t.app.inject({
      method: 'POST',
      url: `${IMPORT_PATH}?${query}`,
      headers: { 'content-type': 'application/octet-stream', ...(role ? { authorization: `Bearer ${await t.idToken(role)}` } : {}) },
      body,
    });

  it('previews a file on a dry run and imports it on commit, refusing a bad one with its problems', async () => {
    const bad = fixture();
    (bad.packages[0] as { details: { weeklyHours: number } }).details.weeklyHours = -1;
    const before = await databaseFingerprint(t.database.db);
    const refused = await upload(JSON.stringify(bad), 'fileName=export.json');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ committed: false, problems: [{ kind: 'packages', index: 1, id: 'p8fixturemary', column: 'details.weeklyHours', message: 'Weekly hours cannot be negative' }] });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);

    const fresh = { clients: [{ details: { name: 'Upload Person', customId: 'UP-1', address: { postCode: 'TA4 1AA' } } }] };
    const dry = await upload(JSON.stringify(fresh), 'fileName=export.json&dryRun=true');
    expect(dry.json()).toMatchObject({ committed: false, problems: [], counts: { clients: { create: 1, update: 0, skip: 0 } } });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    const committed = await upload(JSON.stringify(fresh), 'fileName=export.json');
    expect(committed.json()).toMatchObject({ committed: true, counts: { clients: { create: 1 } } });
    expect(await t.database.db.select().from(clients).where(eq(clients.customId, 'UP-1'))).toHaveLength(1);
  });

  it('answers a file it cannot read with 400, and refuses other roles and anyone not signed in', async () => {
    expect((await upload('', 'fileName=clients.json')).json()).toEqual({ error: 'clients.json is empty.' });
    expect((await upload('a,b', 'fileName=notes.txt')).statusCode).toBe(400);
    expect((await upload('[]', 'fileName=clients.json', 'Coordinator')).statusCode).toBe(403);
    expect((await upload('[]', 'fileName=clients.json', null)).statusCode).toBe(401);
  });
});
