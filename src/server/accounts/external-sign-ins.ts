import { and, eq, gte, sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/session';
import { type Database, queryRows } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { recordAudit } from '@/server/records/audit-trail';

/** Who has signed in through the external issuer, as the Staff screen lists them. */
export interface ExternalSignIn {
  email: string;
  givenName: string;
  familyName: string;
  /** The role their latest sign-in carried. */
  role: string;
  firstSignInAt: Date;
  lastSignInAt: Date;
}

const SIGN_IN = 'auth.signIn';

/**
 * With an external issuer nothing here sees the sign-in itself, only the ID tokens that follow it. The first
 * API call of each sign-in (the token's auth_time; its iat where the issuer gives no auth_time) appends an
 * `auth.signIn` row to the audit trail, as a sign-in at the built-in provider does; the Staff screen lists
 * those rows. Remembered in memory, so later calls of the same sign-in write nothing and read nothing.
 */
export function externalSignInRecorder(db: Database, issuer: string) {
  const recorded = new Map<string, number>();
  return async (user: SessionUser, signedInAtSeconds: number): Promise<void> => {
    if (recorded.get(user.email) === signedInAtSeconds) return;
    const signedInAt = new Date(signedInAtSeconds * 1000);
    // After a restart the row may be there already: look only at rows since that sign-in (the `at` index).
    const [existing] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          gte(auditLog.at, signedInAt),
          eq(auditLog.procedure, SIGN_IN),
          eq(auditLog.actorEmail, user.email),
          sql`${auditLog.changes}->>'signedInAt' = ${signedInAt.toISOString()}`,
        ),
      )
      .limit(1);
    if (!existing) {
      const { givenName, familyName } = user;
      await recordAudit(db, user, SIGN_IN, null, { issuer, givenName, familyName, signedInAt: signedInAt.toISOString() });
    }
    recorded.set(user.email, signedInAtSeconds);
  };
}

/** Everyone who has signed in through the issuer, newest sign-in first. */
export async function listExternalSignIns(db: Database, issuer: string): Promise<ExternalSignIn[]> {
  const rows = await queryRows<{ email: string; role: string; changes: { givenName?: string; familyName?: string }; first_ms: number; last_ms: number }>(
    db,
    sql`select distinct on (actor_email) actor_email as email, actor_role as role, changes,
          (extract(epoch from min(signed_in_at) over (partition by actor_email)) * 1000)::float8 as first_ms,
          (extract(epoch from signed_in_at) * 1000)::float8 as last_ms
        from (select *, (changes->>'signedInAt')::timestamptz as signed_in_at from audit_log
              where procedure = ${SIGN_IN} and changes->>'issuer' = ${issuer}) sign_ins
        order by actor_email, signed_in_at desc`,
  );
  return rows
    .map((row) => ({
      email: row.email,
      givenName: row.changes.givenName ?? '',
      familyName: row.changes.familyName ?? '',
      role: row.role,
      firstSignInAt: new Date(Number(row.first_ms)),
      lastSignInAt: new Date(Number(row.last_ms)),
    }))
    .sort((a, b) => b.lastSignInAt.getTime() - a.lastSignInAt.getTime());
}
