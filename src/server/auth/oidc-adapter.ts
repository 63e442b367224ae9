import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isRole, type Role } from '@/shared/permissions';
import type { Database } from '@/server/db/client';
import { oidcModels, users } from '@/server/db/schema/auth';
import { sessionsMayHaveChanged, sessionWritesSoFar } from '@/server/accounts/sign-in-sessions';

/** The `amr` value a session holds once its person passed the second step of sign-in (RFC 8176: multiple factors). */
export const TWO_STEP_AMR = 'mfa';

const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`));

/** Persists the provider's sessions, grants, codes and tokens in one table, so they survive restarts. */
export function databaseAdapter(db: Database) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly type: string) {}

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.type, this.type), condition, notExpired()));
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        type: this.type,
        id,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values(values)
        .onConflictDoUpdate({ target: [oidcModels.type, oidcModels.id], set: values });
      if (this.type === 'Session') sessionsMayHaveChanged();
    }

    find(id: string) {
      return this.findWhere(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.type, this.type), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.type, this.type), eq(oidcModels.id, id)));
      if (this.type === 'Session') sessionsMayHaveChanged();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
      sessionsMayHaveChanged();
    }
  };
}

/** Removes rows that have expired; the provider never reads them again. */
export async function deleteExpiredOidcModels(db: Database): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, sql`now()`));
}

export const OIDC_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Purges expired provider rows when the app starts and daily after, so the table holds live sessions
 * and tokens only. The timer never keeps the process alive, and stops when the app closes.
 */
export function purgeExpiredOidcModels(app: FastifyInstance, db: Database): void {
  const purge = () =>
    deleteExpiredOidcModels(db).catch((error: unknown) => app.log.error({ err: error }, 'could not purge expired sign-in records'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), OIDC_PURGE_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * How long a session found live is taken as live without asking the database again. Ending a session in
 * this server (signing out, removing or disabling a user) is seen at once; ending it in another process
 * (on PostgreSQL, the `user` command or a second server) within this time.
 */
export const SESSION_SEEN_LIVE_MS = 2000;
/** Sessions remembered at most; each signed-in browser has one. */
const REMEMBERED_SESSIONS = 1000;

/** The rights a live session carries now: its account's role, or none. */
export type SessionAccountCheck = (sessionUid: string, accountId: string) => Promise<Role | undefined>;

/**
 * The role the account behind the provider's session `sessionUid` (an ID token's `sid`) holds now, if the
 * session is still the account's (not signed out, ended for the account or expired), the account is enabled, and
 * the session passed two-step sign-in where the role needs it. So rights follow the account, not the 15-minute
 * token: a role changed, an account disabled, a promotion to a role that needs two steps, all take effect at the
 * next call. One lookup by the indexed uid, made again once SESSION_SEEN_LIVE_MS have passed, a session may
 * have been ended in this process (every account change ends the account's sessions), or it has expired.
 */
export function sessionAccountCheck(db: Database, mfaRequiredRoles: readonly Role[]): SessionAccountCheck {
  // Every signed-in call asks this: built once, and on PostgreSQL parsed and planned once per connection.
  const query = db
    .select({
      expiresAt: oidcModels.expiresAt,
      role: users.role,
      twoStep: sql<boolean>`coalesce(${oidcModels.payload}->'amr' ? ${TWO_STEP_AMR}, false)`,
    })
    .from(oidcModels)
    .innerJoin(users, and(eq(users.id, sql`${oidcModels.payload}->>'accountId'`), isNull(users.disabledAt)))
    .where(
      and(
        eq(oidcModels.uid, sql.placeholder('sessionUid')),
        eq(oidcModels.type, 'Session'),
        sql`${oidcModels.payload}->>'accountId' = ${sql.placeholder('accountId')}`,
        notExpired(),
      ),
    )
    .limit(1)
    .prepare('session_account');
  const seenLive = new Map<string, { until: number; writes: number; role: Role }>();
  return async (sessionUid, accountId) => {
    const key = `${sessionUid} ${accountId}`;
    const seen = seenLive.get(key);
    if (seen && seen.writes === sessionWritesSoFar() && Date.now() < seen.until) return seen.role;
    seenLive.delete(key);
    // Counted before asking: a session ended while the question is out is not remembered as live.
    const writes = sessionWritesSoFar();
    const [row] = await query.execute({ sessionUid, accountId });
    if (!row || !isRole(row.role) || (mfaRequiredRoles.includes(row.role) && !row.twoStep)) return undefined;
    if (writes === sessionWritesSoFar()) {
      if (seenLive.size >= REMEMBERED_SESSIONS) seenLive.delete(seenLive.keys().next().value!);
      seenLive.set(key, { until: Math.min(Date.now() + SESSION_SEEN_LIVE_MS, row.expiresAt?.getTime() ?? Infinity), writes, role: row.role });
    }
    return row.role;
  };
}
