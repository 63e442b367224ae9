/**
 * Disabling ends access at once, shown against the real server (a child process, on PGlite or, in the
 * PostgreSQL pass, on PostgreSQL) running the whole time: both people sign in through the login page, the
 * Admin disables the Coordinator from the API, and the Coordinator's very next call and refresh fail.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '@/server/accounts/accounts';
import { freeLoopbackPort, type ServerProcess, startServerProcess } from '@/server/launch';
import { apiClient, refreshOverHttp, signInForTokens } from '@/server/test/http-sign-in';
import { createServerStorage, openServerDatabase } from '@/server/test/server-storage';

const ADMIN = { email: 'disable.admin@valecare.test', password: 'disable-admin-password' };
const COORDINATOR = { email: 'disable.coordinator@valecare.test', password: 'disable-coordinator-password' };

/** The HTTP status a call was answered with. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof TRPCClientError && typeof error.data?.httpStatus === 'number') return error.data.httpStatus;
    throw error;
  }
}

describe(`disabling a signed-in member of staff (${process.env.VALECARE_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  let storage: Awaited<ReturnType<typeof createServerStorage>>;
  let server: ServerProcess | undefined;
  let coordinatorId: string;

  beforeAll(async () => {
    storage = await createServerStorage('disable');
    // Before the server starts: a PGlite data directory has one user at a time.
    const connection = await openServerDatabase(storage.database);
    await addUser(connection.db, { ...ADMIN, givenName: 'Ada', familyName: 'Admin', role: 'Admin' });
    coordinatorId = (await addUser(connection.db, { ...COORDINATOR, givenName: 'Cy', familyName: 'Coordinator', role: 'Coordinator' })).user.id;
    await connection.close();
    // The Admin signs in with a password alone here; two-step sign-in is shown elsewhere.
    server = await startServerProcess({ port: await freeLoopbackPort(), database: storage.database, env: { MFA_REQUIRED_ROLES: 'none' } });
  }, 90_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await storage?.remove();
  });

  it('refuses their very next API call with 401 and their refresh token, while the server keeps running', { timeout: 60_000 }, async () => {
    const url = server!.url;
    const admin = apiClient(url, (await signInForTokens(url, ADMIN)).id_token);
    const signedIn = await signInForTokens(url, COORDINATOR);
    // Working before: a call, and a refresh (whose new refresh token is the one that must stop working).
    expect(await statusOf(apiClient(url, signedIn.id_token).clients.getAll.query())).toBe(200);
    const renewed = await refreshOverHttp(url, signedIn.refresh_token);
    if ('refused' in renewed) throw new Error(`refresh before disabling was refused (${renewed.refused})`);
    const coordinator = apiClient(url, renewed.id_token);
    expect(await statusOf(coordinator.session.me.query())).toBe(200);

    await admin.staff.disable.mutate({ id: coordinatorId });

    expect(await statusOf(coordinator.clients.getAll.query())).toBe(401);
    expect(await statusOf(apiClient(url, signedIn.id_token).session.me.query())).toBe(401);
    expect(await refreshOverHttp(url, renewed.refresh_token)).toEqual({ refused: 400 });
    // Nor can they sign in again, until enabled.
    await expect(signInForTokens(url, COORDINATOR)).rejects.toThrow(/refused \(403\)/);
    await admin.staff.enable.mutate({ id: coordinatorId });
    expect(await statusOf(apiClient(url, (await signInForTokens(url, COORDINATOR)).id_token).session.me.query())).toBe(200);
  });
});
