import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';

/** What every call carries, whoever makes it: the database, the server's settings and where the call came from. */
export interface CallSettings {
  db: Database;
  /** Areas in this decile or below count as deprived (DESIGN §3). */
  deprivationMaxDecile: number;
  /** How long records of people whose care has ended are kept before review (data protection). */
  retentionYears: number;
  /** The server's settings: mail, the external issuer, the roles that need two-step sign-in. */
  env: Env;
  log: FastifyBaseLogger;
  /** The caller's address, for the limits on password and code attempts. */
  clientIp: string;
  /** The built-in provider's sign-in session the caller's token names, if any (My account keeps it when others end). */
  sessionId?: string;
}

/** Just the call's settings of a larger context: nothing else a context carries rides on into a service's. */
export function callSettingsOf({ db, deprivationMaxDecile, retentionYears, env, log, clientIp, sessionId }: CallSettings): CallSettings {
  return { db, deprivationMaxDecile, retentionYears, env, log, clientIp, ...(sessionId ? { sessionId } : {}) };
}

/**
 * The one context every service entry point takes, with its input: who is acting, the database, today's date in
 * the charity's time zone and the server's settings. A procedure hands it whole; what the actor's role may read is
 * trimmed in the service.
 */
export interface ServiceContext extends CallSettings {
  actor: SessionUser;
  today: string;
  /** The time of day (HH:MM) in the charity's time zone as the call began. */
  timeOfDay: string;
}

/**
 * A carer's phone calling: the service context, with the carer the account is for, and when the office ended their
 * access if it has (the phone then sends what it recorded before the end, decision 309).
 */
export type CarerContext = ServiceContext & { carer: { carerId: string }; endedAt: Date | null };

/**
 * The part of the context the record services and reports use (people, care, training, MAG, delivered care), so the
 * demo seed and the import run them without a request.
 */
export type RecordContext = Pick<ServiceContext, 'db' | 'actor' | 'today' | 'deprivationMaxDecile'>;

/**
 * Who acted, as the audit trail names them: a signed-in person, or, with no role, the command line at the server or
 * the schedule.
 */
export type Actor = Pick<SessionUser, 'email'> & { role: Role | '' };
