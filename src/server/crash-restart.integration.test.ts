/**
 * The data survives a crash: the real server (a child process) takes concurrent writes over HTTP, is
 * killed with SIGKILL mid-stream, and restarts on the same data. Every write it acknowledged must be
 * there as acknowledged, and no renewal may be half-done, acknowledged or not. Runs on PGlite, and on
 * PostgreSQL in the integration run's PostgreSQL pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRPCClientError } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '@/server/accounts/accounts';
import { queryRows } from '@/server/db/client';
import { addDays, OPEN } from '@/shared/dates';
import { COMPLIANT_UNTIL } from './test/builders';
import { type ApiClient, apiClient, signInOverHttp } from './test/http-sign-in';
import { createServerStorage, openServerDatabase } from './test/server-storage';
import { freeLoopbackPort, type ServerDatabase, type ServerProcess, startServerProcess } from './launch';

const WRITERS = 12;
const CRASH_CYCLES = 3;
/** Renewal chains start here and move one day per renewal, far from today and from midnight. */
const FIRST_START_DATE = '2021-01-04';
const RENEWAL_MARK = 'renewal of ';
/** Coordinators do the daily writing, and sign in with a password alone. */
const COORDINATOR = { email: 'crash.coordinator@valecare.test', password: 'crash-test-password-1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every write the server acknowledged (answered 200 to), with what it was sent. */
interface Ledger {
  clients: Map<string, { name: string; postCode: string }>;
  requests: Map<string, { clientId: string; startDate: string; weeklyHours: number; notes: string }>;
  packages: Map<string, { requestId: string; carerId: string; startDate: string; weeklyHours: number; notes: string }>;
  renewals: { kind: 'request' | 'package'; oldId: string; newId: string; date: string }[];
}

function lockOwner(database: ServerDatabase): number | undefined {
  if (!('dataDir' in database)) return undefined;
  return Number.parseInt(readFileSync(path.join(database.dataDir, 'valecare.lock'), 'utf8'), 10);
}

/** The writes between a (re)start and the kill that ends them. */
interface WriteRound {
  acknowledged: number;
  /** Set just before the kill: from then on a cut connection is expected. */
  crashing: boolean;
}

/** True when the server never answered: the connection failed or was cut (the kill). */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.httpStatus === undefined;
}

/**
 * One member of staff writing as fast as the server answers: clients, requests and packages, and
 * renewal chains of its own (so no two writers race for one record), until a call fails.
 */
async function writeUntilCut(api: ApiClient, writer: number, ledger: Ledger, round: WriteRound): Promise<void> {
  let sequence = 0;
  let carerId: string | undefined;
  let clientId: string | undefined;
  // The newest request and package of this writer's renewal chains, as last acknowledged.
  let requestHead: { id: string; version: number; startDate: string; clientId: string } | undefined;
  let packageHead: { id: string; version: number; startDate: string; requestId: string; carerId: string } | undefined;

  const createCarer = async () => {
    // A DBS re-check ahead, so packages may be given to them.
    const created = await api.volunteers.create.mutate({ dbsExpiry: COMPLIANT_UNTIL, details: { name: `Crash Carer ${writer}`, address: { postCode: 'TA4 1AA' } } });
    carerId = created.id;
  };
  const createClient = async () => {
    const name = `Crash Client ${writer}-${++sequence}`;
    const created = await api.clients.create.mutate({ dateOfBirth: '1940-03-02', details: { name, address: { postCode: 'TA4 2AB' } } });
    ledger.clients.set(created.id, { name, postCode: 'TA4 2AB' });
    clientId = created.id;
  };
  const createRequest = async (forClient: string) => {
    const weeklyHours = 1 + (sequence % 20) / 2;
    const notes = `request ${writer}-${++sequence}`;
    const created = await api.requests.create.mutate({ clientId: forClient, startDate: FIRST_START_DATE, details: { weeklyHours, notes } });
    ledger.requests.set(created.id, { clientId: forClient, startDate: FIRST_START_DATE, weeklyHours, notes });
    requestHead = { id: created.id, version: created.version, startDate: FIRST_START_DATE, clientId: forClient };
  };
  const createPackage = async (carer: string, onRequest: string) => {
    const weeklyHours = 0.5 + (sequence % 10) / 2;
    const notes = `package ${writer}-${++sequence}`;
    const created = await api.packages.create.mutate({
      carerId: carer,
      requestId: onRequest,
      startDate: FIRST_START_DATE,
      details: { weeklyHours, notes, address: { postCode: 'TA4 2AB' } },
    });
    ledger.packages.set(created.id, { requestId: onRequest, carerId: carer, startDate: FIRST_START_DATE, weeklyHours, notes });
    packageHead = { id: created.id, version: created.version, startDate: FIRST_START_DATE, requestId: onRequest, carerId: carer };
  };
  const renewRequest = async (head: NonNullable<typeof requestHead>) => {
    const date = addDays(head.startDate, 1);
    const notes = `${RENEWAL_MARK}${head.id}`;
    const { oldRequest, newRequest } = await api.requests.renew.mutate({
      oldRequest: { id: head.id, version: head.version, endDate: date },
      newRequest: { details: { weeklyHours: 2, notes } },
    });
    ledger.requests.set(newRequest.id, { clientId: head.clientId, startDate: date, weeklyHours: 2, notes });
    ledger.renewals.push({ kind: 'request', oldId: oldRequest.id, newId: newRequest.id, date });
    requestHead = { ...head, id: newRequest.id, version: newRequest.version, startDate: date };
  };
  const renewPackage = async (head: NonNullable<typeof packageHead>) => {
    const date = addDays(head.startDate, 1);
    const notes = `${RENEWAL_MARK}${head.id}`;
    const { oldPackage, newPackage } = await api.packages.renew.mutate({
      oldPackage: { id: head.id, version: head.version, endDate: date },
      newPackage: { details: { weeklyHours: 1.5, notes, address: { postCode: 'TA4 2AB' } } },
    });
    ledger.packages.set(newPackage.id, { requestId: head.requestId, carerId: head.carerId, startDate: date, weeklyHours: 1.5, notes });
    ledger.renewals.push({ kind: 'package', oldId: oldPackage.id, newId: newPackage.id, date });
    packageHead = { ...head, id: newPackage.id, version: newPackage.version, startDate: date };
  };

  for (;;) {
    try {
      const roll = Math.random();
      if (!carerId) await createCarer();
      else if (!clientId || roll < 0.1) await createClient();
      else if (!requestHead || roll < 0.25) await createRequest(clientId);
      else if (!packageHead || roll < 0.4) await createPackage(carerId, requestHead.id);
      else if (roll < 0.7) await renewRequest(requestHead);
      else await renewPackage(packageHead);
      round.acknowledged++;
    } catch (error) {
      // Only the kill may stop a writer; anything else the server answered is a fault to report.
      if (round.crashing && isConnectionFailure(error)) return;
      throw error;
    }
  }
}

/** Every acknowledged write is there as acknowledged; every renewal, acknowledged or not, has both halves. */
async function expectLedgerKept(api: ApiClient, ledger: Ledger) {
  const [clients, requests, packages] = await Promise.all([api.clients.getAll.query(), api.requests.getAll.query(), api.packages.getAll.query()]);
  const clientsById = new Map(clients.map((c) => [c.id, c]));
  const requestsById = new Map(requests.map((r) => [r.id, r]));
  const packagesById = new Map(packages.map((p) => [p.id, p]));

  for (const [id, acknowledged] of ledger.clients) {
    const stored = clientsById.get(id);
    expect(stored, `acknowledged client ${id}`).toBeDefined();
    expect({ name: stored!.details.name, postCode: stored!.details.address.postCode }).toEqual(acknowledged);
  }
  for (const [id, acknowledged] of ledger.requests) {
    const stored = requestsById.get(id);
    expect(stored, `acknowledged request ${id}`).toBeDefined();
    const { clientId, startDate, details } = stored!;
    expect({ clientId, startDate, weeklyHours: details.weeklyHours, notes: details.notes }).toEqual(acknowledged);
  }
  for (const [id, acknowledged] of ledger.packages) {
    const stored = packagesById.get(id);
    expect(stored, `acknowledged package ${id}`).toBeDefined();
    const { requestId, carerId, startDate, details } = stored!;
    expect({ requestId, carerId, startDate, weeklyHours: details.weeklyHours, notes: details.notes }).toEqual(acknowledged);
  }
  for (const renewal of ledger.renewals) {
    const items = renewal.kind === 'request' ? requestsById : packagesById;
    expect(items.get(renewal.oldId)?.endDate, `${renewal.kind} ${renewal.oldId} ended by an acknowledged renewal`).toBe(renewal.date);
    expect(items.get(renewal.newId)?.startDate, `${renewal.kind} ${renewal.newId} started by an acknowledged renewal`).toBe(renewal.date);
  }

  // Here only renewals end items, so an ended item without its successor (or the reverse) is half a renewal.
  for (const [kind, items] of [['request', requests], ['package', packages]] as const) {
    const successors = new Map<string, { startDate: string }[]>();
    for (const item of items) {
      const notes = item.details.notes;
      if (!notes.startsWith(RENEWAL_MARK)) continue;
      const predecessor = notes.slice(RENEWAL_MARK.length);
      successors.set(predecessor, [...(successors.get(predecessor) ?? []), item]);
    }
    for (const item of items) {
      const found = successors.get(item.id) ?? [];
      if (item.endDate === OPEN) {
        expect(found, `open ${kind} ${item.id} has no successor`).toEqual([]);
      } else {
        expect(found.map((s) => s.startDate), `ended ${kind} ${item.id} has exactly one successor starting that day`).toEqual([item.endDate]);
      }
    }
  }
}

/** The audit trail agrees: each renewal wrote its two rows in one transaction, each matching the data. */
async function expectRenewalAuditsPaired(database: ServerDatabase) {
  const connection = await openServerDatabase(database);
  try {
    for (const table of ['requests', 'packages'] as const) {
      const procedure = `${table}.renew`;
      // now() is the transaction's start time, so both rows of one renewal share `at` to the microsecond.
      const unpaired = await queryRows<{ at: string; ending: number; starting: number }>(
        connection.db,
        sql`select at::text, count(*) filter (where changes ? 'endDate' and not changes ? 'id')::int as ending,
                   count(*) filter (where changes -> 'id' ->> 'from' is null and changes ? 'id')::int as starting
            from audit_log where procedure = ${procedure}
            group by at having count(*) filter (where changes ? 'endDate' and not changes ? 'id')
                             <> count(*) filter (where changes -> 'id' ->> 'from' is null and changes ? 'id')`,
      );
      expect(unpaired, `${procedure} audit rows without their other half`).toEqual([]);

      const mismatched = await queryRows<{ record_id: string }>(
        connection.db,
        sql`select a.record_id from audit_log a left join ${sql.identifier(table)} t on t.id = a.record_id
            where a.procedure = ${procedure} and (
              t.id is null
              or (not a.changes ? 'id' and t.end_date::text is distinct from a.changes -> 'endDate' ->> 'to')
              or (a.changes ? 'id' and t.start_date::text is distinct from a.changes -> 'startDate' ->> 'to'))`,
      );
      expect(mismatched, `${procedure} audit rows that do not match the ${table}`).toEqual([]);

      const endedWithoutAudit = await queryRows<{ id: string }>(
        connection.db,
        sql`select t.id from ${sql.identifier(table)} t where t.end_date is not null
            and not exists (select 1 from audit_log a where a.procedure = ${procedure} and a.record_id = t.id)`,
      );
      expect(endedWithoutAudit, `ended ${table} without a renewal audit`).toEqual([]);

      const createdWithoutAudit = await queryRows<{ id: string }>(
        connection.db,
        sql`select t.id from ${sql.identifier(table)} t where not exists
            (select 1 from audit_log a where a.record_id = t.id and a.procedure in (${`${table}.create`}, ${procedure}))`,
      );
      expect(createdWithoutAudit, `${table} written without an audit row`).toEqual([]);
    }
  } finally {
    await connection.close();
  }
}

describe(`crash and restart (${process.env.VALECARE_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  let storage: Awaited<ReturnType<typeof createServerStorage>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    storage = await createServerStorage('crash');
    // Migrates the new database and adds the coordinator the writers sign in as.
    const connection = await openServerDatabase(storage.database);
    await addUser(connection.db, { ...COORDINATOR, givenName: 'Crash', familyName: 'Tester', role: 'Coordinator' });
    await connection.close();
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await storage?.remove();
  });

  it('keeps every acknowledged write and never half a renewal through repeated SIGKILLs', { timeout: 90_000 }, async () => {
    const port = await freeLoopbackPort();
    server = await startServerProcess({ port, database: storage.database });
    const idToken = await signInOverHttp(server.url, COORDINATOR);
    const ledger: Ledger = { clients: new Map(), requests: new Map(), packages: new Map(), renewals: [] };

    for (let cycle = 1; cycle <= CRASH_CYCLES; cycle++) {
      const api = apiClient(server.url, idToken);
      const round: WriteRound = { acknowledged: 0, crashing: false };
      const writing = Promise.all(Array.from({ length: WRITERS }, (_, writer) => writeUntilCut(api, cycle * 100 + writer, ledger, round)));
      // Kill at a random moment once the writers are under way and renewing (a writer's fault ends the wait).
      const underWay = async () => {
        while (round.acknowledged < WRITERS * 5) await sleep(20);
      };
      await Promise.race([writing, underWay()]);
      await sleep(1000 + Math.random() * 2000);
      round.crashing = true;
      const killed = server;
      const ended = await killed.stop('SIGKILL');
      await writing;
      expect(ended).toEqual({ code: null, signal: 'SIGKILL' });
      // A killed server leaves its PGlite lock behind…
      if ('dataDir' in storage.database) expect(lockOwner(storage.database)).toBe(killed.pid);

      server = await startServerProcess({ port, database: storage.database });
      // …which the restarted server takes over.
      if ('dataDir' in storage.database) expect(lockOwner(storage.database)).toBe(server.pid);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });

      await expectLedgerKept(apiClient(server.url, idToken), ledger);
    }
    expect(ledger.renewals.length).toBeGreaterThan(0);

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    server = undefined;
    await expectRenewalAuditsPaired(storage.database);
  });
});
