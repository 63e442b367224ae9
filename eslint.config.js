import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: shared imports nothing of the app; the client imports only types from the server. */
const restrict = (patterns) => ['error', { patterns }];

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
      '@typescript-eslint/no-restricted-imports': restrict([
        { group: ['@/server/*', '@/server/**'], allowTypeImports: true, message: 'The client imports only types from the server.' },
      ]),
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
      '@typescript-eslint/no-restricted-imports': restrict([{ group: ['@/client/**'], message: 'The server does not import the client.' }]),
    },
  },
);
