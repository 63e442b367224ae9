import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { oidcModels } from '@/server/db/schema/auth';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import { runCommand } from '@/server/test/command-line';
import { enrolWithSecret, isEnrolled } from '@/server/accounts/two-step';
import { PASSWORD_MESSAGES } from '@/server/accounts/password-policy';
import { newTotpSecret } from '@/server/accounts/totp';
import { findUserByEmail } from '@/server/accounts/accounts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'valecare-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run user -- …` as a person would (same entry point, same environment variables). */
function user(...args: string[]) {
  return runCommand('user', args, { DATA_DIR: dataDir, DATABASE_URL: '' });
}

/** Opens the CLI's data directory between commands, as the server would. */
async function withDatabase<T>(task: (db: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(loadEnv({ DATA_DIR: dataDir }));
  try {
    return await task(database.db);
  } finally {
    await database.close();
  }
}

/** A signed-in session of the user, as the provider stores one. */
async function giveSession(db: Database, accountId: string) {
  await db.insert(oidcModels).values({ type: 'Session', id: `s-${accountId}-${Date.now()}`, payload: { accountId } });
}

async function sessionsOf(db: Database, accountId: string) {
  return (await db.select().from(oidcModels).where(sql`${oidcModels.payload}->>'accountId' = ${accountId}`)).length;
}

// Each call starts a process and the database engine: allow for a busy machine.
const SLOW = 120_000;

describe('npm run user', () => {
  it('adds a user with a generated password, lists, changes role and password, and removes', () => {
    const added = user('add', '--email', 'Jo@Example.org', '--given-name', 'Jo', '--family-name', 'Bloggs', '--role', 'Coordinator');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Added jo@example\.org \(Coordinator\)\. Password: \S{20,}/);

    expect(user('set-role', '--email', 'jo@example.org', '--role', 'Trustee').code).toBe(0);
    expect(user('list').out).toContain('jo@example.org\tTrustee\tJo Bloggs');
    expect(user('set-password', '--email', 'jo@example.org', '--password', 'a-new-long-password').out).toBe('Password changed.\n');
    const common = user('set-password', '--email', 'jo@example.org', '--password', 'password1234');
    expect([common.code, common.err]).toEqual([2, expect.stringContaining(PASSWORD_MESSAGES.tooCommon)]);
    const short = user('add', '--email', 'al@example.org', '--given-name', 'Al', '--family-name', 'Bee', '--role', 'Finance', '--password', 'elevenchars');
    expect([short.code, short.err]).toEqual([2, expect.stringContaining(PASSWORD_MESSAGES.tooShort)]);
    expect(user('remove', '--email', 'jo@example.org').code).toBe(0);
    expect(user('list').out).toBe('No users.\n');
  }, SLOW);

  it('disables and enables a user, and resets their two-step sign-in, ending their sessions each time', async () => {
    expect(user('add', '--email', 'kim@example.org', '--given-name', 'Kim', '--family-name', 'Vale', '--role', 'Admin').code).toBe(0);
    const kim = (await withDatabase((db) => findUserByEmail(db, 'kim@example.org')))!;
    await withDatabase(async (db) => {
      await enrolWithSecret(db, kim.id, newTotpSecret());
      await giveSession(db, kim.id);
    });
    expect(user('list').out).toContain('kim@example.org\tAdmin\tKim Vale\ttwo-step on\tactive');

    // The last enabled Admin is kept, as on the Staff screen.
    for (const refused of [user('disable', '--email', 'kim@example.org'), user('set-role', '--email', 'kim@example.org', '--role', 'Finance'), user('remove', '--email', 'kim@example.org')]) {
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('kim@example.org is the last enabled Admin');
    }
    expect(await withDatabase((db) => sessionsOf(db, kim.id))).toBe(1);
    expect(user('add', '--email', 'ann@example.org', '--given-name', 'Ann', '--family-name', 'Vale', '--role', 'Admin').code).toBe(0);

    const disabled = user('disable', '--email', 'kim@example.org');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toContain('Disabled kim@example.org and ended their sessions');
    expect(user('list').out).toContain('kim@example.org\tAdmin\tKim Vale\ttwo-step on\tdisabled');
    expect(await withDatabase((db) => sessionsOf(db, kim.id))).toBe(0);

    expect(user('enable', '--email', 'kim@example.org').code).toBe(0);
    await withDatabase((db) => giveSession(db, kim.id));
    const reset = user('reset-mfa', '--email', 'kim@example.org');
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('Cleared the two-step sign-in of kim@example.org and ended their sessions');
    await withDatabase(async (db) => {
      expect(await sessionsOf(db, kim.id)).toBe(0);
      expect(await isEnrolled(db, kim.id)).toBe(false);
      expect((await findUserByEmail(db, 'kim@example.org'))?.disabled).toBe(false);
    });
    expect(user('remove', '--email', 'kim@example.org').code).toBe(0);
    expect(user('remove', '--email', 'ann@example.org').err).toContain('ann@example.org is the last enabled Admin');
  }, SLOW);

  it('refuses bad input with a clear message and exit code 2, changing nothing', () => {
    const badRole = user('add', '--email', 'a@b.org', '--given-name', 'A', '--family-name', 'B', '--role', 'Boss');
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('Role must be one of Admin, Trustee, Coordinator, Finance, Test');
    expect(user('add', '--email', 'a@b.org', '--role', 'Admin').err).toContain('--given-name is required');
    expect(user('frobnicate').code).toBe(2);
    expect(user('list', '--colour').code).toBe(2);
    const unknown = user('set-password', '--email', 'nobody@b.org');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No user has the e-mail nobody@b.org');
    for (const command of ['disable', 'enable', 'reset-mfa']) {
      expect(user(command).err).toContain('--email is required');
      const nobody = user(command, '--email', 'nobody@b.org');
      expect(nobody.code).toBe(2);
      expect(nobody.err).toContain('No user has the e-mail nobody@b.org');
    }
  }, SLOW);

  it('refuses to open the data directory while another process holds it', () => {
    // The test process stands in for a running server holding the lock.
    writeFileSync(path.join(dataDir, 'valecare.lock'), String(process.pid));
    try {
      const refused = user('list');
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('stop the server first');
    } finally {
      rmSync(path.join(dataDir, 'valecare.lock'));
    }
  }, SLOW);
});
