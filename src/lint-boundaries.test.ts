import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });
const boundaryRule = '@typescript-eslint/no-restricted-imports';

/** The lint messages of a file at `filePath` (it need not exist) that imports `source` and uses what it imports. */
async function lintImport(filePath: string, source: string, typeOnly = false) {
  const code = typeOnly
    ? `import { type Thing } from '${source}';\nexport type Other = Thing;\n`
    : `import { thing } from '${source}';\nexport const other = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

// ESLint reads its config and the TypeScript parser at its first file: once, here, with room for a slow machine.
beforeAll(() => lintImport('src/client/features/clients/warm-up.tsx', 'react'), 30_000);

/** Linting a file with types resolves what it imports: the app's router is most of the app (1.8 s under CI). */
const LINT_TIMEOUT = { timeout: 15_000 };

const crossFeature = expect.arrayContaining([
  { ruleId: boundaryRule, message: expect.stringContaining("does not import another feature's files") },
]);

describe('client feature boundaries', LINT_TIMEOUT, () => {
  const inClients = 'src/client/features/clients/client-thing.tsx';

  it.each(['@/client/features/carers/carer-form', '../carers/carer-form', '../../features/carers/carer-form'])(
    'a feature importing another feature (%s) fails',
    async (source) => {
      expect(await lintImport(inClients, source)).toEqual(crossFeature);
    },
  );

  it('a file in a feature subfolder importing another feature fails', async () => {
    expect(await lintImport('src/client/features/clients/parts/client-part.tsx', '../../carers/carer-form')).toEqual(crossFeature);
  });

  it.each([
    '@/client/features/clients/client-form',
    './client-form',
    '@/client/components/record/detail-dialog',
    '@/client/lib/trpc',
    '@/shared/dates',
  ])('a feature may import %s', async (source) => {
    expect(await lintImport(inClients, source)).toEqual([]);
  });

  it.each(['@/client/app/router', '../../app/router'])('a feature importing the app (%s) fails', async (source) => {
    expect(await lintImport(inClients, source)).toEqual([
      { ruleId: boundaryRule, message: expect.stringContaining('does not import the app') },
    ]);
  });

  it('the app assembles features', async () => {
    expect(await lintImport('src/client/app/router.tsx', '@/client/features/carers/carer-form')).toEqual([]);
  });

  it('a feature still imports only types from the server', async () => {
    expect(await lintImport(inClients, '@/server/features/carers/carers.router', true)).toEqual([]);
    expect(await lintImport(inClients, '@/server/features/carers/carers.router')).toEqual([
      { ruleId: boundaryRule, message: expect.stringContaining('only types from the server') },
    ]);
  });
});

describe('the carer app and the office app', LINT_TIMEOUT, () => {
  const inCarerApp = 'src/carer-app/carer-thing.tsx';
  const officeRefused = [{ ruleId: boundaryRule, message: expect.stringContaining('imports nothing of the office app') }];

  it.each(['@/client/features/clients/client-form', '@/client/lib/trpc', '@/client/components/ui/button', '../client/lib/trpc'])(
    'the carer app importing the office app (%s) fails',
    async (source) => {
      expect(await lintImport(inCarerApp, source)).toEqual(officeRefused);
    },
  );

  it('the carer app imports the server’s router, and zod and the schemas, only as types', async () => {
    for (const source of ['@/server/app-router', 'zod', '@/shared/schemas/carer-app']) {
      expect(await lintImport(inCarerApp, source, true), source).toEqual([]);
    }
    expect(await lintImport(inCarerApp, '@/server/app-router')).toEqual([{ ruleId: boundaryRule, message: expect.stringContaining('only types from the server') }]);
    for (const source of ['zod', '@/shared/schemas/carer-app']) {
      expect(await lintImport(inCarerApp, source), source).toEqual([{ ruleId: boundaryRule, message: expect.stringContaining('not zod') }]);
    }
  });

  it.each(['@/shared/carer-app', '@/browser/oidc-tokens', './outbox', 'idb'])('the carer app may import %s', async (source) => {
    expect(await lintImport(inCarerApp, source)).toEqual([]);
  });

  it.each(['src/client/features/clients/client-thing.tsx', 'src/client/lib/lib-thing.ts', 'src/client/app/app-thing.tsx'])(
    '%s importing the carer app fails',
    async (file) => {
      expect(await lintImport(file, '@/carer-app/outbox')).toEqual(
        expect.arrayContaining([{ ruleId: boundaryRule, message: expect.stringContaining('does not import the carer app') }]),
      );
    },
  );

  it('what both browser apps use imports neither; the office app may import it', async () => {
    for (const source of ['@/client/lib/trpc', '@/carer-app/outbox']) {
      expect(await lintImport('src/browser/browser-thing.ts', source), source).toEqual([{ ruleId: boundaryRule, message: expect.stringContaining('imports neither app') }]);
    }
    expect(await lintImport('src/client/lib/lib-thing.ts', '@/browser/oidc-tokens')).toEqual([]);
    expect(await lintImport('src/server/features/clients/client-thing.ts', '@/carer-app/outbox')).toEqual(
      expect.arrayContaining([{ ruleId: boundaryRule, message: expect.stringContaining('does not import the browser apps') }]),
    );
  });
});

describe('server feature boundaries', LINT_TIMEOUT, () => {
  const inRequests = 'src/server/features/requests/request-thing.ts';

  it.each(['@/server/features/clients/clients.service', '../clients/clients.service'])(
    'a feature importing another feature (%s) fails',
    async (source) => {
      expect(await lintImport(inRequests, source)).toEqual(crossFeature);
    },
  );

  it.each([
    '@/server/features/requests/requests.service',
    './requests.service',
    '@/server/records/audit-trail',
    '@/server/db/client',
    '@/server/trpc/procedures',
    '@/server/mail/mail',
    '@/server/jobs/jobs',
    '@/server/env',
    '@/shared/permissions',
    'drizzle-orm',
  ])('a feature may import %s', async (source) => {
    expect(await lintImport(inRequests, source)).toEqual([]);
  });

  const outsideItsAreas = expect.arrayContaining([{ ruleId: boundaryRule, message: expect.stringContaining('Code in server/features imports only') }]);

  it.each(['@/server/auth/token-verifier', '@/server/query-cache/query-cache', '@/server/demo/seed-demo', '@/server/app-router', '@/server/launch'])(
    'a feature reaching outside its areas (%s) fails',
    async (source) => {
      expect(await lintImport(inRequests, source)).toEqual(outsideItsAreas);
    },
  );

  it('a feature test may start servers and use the test helpers', async () => {
    const test = 'src/server/features/requests/request-thing.integration.test.ts';
    expect(await lintImport(test, '@/server/launch')).toEqual([]);
    expect(await lintImport(test, '@/server/test/test-app')).toEqual([]);
  });

  it.each([
    ['src/server/records/record-thing.ts', '@/server/features/clients/clients.service', 'server/records'],
    ['src/server/records/record-thing.ts', '@/server/trpc/procedures', 'server/records'],
    ['src/server/records/record-thing.ts', '@/server/accounts/carer-accounts', 'server/records'],
    ['src/server/accounts/account-thing.ts', '@/server/features/account/account.service', 'server/accounts'],
    ['src/server/accounts/account-thing.ts', '@/server/trpc/procedures', 'server/accounts'],
    ['src/server/db/db-thing.ts', '@/server/records/audit-trail', 'server/db'],
    ['src/server/trpc/trpc-thing.ts', '@/server/features/clients/clients.service', 'server/trpc'],
    ['src/server/auth/auth-thing.ts', '@/server/features/clients/clients.service', 'server/auth'],
  ])('%s importing %s fails: the layers below the features never reach up', async (file, source, area) => {
    expect(await lintImport(file, source)).toEqual([{ ruleId: boundaryRule, message: expect.stringContaining(`Code in ${area} imports only`) }]);
  });

  it('the sign-in pages and the features use the accounts area, not My account', async () => {
    expect(await lintImport('src/server/auth/auth-thing.ts', '@/server/accounts/accounts')).toEqual([]);
    expect(await lintImport('src/server/features/staff/staff-thing.ts', '@/server/accounts/two-step')).toEqual([]);
    expect(await lintImport('src/server/features/carer-app/carer-app-thing.ts', '@/server/accounts/password-links')).toEqual([]);
    expect(await lintImport('src/server/features/staff/staff-thing.ts', '@/server/features/account/account.service')).toEqual(crossFeature);
  });

  it.each(['src/server/app-router.ts', 'src/server/demo/seed-demo.ts', 'bench/load.ts'])('%s may import features', async (file) => {
    expect(await lintImport(file, '@/server/features/clients/clients.service')).toEqual([]);
  });

  it('data protection reads whole people through records, not the client and carer services', async () => {
    const inDataProtection = 'src/server/features/data-protection/data-protection.service.ts';
    expect(await lintImport(inDataProtection, '@/server/records/client-record')).toEqual([]);
    expect(await lintImport(inDataProtection, '@/server/records/carer-record')).toEqual([]);
    expect(await lintImport(inDataProtection, '@/server/features/clients/clients.service')).toEqual(crossFeature);
    expect(await lintImport(inDataProtection, '../carers/carers.service')).toEqual(crossFeature);
  });
});

describe('import cycles', LINT_TIMEOUT, () => {
  const cycleRule = 'import-x/no-cycle';

  it('a module importing one that imports it back fails', async () => {
    // carer-exclusions.ts imports role-views.ts: role-views importing it back closes a cycle.
    const [result] = await eslint.lintText("import { readableExclusions } from './carer-exclusions';\nexport const trim = readableExclusions;\n", {
      filePath: 'src/server/records/role-views.ts',
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain(cycleRule);
  });

  it('a longer cycle through other modules fails too', async () => {
    // clients.service.ts imports carer-exclusions.ts, which imports role-views.ts.
    const [result] = await eslint.lintText("import { listClients } from '@/server/features/clients/clients.service';\nexport const list = listClients;\n", {
      filePath: 'src/server/records/role-views.ts',
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain(cycleRule);
  });

  it('importing only a type back is no cycle at run time', async () => {
    const [result] = await eslint.lintText("import type { ClientExclusion } from './carer-exclusions';\nexport type Trimmed = ClientExclusion[];\n", {
      filePath: 'src/server/records/role-views.ts',
    });
    expect(result!.messages.map((m) => m.ruleId)).not.toContain(cycleRule);
  });
});
