import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '@/server/app';
import { OIDC_PURGE_INTERVAL_MS } from '@/server/auth/oidc-adapter';
import type { DatabaseConnection } from '@/server/db/client';
import { oidcModels } from '@/server/db/schema/auth';
import { testEnv } from '@/server/test/test-app';
import { createTestDatabase } from '@/server/test/test-database';

const HOUR = 60 * 60 * 1000;

let database: DatabaseConnection | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await database?.close();
  database = undefined;
});

async function addRow(db: DatabaseConnection['db'], id: string, expiresAt: Date | null) {
  await db.insert(oidcModels).values({ type: 'Session', id, payload: { jti: id }, expiresAt });
}

async function rowIds(db: DatabaseConnection['db']) {
  return (await db.select({ id: oidcModels.id }).from(oidcModels)).map((row) => row.id).sort();
}

it('expired sign-in records are purged when the app starts, live ones kept', async () => {
  database = await createTestDatabase();
  const { db } = database;
  await addRow(db, 'expired', new Date(Date.now() - HOUR));
  await addRow(db, 'live', new Date(Date.now() + HOUR));
  await addRow(db, 'no-expiry', null);
  const app = await buildApp({ database, env: testEnv(), clientDir: false });
  await app.ready();
  expect(await rowIds(db)).toEqual(['live', 'no-expiry']);
  await app.close();
});

it('expired sign-in records are purged daily while the app runs', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  database = await createTestDatabase();
  const { db } = database;
  const app = await buildApp({ database, env: testEnv(), clientDir: false });
  await app.ready();
  await addRow(db, 'expired-since-start', new Date(Date.now() - HOUR));
  expect(await rowIds(db)).toEqual(['expired-since-start']);
  vi.advanceTimersByTime(OIDC_PURGE_INTERVAL_MS);
  await vi.waitFor(async () => expect(await rowIds(db)).toEqual([]));
  await app.close();
});
