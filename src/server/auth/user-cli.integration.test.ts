import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'valecare-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run user -- …` as a person would (same entry point, same environment variables). */
function user(...args: string[]) {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/auth/user-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
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
    expect(user('remove', '--email', 'jo@example.org').code).toBe(0);
    expect(user('list').out).toBe('No users.\n');
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
