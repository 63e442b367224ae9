import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, inArray } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { TransferBundle } from '@/shared/schemas/transfer';
import { auditLog } from '@/server/db/schema/audit';
import { packages } from '@/server/db/schema/care';
import { clients } from '@/server/db/schema/people';
import { databaseFingerprint } from '@/server/test/procedure-calls';
import { createLogger } from '@/server/log';
import { createTestApp } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { exportAll } from './export';
import { EXPORT_ALL_PATH, EXPORT_ALL_WORKBOOK_PATH, type ImportAnswer, IMPORT_PATH, IMPORT_TEMPLATE_PATH } from '@/shared/import-api';
import { commitImport, previewImport } from './import';
import { ImportRefusedError } from './import-contract';

// The current system's JSON (spec §3 shapes) imports with its ids; bad records are named and nothing is written.

const FIXTURE = path.join(import.meta.dirname, 'fixtures/current-system.json');
const ACTOR = { email: 'importer@valecare.test', role: 'Admin' } as const;

/** A fresh copy of the fixture, to change for a test. */
function fixture(): TransferBundle {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as TransferBundle;
}

/** The fixture with three bad records: a request naming no client, a package of negative hours, an impossible date. */
function fixtureWithThreeBadRecords(): TransferBundle {
  const bad = fixture();
  (bad.requests[0] as { clientId: string }).clientId = 'cnobody';
  (bad.packages[1] as { details: { weeklyHours: number } }).details.weeklyHours = -1;
  (bad.trainingRecords[0] as { expiryDate: string }).expiryDate = '2025-02-30';
  return bad;
}

/** What an import says of those three records, in its order. */
const THREE_PROBLEMS = [
      { kind: 'packages', index: 2, id: 'p8fixtureval', column: 'details.weeklyHours', message: 'Weekly hours cannot be negative' },
      { kind: 'trainingRecords', index: 1, id: 't8fixturefirstaid', column: 'expiryDate', message: 'Enter a date as YYYY-MM-DD' },
      { kind: 'requests', index: 1, id: 'r8fixtureopen', column: 'clientId', message: 'No client cnobody in the file or the database' },
];

const { t } = testAppForFile();

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
    const bad = fixtureWithThreeBadRecords();
    const before = await databaseFingerprint(t.database.db);

    const preview = await previewImport(t.database.db, bad, { onDuplicate: 'skip' });
    expect(preview.problems).toEqual(THREE_PROBLEMS);
    await expect(commitImport(t.database.db, ACTOR, bad, { onDuplicate: 'skip' })).rejects.toThrow(ImportRefusedError);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('with invalid records skipped, leaves out each bad record and every record naming one, saying why, and writes nothing in a preview', async () => {
    const bad = fixtureWithThreeBadRecords();
    const before = await databaseFingerprint(t.database.db);

    const preview = await previewImport(t.database.db, bad, { onDuplicate: 'skip', invalidRows: 'skip' });
    expect(preview.problems).toEqual([]);
    expect(preview.skipped).toEqual([
      ...THREE_PROBLEMS,
      // The package of the request left out cannot stand without it.
      { kind: 'packages', index: 1, id: 'p8fixturemary', column: 'requestId', message: 'No request r8fixtureopen in the file or the database' },
    ]);
    expect(Object.fromEntries(Object.entries(preview.counts).map(([kind, c]) => [kind, c.create]))).toEqual({
      clients: 2, mps: 1, volunteers: 1, requests: 1, packages: 0, trainingRecords: 1, magLogs: 1,
    });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('refuses a package naming a funder not on the list, as the list is not in the file, and writes nothing', async () => {
    const naming = fixture();
    (naming.packages[0] as { details: { funderId: string } }).details.funderId = 'fnotonthelist2345';
    const before = await databaseFingerprint(t.database.db);
    const preview = await previewImport(t.database.db, naming, { onDuplicate: 'skip' });
    expect(preview.problems).toEqual([{ kind: 'packages', index: 1, id: 'p8fixturemary', column: 'details.funderId', message: 'No funder fnotonthelist2345 in the database' }]);
    await expect(commitImport(t.database.db, ACTOR, naming, { onDuplicate: 'skip' })).rejects.toThrow(ImportRefusedError);
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

  it('gives the same as a workbook, audited with its counts', async () => {
    const response = await t.app.inject({ method: 'GET', url: EXPORT_ALL_WORKBOOK_PATH, headers: { authorization: `Bearer ${await t.idToken('Admin')}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="valecare-export-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const clients = await readSheet(response.rawPayload, 'Clients');
    expect(clients.length - 1).toBe((await exportAll(t.database.db)).clients.length);
    expect(await lastAudit()).toMatchObject({ procedure: 'transfer.export', actorRole: 'Admin', changes: { format: 'xlsx', counts: { Clients: clients.length - 1 } } });
  });

  it('refuses other roles and anyone not signed in, as JSON and as a workbook, and the import templates too', async () => {
    for (const url of [EXPORT_ALL_PATH, EXPORT_ALL_WORKBOOK_PATH, `${IMPORT_TEMPLATE_PATH}?type=clients`]) {
      for (const role of ['Trustee', 'Coordinator', 'Finance'] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.idToken(role)}` } });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
    }
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

  it('answers hostile values with a message, never a fault: values nested deep, numbers past what is stored', async () => {
    const deep = `{"clients":[{"details":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`;
    const nested = await upload(deep, 'fileName=export.json&dryRun=true');
    expect(nested.statusCode).toBe(400);
    expect(nested.json<{ error: string }>().error).toMatch(/nested more than 16 deep|is not JSON/);
    const shallowEnough = `{"clients":[{"details":${'['.repeat(20)}${']'.repeat(20)}}]}`;
    expect((await upload(shallowEnough, 'fileName=export.json&dryRun=true')).json<{ error: string }>().error).toMatch(/nested more than 16 deep/);

    const huge = { clients: [{ id: 'c9huge', version: 2_147_483_648, details: { name: 'Hugh Version', address: { postCode: 'TA4 1AA' } } }] };
    const refused = await upload(JSON.stringify(huge), 'fileName=export.json');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ problems: unknown[] }>().problems).toEqual([
      { kind: 'clients', index: 1, id: 'c9huge', column: 'version', message: '2147483648 is not at most 2147483647' },
    ]);
  });

  it('answers a file it cannot read with 400, and refuses other roles and anyone not signed in', async () => {
    expect((await upload('', 'fileName=clients.json')).json()).toEqual({ error: 'clients.json is empty.' });
    expect((await upload('a,b', 'fileName=notes.txt')).statusCode).toBe(400);
    expect((await upload('[]', 'fileName=clients.json', 'Coordinator')).statusCode).toBe(403);
    expect((await upload('[]', 'fileName=clients.json', null)).statusCode).toBe(401);
  });
});

describe('the same rules as the screens', () => {
  const TODAY = '2026-11-27';
  type Editable = { id: string; [field: string]: unknown; details: Record<string, unknown> };

  /** An MP whose DBS re-check has passed, with a client whose care goes on and care that has ended; ids of their own. */
  function lapsedCare() {
    const f = fixture() as unknown as Record<'clients' | 'mps' | 'requests' | 'packages', Editable[]>;
    const mp = { ...f.mps[0]!, id: 'm9lapsed', dateOfBirth: '1970-01-01', dbsExpiry: '2025-01-31', details: { ...f.mps[0]!.details, name: 'Lana Lapsed' } };
    const client = { ...f.clients[0]!, id: 'c9lapsedcare', details: { ...f.clients[0]!.details, name: 'Cora Care', customId: 'LAPSED-1' } };
    const request = { ...f.requests[0]!, id: 'r9lapsedcare', clientId: 'c9lapsedcare' };
    const live = { ...f.packages[0]!, id: 'p9lapsedlive', carerId: 'm9lapsed', requestId: 'r9lapsedcare' };
    const ended = { ...f.packages[0]!, id: 'p9lapsedended', carerId: 'm9lapsed', requestId: 'r9lapsedcare', startDate: '2023-01-01', endDate: '2023-12-31' };
    return { clients: [client], mps: [mp], requests: [request], packages: [live, ended] };
  }

  it('refuses care not yet ended from a carer who is not compliant, naming them, unless given a reason, which the package keeps', async () => {
    const before = await records();
    const refused = await previewImport(t.database.db, lapsedCare(), { onDuplicate: 'skip', today: TODAY });
    expect(refused.problems).toEqual([
      {
        kind: 'packages',
        index: 1,
        id: 'p9lapsedlive',
        column: 'carerId',
        message: expect.stringMatching(/^Lana Lapsed is not compliant: .*DBS.*\. Choose another carer, or give a reason to import the package anyway\.$/) as string,
      },
    ]);
    await expect(commitImport(t.database.db, ACTOR, lapsedCare(), { onDuplicate: 'skip', today: TODAY })).rejects.toThrow(/Lana Lapsed is not compliant/);
    expect(await records()).toEqual(before);

    const reason = 'DBS renewal applied for, agreed with the manager';
    await commitImport(t.database.db, ACTOR, lapsedCare(), { onDuplicate: 'skip', today: TODAY, overrideReason: reason, fileName: 'lapsed.json' });
    const [live, ended] = await t.database.db.select().from(packages).where(inArray(packages.id, ['p9lapsedlive', 'p9lapsedended'])).orderBy(desc(packages.id));
    expect(live).toMatchObject({ complianceOverride: reason, complianceOverrideBy: ACTOR.email });
    // Ended care is history: not checked, and given no reason.
    expect(ended!.complianceOverride).toBeNull();

    // Every record has an audit row of its own, naming the import and its file, as a form's change has.
    for (const id of ['c9lapsedcare', 'm9lapsed', 'r9lapsedcare', 'p9lapsedlive', 'p9lapsedended']) {
      const rows = await t.auditRows(id);
      expect(rows.map((row) => [row.procedure, row.actorEmail, (row.changes as { file?: string }).file])).toEqual([['transfer.import', ACTOR.email, 'lapsed.json']]);
    }
    expect((await t.auditRows('p9lapsedlive'))[0]!.changes).toMatchObject({ complianceOverride: { from: null, to: reason }, carerId: { from: null, to: 'm9lapsed' } });
    expect((await t.auditRows('c9lapsedcare'))[0]!.changes).toMatchObject({ name: { from: null, to: 'Cora Care' } });
    expect(await lastAudit()).toMatchObject({ procedure: 'transfer.import', recordId: null, changes: { file: 'lapsed.json', counts: { packages: { create: 2 } } } });
  });

  it('never keeps a reason the file gives: the person importing gives one, and the package and its audit row name them and the time', async () => {
    const forged = { reason: 'ok', by: 'trustee@example.org', at: '2020-01-01T00:00:00.000Z' };
    const file = JSON.stringify({ packages: [{ ...lapsedCare().packages[0]!, id: 'p9forged', complianceOverride: forged }] });
    const token = await t.idToken('Admin');
    const send = (query: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${IMPORT_PATH}?${new URLSearchParams({ fileName: 'forged.json', ...query })}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: file,
      });

    const before = await records();
    const preview = (await send({ dryRun: 'true' })).json() as ImportAnswer;
    const notCompliant = [['p9forged', 'carerId', expect.stringMatching(/^Lana Lapsed is not compliant: .*give a reason to import the package anyway\.$/)]];
    expect(preview.problems.map((p) => [p.id, p.column, p.message])).toEqual(notCompliant);
    expect(preview.warnings).toContainEqual(expect.objectContaining({ id: 'p9forged', column: 'complianceOverride', message: expect.stringMatching(/^The reason in the file .* is not kept/) }));
    const refused = await send({});
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as ImportAnswer).problems.map((p) => [p.id, p.column, p.message])).toEqual(notCompliant);
    expect(await records()).toEqual(before);

    const reason = 'Re-check booked with the DBS service this week';
    const started = Date.now();
    expect((await send({ overrideReason: reason })).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(packages).where(eq(packages.id, 'p9forged'));
    const [audit] = await t.auditRows('p9forged');
    expect(audit!.actorEmail).not.toBe(forged.by);
    expect(stored).toMatchObject({ complianceOverride: reason, complianceOverrideBy: audit!.actorEmail });
    expect(stored!.complianceOverrideAt!.getTime()).toBeGreaterThanOrEqual(started);
    expect(audit!.changes).toMatchObject({
      complianceOverride: { from: null, to: reason },
      complianceOverrideBy: { from: null, to: audit!.actorEmail },
      complianceOverrideAt: { from: null, to: stored!.complianceOverrideAt!.toISOString() },
    });
  });

  it('skips refused care when asked, naming it', async () => {
    const unexplained = lapsedCare();
    unexplained.packages = [{ ...unexplained.packages[0]!, id: 'p9lapsedlive3' }];
    const skipping = await previewImport(t.database.db, { packages: unexplained.packages }, { onDuplicate: 'skip', today: TODAY, invalidRows: 'skip' });
    expect(skipping.problems).toEqual([]);
    expect(skipping.skipped?.map((p) => [p.id, p.column])).toEqual([['p9lapsedlive3', 'carerId']]);
  });
});

describe('the log of refused imports', () => {
  it('holds no person’s details, whatever was refused', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    try {
      const token = await logged.idToken('Admin');
      const send = (body: string, query: string) =>
        logged.app.inject({ method: 'POST', url: `${IMPORT_PATH}?${query}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body });
      const person = { id: 'c9private', version: 2_147_483_648, details: { name: 'Priya Private', address: { streetAddress: '7 Secret Lane', postCode: 'TA9 9ZZ' } } };
      expect((await send(JSON.stringify({ clients: [person] }), 'fileName=export.json')).statusCode).toBe(422);
      expect((await send(`{"clients":[{"details":{"name":"Priya Private","x":${'['.repeat(50)}${']'.repeat(50)}}}]}`, 'fileName=export.json')).statusCode).toBe(400);
      const csv = 'Name,Street address,Post code,Date of birth\r\nPriya Private,7 Secret Lane,TA9 9ZZ,31/02/1950\r\n';
      expect((await send(csv, 'fileName=clients.csv&type=clients')).statusCode).toBe(422);
      expect(lines.length).toBeGreaterThan(0);
      for (const secret of ['Priya', '7 Secret Lane', 'TA9 9ZZ']) expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
