import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { CARER_ROLE, type Role } from '@/shared/permissions';
import { buildApp } from '@/server/app';
import { databaseAdapter, TWO_STEP_AMR } from '@/server/auth/oidc-adapter';
import { AUTH_PREFIX } from '@/shared/auth-paths';
import { BUILT_IN_CLIENT_ID, SESSION_SECONDS } from '@/server/auth/provider';
import { signingKey } from '@/server/auth/secrets';
import { auditLog } from '@/server/db/schema/audit';
import { users } from '@/server/db/schema/auth';
import { carers } from '@/server/db/schema/people';
import { type Env, loadEnv } from '@/server/env';
import { timeIn, todayIn } from '@/shared/dates';
import { callContext, type Context, createCallerFactory } from '@/server/trpc/init';
import { appRouter } from '@/server/app-router';
import { createTestDatabase, type TestDatabase } from './test-database';

export const createCaller = createCallerFactory(appRouter);

export const TEST_PUBLIC_URL = 'http://valecare.test';

export function testEnv(overrides: NodeJS.ProcessEnv = {}): Env {
  return loadEnv({ PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** An ID token exactly as the built-in provider signs it, for the given role, in a live session (claims overridable). */
  idToken: (role: Role, claims?: Record<string, unknown>) => Promise<string>;
  /**
   * Calls procedures directly (no HTTP) as a signed-in user of the role: `<role>@valecare.test`, or the address given
   * (a carer's own account, for more than one carer's phone in a test).
   */
  caller: (role: Role, as?: { email: string }) => ReturnType<typeof createCaller>;
  /** The context such a caller's calls run in. */
  context: (role: Role, as?: { email: string }) => Context;
  /** A record's audit rows, oldest first: all of them, or those of one procedure. */
  auditRows: (recordId: string, procedure?: string) => Promise<(typeof auditLog.$inferSelect)[]>;
  /**
   * Moves "today" for the callers (defaults to the real date), and the time of day with it: the given time, or on a
   * date moved without one, 23:59 (the day's visits have all ended).
   */
  setToday: (date: string | undefined, time?: string) => void;
  close: () => Promise<void>;
}

/**
 * The whole app (no web build) on a fresh database, or on `database` (closed with the app), ready for app.inject();
 * `env` changes its settings, `logger` receives its log.
 */
export async function createTestApp({
  env: overrides = {},
  logger,
  database: given,
}: { env?: NodeJS.ProcessEnv; logger?: FastifyBaseLogger; database?: TestDatabase } = {}): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  const env = testEnv(overrides);
  const app = await buildApp({ database, env, logger, clientDir: false });
  await app.ready();
  const key = await signingKey(database.db);
  const privateKey = await importJWK(key, 'RS256');
  let today: string | undefined;
  let timeOfDay: string | undefined;
  // One provider session per account, as a sign-in with both steps leaves: ID tokens name it, and it ends at sign-out.
  const Sessions = databaseAdapter(database.db);
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (accountId: string) => {
    let uid = sessions.get(accountId);
    if (!uid) {
      const id = randomUUID();
      const payload = { kind: 'Session', jti: id, uid: id, accountId, amr: ['pwd', TWO_STEP_AMR] };
      uid = new Sessions('Session').upsert(id, payload, SESSION_SECONDS).then(() => id);
      sessions.set(accountId, uid);
    }
    return uid;
  };
  /**
   * The account a token is for: the server takes the role from it at every call. The caller's own account where a
   * test made one (`addCallerAccounts`), else one made here that no password opens.
   */
  const accountFor = async (role: Role, sub: unknown): Promise<string> => {
    if (typeof sub !== 'string') {
      const [own] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, `${role.toLowerCase()}@valecare.test`));
      if (own) return own.id;
    }
    const id = typeof sub === 'string' ? sub : `u-${role}`;
    // A carer's account is found by the address its token carries, as the carer app finds it.
    const email = role === CARER_ROLE && typeof sub !== 'string' ? `${role.toLowerCase()}@valecare.test` : `${id.toLowerCase()}@tokens.valecare.test`;
    // A carer's account names its carer: one made for the purpose.
    const carerId = role === CARER_ROLE ? `v${id.toLowerCase().replace(/[^a-z0-9]/g, '')}` : null;
    if (carerId) await database.db.insert(carers).values({ id: carerId, name: 'Carer Tester', postCode: 'TA4 1AA' }).onConflictDoNothing();
    await database.db
      .insert(users)
      .values({ id, email, givenName: role, familyName: 'Tester', role, carerId, passwordHash: 'no password opens this account' })
      .onConflictDoNothing();
    return id;
  };
  const context: TestApp['context'] = (role, as) =>
    callContext({
      db: database.db,
      env,
      user: { givenName: role, familyName: 'Tester', email: as?.email ?? `${role.toLowerCase()}@valecare.test`, role },
      log: app.log,
      todayNow: () => today ?? todayIn(env.timeZone),
      timeNow: () => timeOfDay ?? (today ? '23:59' : timeIn(env.timeZone)),
    });
  return {
    app,
    database,
    caller: (role, as) => createCaller(context(role, as)),
    context,
    auditRows: (recordId, procedure) =>
      database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, recordId), procedure === undefined ? undefined : eq(auditLog.procedure, procedure)))
        .orderBy(auditLog.id),
    setToday: (date, time) => {
      today = date;
      timeOfDay = time;
    },
    idToken: async (role, claims = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const sub = await accountFor(role, claims.sub);
      return new SignJWT({
        sub,
        sid: await sessionOf(sub),
        iss: `${env.publicUrl}${AUTH_PREFIX}`,
        aud: BUILT_IN_CLIENT_ID,
        iat: now,
        exp: now + 15 * 60,
        email: `${role.toLowerCase()}@valecare.test`,
        given_name: role,
        family_name: 'Tester',
        groups: [role],
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .sign(privateKey);
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
