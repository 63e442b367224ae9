import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import { ZodError } from 'zod';
import type { Action, Resource } from '@/shared/permissions';
import type { SessionUser } from '@/shared/session';
import type { Database } from '@/server/db/client';
import type { Env } from '@/server/env';
import type { EndedCarerCheck } from '@/server/records/carer-accounts';

export interface Context {
  db: Database;
  /** The verified signed-in user, or null when the request carries no valid ID token. */
  user: SessionUser | null;
  /** The built-in provider's sign-in session the token names, if any (My account keeps it when others end). */
  sessionId?: string;
  /** Today's calendar date in the charity's time zone, read as a signed-in procedure starts. */
  todayNow: () => string;
  /** The time of day (HH:MM) in the charity's time zone, read with today: a visit may not end later than it. */
  timeNow: () => string;
  /** Areas in this deprivation decile or below count as deprived (DESIGN §3). */
  deprivationMaxDecile: number;
  /** How long records of people whose care has ended are kept before review (data protection). */
  retentionYears: number;
  log: FastifyBaseLogger;
  /** The server's settings, for work that runs outside one request's data (jobs run on demand). */
  env: Env;
  /** The caller's address, for the limits on password attempts. */
  clientIp: string;
  /** Whether a carer-app token's carer has had their access ended (the built-in provider's tokens only). */
  carerAccessEnded?: (idToken: string) => Promise<boolean>;
  /** The ended carer a phone's last token speaks for, to send the visits it recorded before the end (decision 309). */
  endedCarer?: EndedCarerCheck;
  /** The bearer token the call carried when it did not verify: a phone's last, after its carer's access ended. */
  refusedToken?: string;
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
