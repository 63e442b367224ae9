import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret } from 'otpauth';
import type { StaffRole as Role } from '@/shared/permissions';
import { enrolWithSecret } from '@/server/accounts/two-step';
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from '@/server/accounts/totp';
import { addUser } from '@/server/accounts/accounts';
import type { Database } from '@/server/db/client';
import { loadEnv } from '@/server/env';

export const E2E_PASSWORD = 'correct-horse-battery';

/** Roles whose users sign in with a code from an authenticator app, as the servers under test are configured. */
const CODE_ROLES: readonly string[] = loadEnv().mfaRequiredRoles;

export function needsCode(role: Role): boolean {
  return CODE_ROLES.includes(role);
}

/**
 * Each code works once (and only around its own 30 seconds), so one account cannot sign in many times a
 * minute. Roles that sign in with a code therefore have seats: several accounts for each test worker,
 * used in turn, and never shared between workers.
 */
export const SEATS_PER_WORKER = 5;
const WORKERS_WITH_SEATS = 4;

export function seatsOf(role: Role): number[] {
  return needsCode(role) ? Array.from({ length: SEATS_PER_WORKER * WORKERS_WITH_SEATS }, (_, seat) => seat) : [0];
}

/** The seat a worker's n-th sign-in as the role takes. */
export function seatFor(role: Role, workerIndex: number, n: number): number {
  return needsCode(role) ? (workerIndex % WORKERS_WITH_SEATS) * SEATS_PER_WORKER + (n % SEATS_PER_WORKER) : 0;
}

/** A known authenticator secret per account, so tests can compute its codes. */
function e2eSecret(email: string): string {
  return new Secret({ buffer: new Uint8Array(createHash('sha1').update(`valecare e2e ${email}`).digest()).buffer }).base32;
}

export interface E2eUser {
  email: string;
  givenName: string;
  familyName: string;
  role: Role;
  password: string;
  /** Set for accounts that sign in with a code: the secret their authenticator app holds. */
  totpSecret?: string;
}

/** One account per role (several for roles that sign in with a code), created before the server starts. */
export function e2eUser(role: Role, seat = 0): E2eUser {
  const name = role.toLowerCase();
  const email = seat === 0 ? `${name}@valecare.test` : `${name}.${seat}@valecare.test`;
  return {
    email,
    givenName: role,
    familyName: 'Tester',
    role,
    password: E2E_PASSWORD,
    ...(needsCode(role) ? { totpSecret: e2eSecret(email) } : {}),
  };
}

/** An Admin who has not set up two-step sign-in yet: the set-up test takes them through it. */
export const NEWCOMER: E2eUser = { email: 'newcomer.admin@valecare.test', givenName: 'New', familyName: 'Admin', role: 'Admin', password: E2E_PASSWORD };

/** A Coordinator only the My account test signs in as: it changes their password and sets up their app. */
export const ACCOUNT_OWNER: E2eUser = { email: 'own.account@valecare.test', givenName: 'Owen', familyName: 'Account', role: 'Coordinator', password: E2E_PASSWORD };

/**
 * Coordinators whose sessions the typed-work tests end under a form, one a test: signing out everywhere ends every
 * session of the account, so a test running beside it in another worker must not share it.
 */
export const DRAFT_KEEPER: E2eUser = { email: 'dora.drafts@valecare.test', givenName: 'Dora', familyName: 'Drafts', role: 'Coordinator', password: E2E_PASSWORD };
export const SIGNED_OUT_ELSEWHERE: E2eUser = { email: 'eli.elsewhere@valecare.test', givenName: 'Eli', familyName: 'Elsewhere', role: 'Coordinator', password: E2E_PASSWORD };

/** Adds the account, with its authenticator app already set up where it has a secret. */
export async function addE2eUser(db: Database, account: E2eUser): Promise<void> {
  const { user } = await addUser(db, account);
  if (account.totpSecret) await enrolWithSecret(db, user.id, account.totpSecret);
}

/** Adds every seat of every role. */
export async function addE2eUsers(db: Database, roles: readonly Role[]): Promise<void> {
  for (const role of roles) for (const seat of seatsOf(role)) await addE2eUser(db, e2eUser(role, seat));
}

// The last time step used per account and server, kept in files so a restarted worker remembers too.
const USED_STEPS_DIR = path.join(tmpdir(), 'valecare-e2e-used-codes');

function usedStepFile(server: string, email: string): string {
  return path.join(USED_STEPS_DIR, createHash('sha256').update(`${server} ${email}`).digest('hex'));
}

/**
 * A code the server will accept now: the current step's, or the next one's when the current was used
 * (a code one step ahead is accepted); failing both, it waits for the next step.
 */
export async function freshTotpCode(secret: string, { server, email }: { server: string; email: string }): Promise<string> {
  mkdirSync(USED_STEPS_DIR, { recursive: true });
  const file = usedStepFile(server, email);
  let lastUsed = Number.NEGATIVE_INFINITY;
  try {
    lastUsed = Number(readFileSync(file, 'utf8'));
  } catch {
    // never used on this server
  }
  const step = Math.max(totpStep(Date.now()), lastUsed + 1);
  while (step > totpStep(Date.now()) + 1) {
    const periodMs = TOTP_PERIOD_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, periodMs - (Date.now() % periodMs) + 50));
  }
  writeFileSync(file, String(step));
  return totpCode(secret, step);
}

/** A six-digit code that no step near now accepts. */
export function wrongTotpCode(secret: string): string {
  const now = totpStep(Date.now());
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, now + offset)));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code += 111111;
  return String(code).padStart(6, '0');
}

/** Post codes the browser tests rely on: TA4 9ZZ is deprived on income and health. */
export const E2E_DEPRIVED_AREAS = [
  { postCode: 'TA4 9ZZ', lsoaCode: 'E01029000', incomeDecile: 1, healthDecile: 2, edition: 'IoD2025' },
  { postCode: 'TA4 9ZY', lsoaCode: 'E01029001', incomeDecile: 9, healthDecile: 8, edition: 'IoD2025' },
  // Places for travel: Wiveliscombe, two doors in Milverton, and Chipstable to the west.
  { postCode: 'TA4 1TD', lsoaCode: 'E01029002', incomeDecile: 6, healthDecile: 6, edition: 'IoD2025', latitude: 51.0415, longitude: -3.3116 },
  { postCode: 'TA4 7TA', lsoaCode: 'E01029003', incomeDecile: 6, healthDecile: 6, edition: 'IoD2025', latitude: 51.0265, longitude: -3.2545 },
  { postCode: 'TA4 7TB', lsoaCode: 'E01029003', incomeDecile: 6, healthDecile: 6, edition: 'IoD2025', latitude: 51.0301, longitude: -3.2502 },
  { postCode: 'TA4 2TC', lsoaCode: 'E01029004', incomeDecile: 6, healthDecile: 6, edition: 'IoD2025', latitude: 51.0395, longitude: -3.3788 },
];
