import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CHARITY_TIME_ZONE } from '@/shared/dates';
import { isRole, ROLES, type Role } from '@/shared/permissions';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * Which proxies' X-Forwarded-* headers to believe: none, a number of hops in front of the server (each
 * appends the address it saw, so the client is that many entries from the right), or the proxies'
 * addresses. Everything left of the trusted part of X-Forwarded-For is the caller's to write.
 */
export type TrustProxy = false | number | string[];

/**
 * The setting as Fastify's `trustProxy` takes it. Fastify refuses to trust a bare hop count (it cannot tell a
 * proxy from a client that reaches the server directly), so hops are given as the function proxy-addr calls
 * for each address from the socket leftwards: the first `hops` are proxies, the next is the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** proxy-addr's names for address ranges, which Fastify accepts among the addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const TRUST_PROXY_FORMAT = 'false, a number of proxy hops (true means 1), or a comma-separated list of proxy addresses or CIDR ranges';

const trustProxy = optionalText.transform((value, ctx): TrustProxy => {
  const v = value?.toLowerCase();
  if (v === undefined || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    if (Number(v) <= 10) return Number(v);
    ctx.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
    return z.NEVER;
  }
  const entries = v.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length === 0) return entries;
  ctx.addIssue({ code: 'custom', message: `"${wrong.join('", "')}" is not ${TRUST_PROXY_FORMAT}` });
  return z.NEVER;
});

export const DEFAULT_MFA_REQUIRED_ROLES: readonly Role[] = ['Admin', 'Test'];

/** A comma-separated list of role names; `none` is the empty list. */
function roleList(value: string): string[] {
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  return names.length === 1 && names[0]!.toLowerCase() === 'none' ? [] : [...new Set(names)];
}

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText,
    PUBLIC_URL: optionalText,
    OIDC_ISSUER: optionalText,
    OIDC_CLIENT_ID: optionalText,
    OIDC_GROUPS_CLAIM: optionalText,
    /** Cognito's hosted logout page (`https://<domain>/logout`); the built-in provider needs none. */
    OIDC_LOGOUT_URL: optionalText,
    TZ_CHARITY: z.string().default(CHARITY_TIME_ZONE),
    DEPRIVATION_MAX_DECILE: z.coerce.number().int().min(1).max(10).default(2),
    RETENTION_YEARS: z.coerce.number().min(1).max(100).default(6),
    /** How many days back a carer's phone may record a visit; older ones the office records. */
    CARER_RECORDING_DAYS: z.coerce.number().int().min(1).max(90).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Believe X-Forwarded-* from this many proxy hops or from these proxies (behind a reverse proxy that terminates TLS). */
    TRUST_PROXY: trustProxy,
    /** Roles that must sign in with a code from an authenticator app as well as a password; `none` for no role. */
    MFA_REQUIRED_ROLES: optionalText.transform((v) => roleList(v ?? DEFAULT_MFA_REQUIRED_ROLES.join(','))),
    /** A session ends after this long without use (the web app also counts only the user's own activity). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(12 * 60).default(30),
    /** Outgoing mail (`smtp://user:pass@host:587`, STARTTLS where offered; `smtps://` for TLS from the start); none keeps every message in the outbox. */
    SMTP_URL: optionalText,
    /** `opportunistic` sends in clear to a server with no STARTTLS (never with a password); by default mail off this machine is encrypted or not sent. */
    SMTP_TLS: optionalText.pipe(z.enum(['required', 'opportunistic']).optional()),
    MAIL_FROM: optionalText,
    CHARITY_NAME: optionalText,
    /** `false` keeps this server from running scheduled jobs (another server on the same database runs them). */
    RUN_JOBS: optionalText.pipe(z.enum(['true', 'false']).optional()),
    /** Seals the two-step sign-in key in a backup; kept away from the backups, it alone lets a restore keep two-step set-ups. */
    /** The charity's routing engine, for road travel times: an OSRM table service (`http://osrm:5000/table/v1/driving`) or Valhalla's `…/sources_to_targets`. */
    ROUTING_URL: optionalText,
    BACKUP_KEY: optionalText.pipe(z.string().min(32, 'at least 32 characters, e.g. from openssl rand -base64 32').optional()),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID)) {
      ctx.addIssue({ code: 'custom', message: 'OIDC_ISSUER and OIDC_CLIENT_ID are set together or not at all' });
    }
    for (const name of env.MFA_REQUIRED_ROLES.filter((r) => !isRole(r))) {
      ctx.addIssue({
        code: 'custom',
        path: ['MFA_REQUIRED_ROLES'],
        message: `unknown role "${name}" (roles are ${ROLES.join(', ')}, or none)`,
      });
    }
    if (env.SMTP_URL && !/^smtps?:\/\/[^/]/i.test(env.SMTP_URL)) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587' });
    }
    if (env.ROUTING_URL && !/^https?:\/\/[^/]/i.test(env.ROUTING_URL)) {
      ctx.addIssue({ code: 'custom', path: ['ROUTING_URL'], message: 'an http:// or https:// URL of a routing engine, e.g. http://osrm:5000/table/v1/driving' });
    }
    if (env.MAIL_FROM && !/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(env.MAIL_FROM)) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'an e-mail address, e.g. office@example.org or "Vale Care <office@example.org>"' });
    }
    try {
      Intl.DateTimeFormat('en-GB', { timeZone: env.TZ_CHARITY });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['TZ_CHARITY'], message: `unknown time zone "${env.TZ_CHARITY}"` });
    }
  });

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The URL users reach the product at, without a trailing slash. */
  publicUrl: string;
  /** An external OpenID issuer replaces the built-in provider when set. */
  externalOidc: { issuer: string; clientId: string; logoutUrl: string | undefined } | undefined;
  groupsClaim: string;
  timeZone: string;
  deprivationMaxDecile: number;
  /** Records of people whose care ended longer ago than this are listed for review. */
  retentionYears: number;
  /** How many days back a carer's phone may record a visit. */
  carerRecordingDays: number;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Roles whose users must enrol an authenticator app; enrolled users of any role always need it. */
  mfaRequiredRoles: Role[];
  sessionIdleMinutes: number;
  /** Outgoing mail; undefined keeps every message in the outbox. */
  smtpUrl: string | undefined;
  /** Whether mail off this machine must be encrypted (SMTP_TLS). */
  smtpTls: 'required' | 'opportunistic';
  /** The sender of every message. */
  mailFrom: string;
  /** Names the charity in messages. */
  charityName: string;
  /** Whether this server runs scheduled jobs. */
  runJobs: boolean;
  /** The key backups seal the two-step key with (`npm run backup` and `restore` only). */
  backupKey: string | undefined;
  /** An OSRM or Valhalla table service for road times; without it travel is estimated from post codes. */
  routingUrl: string | undefined;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const charityName = e.CHARITY_NAME ?? 'Valecare';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    externalOidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER.replace(/\/+$/, ''), clientId: e.OIDC_CLIENT_ID, logoutUrl: e.OIDC_LOGOUT_URL }
        : undefined,
    groupsClaim: e.OIDC_GROUPS_CLAIM ?? (e.OIDC_ISSUER ? 'cognito:groups' : 'groups'),
    timeZone: e.TZ_CHARITY,
    deprivationMaxDecile: e.DEPRIVATION_MAX_DECILE,
    retentionYears: e.RETENTION_YEARS,
    carerRecordingDays: e.CARER_RECORDING_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mfaRequiredRoles: e.MFA_REQUIRED_ROLES.filter(isRole),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    smtpUrl: e.SMTP_URL,
    smtpTls: e.SMTP_TLS ?? 'required',
    mailFrom: e.MAIL_FROM ?? `${charityName} <no-reply@${URL.canParse(publicUrl) ? new URL(publicUrl).hostname : 'localhost'}>`,
    charityName,
    runJobs: e.RUN_JOBS !== 'false',
    backupKey: e.BACKUP_KEY,
    routingUrl: e.ROUTING_URL,
  };
}
