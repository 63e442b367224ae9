import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Action, Resource } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import { todayIn, timeIn } from '@/shared/dates';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import type { EndedCarerCheck } from '@/server/accounts/carer-accounts';
import { type CallSettings, callSettingsOf } from '@/server/records/service-context';

/** A request's context: the call's settings, who (if anyone) signed in, and what the carer app's calls need. */
export interface Context extends CallSettings {
  /** The verified signed-in user, or null when the request carries no valid ID token. */
  user: SessionUser | null;
  /** Today's calendar date in the charity's time zone, read as a signed-in procedure starts. */
  todayNow: () => string;
  /** The time of day (HH:MM) in the charity's time zone, read with today: a visit may not end later than it. */
  timeNow: () => string;
  /** Whether a carer-app token's carer has had their access ended (the built-in provider's tokens only). */
  carerAccessEnded?: (idToken: string) => Promise<boolean>;
  /** The ended carer a phone's last token speaks for, to send the visits it recorded before the end (decision 309). */
  endedCarer?: EndedCarerCheck;
  /** The bearer token the call carried when it did not verify: a phone's last, after its carer's access ended. */
  refusedToken?: string;
}

/**
 * A call's context from the server's settings: a request's (app.ts), or one made without a request (tests, the
 * bench's seeding). Today and the time of day are the charity's now, unless the caller gives its own clock.
 */
export function callContext({
  db,
  env,
  user,
  log,
  clientIp = '127.0.0.1',
  todayNow = () => todayIn(env.timeZone),
  timeNow = () => timeIn(env.timeZone),
  ...extra
}: Pick<Context, 'db' | 'env' | 'user' | 'log'> & Partial<Omit<Context, 'db' | 'env' | 'user' | 'log'>> & { db: Database; env: Env }): Context {
  const settings = callSettingsOf({ db, env, log, clientIp, deprivationMaxDecile: env.deprivationMaxDecile, retentionYears: env.retentionYears, sessionId: extra.sessionId });
  return { ...extra, ...settings, user, todayNow, timeNow };
}

/** Every procedure that touches data says which resource and action it is (spec §6). */
export interface ProcedureMeta {
  resource?: Resource;
  action?: Action;
}

/** "field: message; other: message" — readable by staff, unlike a JSON dump of zod issues. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.filter((p) => typeof p !== 'symbol').join('.');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : undefined;
      // A fault of ours is logged in full but never shown: its text may hold SQL or data.
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: zodError ? describeZodError(zodError) : internal ? 'Something went wrong on the server' : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: zodError ? zodError.issues.map((i) => ({ path: i.path.map(String), message: i.message })) : undefined,
        },
      };
    },
  });

/** The SQLSTATE of a database error anywhere in the cause chain (the ORM wraps the driver's error). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Input errors get a readable message wherever the procedure is called from, and database constraint
 * violations are the user's input, not a server fault: both answer 4xx.
 */
const inputErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    if (result.error.cause instanceof ZodError) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(result.error.cause), cause: result.error.cause });
    }
    const code = databaseErrorCode(result.error);
    if (code === '23503') {
      throw new TRPCError({ code: 'CONFLICT', message: 'This record is linked to other records', cause: result.error });
    }
    if (code?.startsWith('23') || code?.startsWith('22')) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'The data does not fit the rules for this record', cause: result.error });
    }
  }
  return result;
});

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(inputErrors);
export const createCallerFactory = t.createCallerFactory;
