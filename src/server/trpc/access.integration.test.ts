import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, isStaffRole, type Resource, RESOURCES, type Role, ROLES } from '@/shared/permissions';
import { buildApp } from '@/server/app';
import type { DatabaseConnection } from '@/server/db/client';
import { applyCorruption, recordIdsIn } from '@/server/test/corruptions';
import { callOverHttp, databaseFingerprint, errorOf, routerProcedures } from '@/server/test/procedure-calls';
import { addProcedureExamples, type CareWorld, MARKS } from '@/server/test/procedure-examples';
import { testEnv } from '@/server/test/test-app';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { createTestDatabase } from '@/server/test/test-database';

const procedures = routerProcedures();

const { t } = testAppForFile();
let world: CareWorld;
let examples: Record<string, () => Promise<unknown>>;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  for (const role of ROLES) tokens.set(role, await t.idToken(role));
  ({ world, examples } = await addProcedureExamples(t));
});

const fingerprint = () => databaseFingerprint(t.database.db);

function exampleInput(path: string): Promise<unknown> {
  const example = examples[path];
  if (!example) throw new Error(`${path} has no example input in procedure-examples.ts`);
  return example();
}

/**
 * What gives a resource's records away in a response: their ids, and names and notes found on nothing
 * else. The audit trail is given away by its rows' fields. A resource added later gets its marks here.
 */
function marksOf(resource: Resource): string[] {
  const w = world;
  const marks: Partial<Record<Resource, string[]>> = {
    clients: [w.client.id, w.otherClient.id, MARKS.clientName, MARKS.otherClientName, 'Prefers mornings'],
    mps: [w.mp.id, MARKS.mpName, '07700 900111', '900111@carer.example', `Note about ${MARKS.mpName}`],
    volunteers: [w.volunteer.id, MARKS.volunteerName, '07700 900222', '900222@carer.example'],
    requests: [w.request.id, 'Key safe by the back door'],
    packages: [w.mpPackage.id, w.volunteerPackage.id, 'Tuesday and Thursday mornings'],
    trainingRecords: [w.mpRecord.id, w.volunteerRecord.id, MARKS.mpRecordNotes, MARKS.volunteerRecordNotes],
    mag: [w.magLog.id, 'Harvest lunch'],
    analytics: [],
    audit: ['"actorEmail"', '"actorRole"'],
  };
  return marks[resource] ?? [];
}

/**
 * A package names its carer by id (spec §3: "carerId (an MP id)"), and the dashboard counts active MPs
 * from those ids for every role that reads packages (spec §2.10). That reference is the package's own
 * data, so it is the one place another resource's id may appear; everything else is searched.
 */
function withoutCarerReferences(value: unknown, keys: readonly string[] = ['carerId']): unknown {
  if (Array.isArray(value)) return value.map((inner) => withoutCarerReferences(inner, keys));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)).map(([key, inner]) => [key, withoutCarerReferences(inner, keys)]));
  }
  return value;
}

/**
 * Timesheets and statements name the carer who gave the care to everyone who reads them, Finance
 * included, who pays MPs from them: there the carer's name is the entry's own data. Nothing else of the
 * carer (contact details, notes) may appear, and is still searched for.
 */
const CARER_AS_PAYEE = ['carerId', 'carerName', 'carer'];

/** The marks of every resource `role` may not read that appear in the response. */
function leakedMarks(role: Role, response: LightMyRequestResponse, path = ''): string[] {
  const searched = JSON.stringify(withoutCarerReferences(response.json(), path.startsWith('deliveries.') ? CARER_AS_PAYEE : undefined));
  const unreadable = RESOURCES.filter((resource) => !can(role, resource, 'read'));
  return unreadable.flatMap((resource) => marksOf(resource).filter((mark) => searched.includes(mark)).map((mark) => `${resource}: ${mark}`));
}

describe('no response gives away a resource the role may not read', () => {
  const queries = procedures.filter((p) => p.type === 'query');

  it.each(ROLES.map((role) => [role] as const))('%s sees nothing of unreadable resources in any query, nested includes included', async (role) => {
    const examined: string[] = [];
    for (const procedure of queries) {
      const input = procedure.input ? await exampleInput(procedure.path) : undefined;
      const response = await callOverHttp(t.app, procedure, input, tokens.get(role));
      const meta = procedure.meta;
      // The search is the office's: a carer's account is refused it, as every procedure with a resource.
      const refused = meta?.resource
        ? !can(role, meta.resource, meta.action!)
        : procedure.path.startsWith('carerApp.')
          ? isStaffRole(role)
          : procedure.path !== 'session.me' && !isStaffRole(role);
      if (refused) {
        expect({ path: procedure.path, status: response.statusCode }).toEqual({ path: procedure.path, status: 403 });
        expect(response.json()).not.toHaveProperty('result');
      } else {
        expect({ path: procedure.path, status: response.statusCode }).toEqual({ path: procedure.path, status: 200 });
        examined.push(procedure.path);
      }
      expect({ path: procedure.path, leaked: leakedMarks(role, response, procedure.path) }).toEqual({ path: procedure.path, leaked: [] });
    }
    expect(examined.length).toBeGreaterThan(0);
  });

  it('shows Finance the client, volunteer and MAG records it reads, with the MP and training parts left out', async () => {
    const finance = tokens.get('Finance');
    const read = async (path: string, input: unknown) =>
      (await callOverHttp(t.app, { path, type: 'query' }, input, finance)).json().result.data;

    const client = await read('clients.getById', { id: world.client.id });
    expect(client.requests[0].packages.map((p: { id: string }) => p.id).sort()).toEqual([world.mpPackage.id, world.volunteerPackage.id].sort());
    expect(client.magLogs[0]).not.toHaveProperty('mps');
    expect(client.magLogs[0].volunteers.map((v: { name: string }) => v.name)).toEqual([MARKS.volunteerName]);

    const volunteer = await read('volunteers.getById', { id: world.volunteer.id });
    expect(volunteer).not.toHaveProperty('trainingRecords');
    expect(volunteer.packages.map((p: { id: string }) => p.id)).toEqual([world.volunteerPackage.id]);

    const log = await read('mag.getById', { id: world.magLog.id });
    expect(log).not.toHaveProperty('mps');
    expect(log.details.totalMps).toBe(1);
  });

  it('shows the same records in full to a role that reads everything they embed', async () => {
    const trustee = tokens.get('Trustee');
    const read = async (path: string, input: unknown) =>
      (await callOverHttp(t.app, { path, type: 'query' }, input, trustee)).json().result.data;
    const mp = await read('mps.getById', { id: world.mp.id });
    expect(mp.trainingRecords.map((r: { id: string }) => r.id)).toEqual([world.mpRecord.id]);
    const log = await read('mag.getById', { id: world.magLog.id });
    expect(log.mps.map((m: { name: string }) => m.name)).toEqual([MARKS.mpName]);
  });
});

describe('an id reaches only records of its own kind', () => {
  /** Audit filters take any record's id by design: the trail covers every kind of record. */
  const crossable = procedures.filter((p) => p.input && !p.path.startsWith('audit.'));

  /**
   * Fields that take ids of several kinds, by the letters they take: a package's carer may be any MP or
   * volunteer, a new training record may be for either, and data protection acts on any person. An id
   * of any other kind, anywhere, must be refused.
   */
  const FIELDS_OF_SEVERAL_KINDS: Record<string, string> = {
    'packages.create carerId': 'mv',
    'packages.update carerId': 'mv',
    'packages.checkAssignment carerId': 'mv',
    'clients.addExclusion carerId': 'mv',
    'clients.removeExclusion carerId': 'mv',
    'trainingRecords.create ownerId': 'mv',
    'deliveries.getStatement carerId': 'mv',
    'carerApp.getStatus carerId': 'mv',
    'carerApp.invite carerId': 'mv',
    'carerApp.revoke carerId': 'mv',
    'availability.get carerId': 'mv',
    'availability.set carerId': 'mv',
    'plannedVisits.suggestWeek carerId': 'mv',
    'dataProtection.exportPerson personId': 'cmv',
    'dataProtection.anonymise personId': 'cmv',
  };

  it('every procedure refuses ids of other kinds of record, with no data and no change', async () => {
    const records = Object.entries(world).map(([name, record]) => ({ name, id: record.id }));
    let tried = 0;
    for (const procedure of crossable) {
      const valid = await exampleInput(procedure.path);
      for (const field of recordIdsIn(valid)) {
        const key = field.path.filter((part) => typeof part === 'string').at(-1);
        const kindsTaken = FIELDS_OF_SEVERAL_KINDS[`${procedure.path} ${key}`] ?? field.id[0]!;
        for (const other of records.filter((r) => !kindsTaken.includes(r.id[0]!))) {
          const before = await fingerprint();
          const input = applyCorruption(valid, { kind: 'replaced', path: field.path, value: other.id });
          const response = await callOverHttp(t.app, procedure, input, tokens.get('Admin'));
          const where = `${procedure.path} ${field.path.join('.')} = ${other.name}`;
          expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, where).toBeLessThan(500);
          expect(response.json(), where).not.toHaveProperty('result');
          expect(await fingerprint(), where).toEqual(before);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    // Hundreds of calls, each with two fingerprints of the database: about 25 s on PostgreSQL here.
  }, 120_000);

  it('reaches a training record only through its own carer', async () => {
    const admin = tokens.get('Admin');
    const mpRecord = { ownerId: world.volunteer.id, id: world.mpRecord.id };
    const before = await fingerprint();
    const attempts = [
      { path: 'trainingRecords.getById', type: 'query' as const, input: mpRecord },
      { path: 'trainingRecords.delete', type: 'mutation' as const, input: { ...mpRecord, version: 1 } },
      {
        path: 'trainingRecords.update',
        type: 'mutation' as const,
        input: { ...mpRecord, archived: 'N', expiryDate: '2030-01-01', details: { recordName: 'GDPR', notes: '' } },
      },
    ];
    for (const { input, ...procedure } of attempts) {
      const response = await callOverHttp(t.app, procedure, input, admin);
      expect({ path: procedure.path, status: response.statusCode, message: errorOf(response)?.message }).toEqual({
        path: procedure.path,
        status: 404,
        message: 'Training record not found',
      });
      expect(response.body).not.toContain(MARKS.mpRecordNotes);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses to move a request to another client or a package to another request", async () => {
    const admin = t.caller('Admin');
    const otherRequest = await admin.requests.create({ clientId: world.otherClient.id, startDate: '2025-03-01', details: {} });
    const token = tokens.get('Admin');
    const request = (await exampleInput('requests.update')) as Record<string, unknown>;
    const pkg = (await exampleInput('packages.update')) as Record<string, unknown>;
    const before = await fingerprint();
    const moveRequest = await callOverHttp(t.app, { path: 'requests.update', type: 'mutation' }, { ...request, clientId: world.otherClient.id }, token);
    const movePackage = await callOverHttp(t.app, { path: 'packages.update', type: 'mutation' }, { ...pkg, requestId: otherRequest.id }, token);
    expect(errorOf(moveRequest)?.message).toMatch(/client of a request cannot be changed/);
    expect(errorOf(movePackage)?.message).toMatch(/request of a package cannot be changed/);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('cross-origin callers', () => {
  const evil = 'https://evil.example';

  it.each([
    ['a preflight', { method: 'OPTIONS' as const, url: '/trpc/clients.getAll', headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } }],
    ['a read', { method: 'GET' as const, url: '/trpc/clients.getAll', headers: {} }],
    ['a batched read', { method: 'GET' as const, url: '/trpc/clients.getAll,mps.getAll?batch=1&input=%7B%7D', headers: {} }],
    ['a change', { method: 'POST' as const, url: '/trpc/clients.create', headers: { 'content-type': 'application/json' } }],
  ])('gets no CORS permission for %s from another origin', async (_what, request) => {
    const response = await t.app.inject({
      ...request,
      headers: { ...request.headers, origin: evil, authorization: `Bearer ${tokens.get('Admin')}` },
      ...(request.method === 'POST' ? { payload: '{}' } : {}),
    });
    for (const header of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-headers', 'access-control-allow-methods']) {
      expect(response.headers, header).not.toHaveProperty(header);
    }
  });
});

describe('security headers', () => {
  let webRoot: string;
  let deployed: FastifyInstance;
  let deployedOverHttps: FastifyInstance;
  const opened: { app: FastifyInstance; database: DatabaseConnection }[] = [];

  /** The app as deployed: serving a built web app, with the given environment. */
  async function deployedApp(env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
    const database = await createTestDatabase();
    const app = await buildApp({ database, env: testEnv(env), clientDir: webRoot });
    await app.ready();
    opened.push({ app, database });
    return app;
  }

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'valecare-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
    await writeFile(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    deployed = await deployedApp();
    deployedOverHttps = await deployedApp({ PUBLIC_URL: 'https://valecare.example' });
  });
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await rm(webRoot, { recursive: true, force: true });
  });

  const PAGES = ['/', '/dashboard', '/clients', '/clients/edit/cabc', '/assets/app.js', '/no/such/page'];
  const API = ['/trpc/session.me', '/trpc/clients.getAll', '/trpc/no.such.procedure', '/healthz', '/config.json'];

  /** The directives of a Content-Security-Policy header, by name. */
  function directives(policy: string | undefined): Map<string, string[]> {
    const entries = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/));
    return new Map(entries.filter(([name]) => name).map(([name, ...values]) => [name!.toLowerCase(), values]));
  }

  it('serves the web app and its routes', async () => {
    expect((await deployed.inject('/clients')).body).toContain('<script type="module"');
    expect((await deployed.inject('/assets/app.js')).statusCode).toBe(200);
  });

  it.each([...PAGES, ...API].map((url) => [url]))('%s: scripts only from the app, no framing, no sniffing, no referrer', async (url) => {
    const { headers } = await deployed.inject({ url, headers: { authorization: `Bearer ${tokens.get('Finance')}` } });
    const csp = directives(headers['content-security-policy'] as string | undefined);
    // Without script-src, default-src governs scripts; either way only the app's own files may run.
    expect(csp.get('script-src') ?? csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS on every response, pages and API, when the public URL is https', async () => {
    for (const url of [...PAGES, ...API]) {
      const hsts = (await deployedOverHttps.inject(url)).headers['strict-transport-security'] as string | undefined;
      // Browsers and preload lists expect at least 180 days.
      const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0);
      expect({ url, maxAge }).toEqual({ url, maxAge: expect.toSatisfy((seconds: number) => seconds >= 180 * 24 * 3600) });
    }
  });
});
