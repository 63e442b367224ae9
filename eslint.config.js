import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: shared imports nothing of the app; the client imports only types from the server. */
const restrict = (patterns) => ['error', { patterns }];
const clientPatterns = [
  { group: ['@/server/*', '@/server/**'], allowTypeImports: true, message: 'The client imports only types from the server.' },
];
const serverPatterns = [{ group: ['@/client/**'], message: 'The server does not import the client.' }];

/** The app assembles the features, so a feature never reaches back into it. */
const appImport = { regex: '^(?:@/client/app/|(?:\\.\\./)+(?:client/)?app/)', message: 'A feature does not import the app that assembles it.' };

/**
 * A feature imports none of another feature's files, by `@/` or relative path (decisions.md, "Feature
 * boundaries"). One block per feature folder, as the rule needs to know which feature is its own; each block
 * repeats its side's patterns because a later block replaces the rule's options rather than adding to them.
 */
function featureBoundaries(side, sidePatterns, exceptions = {}) {
  const features = readdirSync(new URL(`./src/${side}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature).join('|');
    const allowed = (exceptions[feature] ?? []).map((path) => `${path.replaceAll('.', '\\.')}$`);
    const notAllowed = allowed.length ? `(?!${allowed.join('|')})` : '';
    return {
      files: [`src/${side}/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': restrict([
          ...sidePatterns,
          {
            regex: `^(?:@/${side}/features/|(?:\\.\\./)+(?:(?:${side}/)?features/)?)${notAllowed}(?:${others})(?:/|$)`,
            message: `A feature does not import another feature's files; shared pieces belong in ${side === 'client' ? 'components/ or lib/' : 'records/'}.`,
          },
          ...(side === 'client' ? [appImport] : []),
        ]),
      },
    };
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
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Effects that reset local UI state on navigation are intended here.
      'react-hooks/set-state-in-effect': 'off',
      // No React Compiler here; TanStack Table and Virtual are used as documented.
      'react-hooks/incompatible-library': 'off',
      '@typescript-eslint/no-restricted-imports': restrict(clientPatterns),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        { group: ['@/server/**', '@/client/**'], message: 'Shared code imports nothing of the app.' },
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
  ...featureBoundaries('client', clientPatterns),
  // The one exception: a person's data export gathers whole client and carer records.
  ...featureBoundaries('server', serverPatterns, { 'data-protection': ['clients/clients.service', 'carers/carers.service'] }),
);
