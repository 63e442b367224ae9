import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: shared imports nothing of the app; the client imports only types from the server. */
const restrict = (patterns) => ['error', { patterns }];
const clientPatterns = [
  { group: ['@/server/*', '@/server/**'], allowTypeImports: true, message: 'The client imports only types from the server.' },
  { group: ['@/carer-app/**'], message: 'The office app does not import the carer app: what both use is in src/browser.' },
];
const serverPatterns = [{ group: ['@/client/**', '@/carer-app/**', '@/browser/**'], message: 'The server does not import the browser apps.' }];

/**
 * The carer app (src/carer-app) is a product of its own, on carers' phones: it imports the shared rules (plain
 * constants; zod and the schemas only as types, for its small bundle), what both browser apps use (src/browser) and
 * the server's types, and nothing of the office app.
 */
const carerAppPatterns = [
  { group: ['@/server/*', '@/server/**'], allowTypeImports: true, message: 'The carer app imports only types from the server.' },
  { group: ['@/client/**'], message: 'The carer app imports nothing of the office app: what both use is in src/browser.' },
  { regex: '^(?:\\.\\./)+client/', message: 'The carer app imports nothing of the office app: what both use is in src/browser.' },
  { group: ['zod', 'zod/*', '@/shared/schemas/**'], allowTypeImports: true, message: 'The carer app checks with the constants of shared/carer-app.ts, not zod: its bundle stays small.' },
];

/** What both browser apps use: the shared rules and the server's types, and neither app. */
const browserPatterns = [
  { group: ['@/server/*', '@/server/**'], allowTypeImports: true, message: 'Code of both browser apps imports only types from the server.' },
  { group: ['@/client/**', '@/carer-app/**'], message: 'Code of both browser apps imports neither app.' },
];

/**
 * What each server area's own code may import of the rest of the server (tests may also use the test helpers):
 * a feature builds on the accounts, records, the database, mail, jobs, the settings and tRPC; the accounts build on
 * records; the layers below never reach up.
 */
const SERVER_AREAS = {
  features: ['accounts', 'records', 'db', 'mail', 'jobs', 'env', 'trpc'],
  accounts: ['records', 'db', 'mail', 'env'],
  records: ['db', 'env'],
  trpc: ['accounts', 'records', 'db', 'env'],
  jobs: ['db', 'env'],
  mail: ['db', 'jobs', 'env', 'log'],
  db: ['env', 'paths'],
  auth: ['accounts', 'db', 'records', 'mail', 'env', 'paths'],
};

/** The no-restricted-imports pattern that keeps an area's code to the areas it may import (and its own). */
function areaPattern(area) {
  const allowed = [area, ...SERVER_AREAS[area]].join('|');
  return {
    regex: `^@/server/(?!(?:${allowed})(?:/|$))`,
    message: `Code in server/${area} imports only ${SERVER_AREAS[area].join(', ')} of the server (docs/architecture.md).`,
  };
}

/** The app assembles the features, so a feature never reaches back into it. */
const appImport = { regex: '^(?:@/client/app/|(?:\\.\\./)+(?:client/)?app/)', message: 'A feature does not import the app that assembles it.' };

/**
 * A feature imports none of another feature's files, by `@/` or relative path (docs/decisions/111-feature-imports-none-another-feature-s.md). One block per feature folder, as the rule needs to know which feature is its own; each block
 * repeats its side's patterns because a later block replaces the rule's options rather than adding to them.
 */
function featureBoundaries(side, sidePatterns) {
  const features = readdirSync(new URL(`./src/${side}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.flatMap((feature) => {
    const others = features.filter((other) => other !== feature).join('|');
    const patterns = [
      ...sidePatterns,
      {
        regex: `^(?:@/${side}/features/|(?:\\.\\./)+(?:(?:${side}/)?features/)?)(?:${others})(?:/|$)`,
        message: `A feature does not import another feature's files; shared pieces belong in ${side === 'client' ? 'components/ or lib/' : 'records/ or accounts/'}.`,
      },
      ...(side === 'client' ? [appImport] : []),
    ];
    const files = [`src/${side}/features/${feature}/**/*.{ts,tsx}`];
    const blocks = [{ files, rules: { '@typescript-eslint/no-restricted-imports': restrict(patterns) } }];
    // A server feature's own code (its tests may start servers and use the test helpers) keeps to its areas.
    if (side === 'server') {
      blocks.push({ files, ignores: ['**/*.test.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict([...patterns, areaPattern('features')]) } });
    }
    return blocks;
  });
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/carer-app/**/*.{ts,tsx}', 'src/browser/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Effects that reset local UI state on navigation are intended here.
      'react-hooks/set-state-in-effect': 'off',
      // No React Compiler here; TanStack Virtual is used as documented.
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['src/client/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(clientPatterns) } },
  { files: ['src/carer-app/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(carerAppPatterns) } },
  { files: ['src/browser/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(browserPatterns) } },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        { group: ['@/server/**', '@/client/**', '@/carer-app/**', '@/browser/**'], message: 'Shared code imports nothing of the app.' },
        { group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'node:*'], message: 'Shared code runs on both sides.' },
      ]),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(serverPatterns),
    },
  },
  ...Object.keys(SERVER_AREAS)
    .filter((area) => area !== 'features')
    .map((area) => ({
      files: [`src/server/${area}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': restrict([...serverPatterns, areaPattern(area)]) },
    })),
  // No import cycles: a module is loaded before the modules it needs (type-only imports leave no cycle at run time).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...featureBoundaries('client', clientPatterns),
  ...featureBoundaries('server', serverPatterns),
);
