import type { AnyProcedure } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, can, RESOURCES, ROLES } from '@/shared/permissions';
import { testAppForFile } from '@/server/test/test-app-for-file';
import type { ProcedureMeta } from './init';
import { appRouter } from '@/server/app-router';
import { accountRouter } from '@/server/features/account/account.router';

/**
 * Procedures any signed-in user may call: they touch no resource's data (the session, My account, which
 * reaches only the caller's own sign-in), or (the header search) read each resource only where the role may
 * (search.integration.test.ts and the access tests check that).
 */
/** The carer app's own procedures: a carer's account alone may call them (carer-app.integration.test.ts). */
const CARERS_ONLY = new Set(['carerApp.myVisits', 'carerApp.sync', 'carerApp.sendWellbeing', 'carerApp.answerChange', 'carerApp.myAvailability', 'carerApp.setMyAvailability']);
/** Open without a sign-in: a phone whose sign-in was refused asks whether its access ended (carer-sign-in.integration.test.ts). */
const OPEN_WITHOUT_SIGN_IN = new Set(['carerApp.accessState']);

const OPEN_TO_EVERY_ROLE = new Set([
  'session.me',
  'search.find',
  ...Object.keys(accountRouter._def.procedures).map((name) => `account.${name}`),
]);

// At run time this is the flat map of procedure paths (its declared type is the nested router).
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  meta: procedure._def.meta as ProcedureMeta | undefined,
}));

const { t } = testAppForFile();
const tokens = new Map<string, string>();
beforeAll(async () => {
  for (const role of ROLES) tokens.set(role, await t.idToken(role));
});

/** Calls a procedure over HTTP exactly as the web app does, with an empty input (never valid for a change). */
function call(path: string, type: string, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return type === 'query'
    ? t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent('{}')}`, headers })
    : t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
}

describe('the permission matrix against the running server', () => {
  it('has a resource and action on every procedure but the open ones', () => {
    const unguarded = procedures.filter(
      (p) => !OPEN_TO_EVERY_ROLE.has(p.path) && !CARERS_ONLY.has(p.path) && !OPEN_WITHOUT_SIGN_IN.has(p.path) && !(p.meta?.resource && p.meta.action),
    );
    expect(unguarded.map((p) => p.path)).toEqual([]);
  });

  it.each([...OPEN_WITHOUT_SIGN_IN])('%s tells every role and no sign-in nothing, for a token that is not a carer app’s', async (path) => {
    const { type } = procedures.find((p) => p.path === path)!;
    for (const token of [undefined, ...tokens.values()]) {
      const response = type === 'mutation'
        ? await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: JSON.stringify({ idToken: token ?? 'eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl' }) })
        : await call(path, type, token);
      expect(response.json()).toEqual({ result: { data: { ended: false } } });
    }
  });

  it.each([...CARERS_ONLY])('%s refuses every role of the office', async (path) => {
    const { type } = procedures.find((p) => p.path === path)!;
    for (const role of ROLES.filter((r) => r !== 'Carer')) {
      const response = await call(path, type, tokens.get(role));
      expect({ role, code: response.json()?.error?.data?.code }).toEqual({ role, code: 'FORBIDDEN' });
    }
  });

  it('backs every granted cell of the matrix with at least one procedure', () => {
    const cells = RESOURCES.flatMap((resource) =>
      ACTIONS.filter((action) => ROLES.some((role) => can(role, resource, action))).map((action) => `${resource}.${action}`),
    );
    // Files up and down are plain routes, each tested with its route: the whole-data export and the import upload.
    const served = new Set([...procedures.map((p) => `${p.meta?.resource}.${p.meta?.action}`), 'transfer.read', 'transfer.create']);
    expect(cells.filter((cell) => !served.has(cell))).toEqual([]);
  });

  it.each(procedures.filter((p) => p.meta?.resource).map((p) => [p.path, p] as const))(
    '%s: every role gets exactly what the matrix grants',
    async (_path, { path, type, meta }) => {
      for (const role of ROLES) {
        const response = await call(path, type, tokens.get(role));
        const allowed = can(role, meta!.resource!, meta!.action!);
        const code = response.json()?.error?.data?.code ?? 'OK';
        // Allowed calls fail only on the empty input (or succeed for reads); refused ones are FORBIDDEN.
        expect({ role, code }).toEqual({ role, code: allowed ? expect.not.stringMatching(/^(FORBIDDEN|UNAUTHORIZED)$/) : 'FORBIDDEN' });
        expect(response.statusCode).toBeLessThan(500);
      }
    },
  );

  it.each(procedures.filter((p) => !OPEN_WITHOUT_SIGN_IN.has(p.path)).map((p) => [p.path, p] as const))('%s refuses callers without a token', async (_path, { path, type }) => {
    const response = await call(path, type);
    expect(response.statusCode).toBe(401);
  });
});
