import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './scripts/timings-reporters/vitest.ts'],
    // A worker a core (Vitest's own default leaves one core idle, which on two cores halves the pace).
    maxWorkers: '100%',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts', 'bench/**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'ui',
          include: ['src/client/**/*.test.tsx', 'src/carer-app/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
          css: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts', 'bench/**/*.integration.test.ts'],
          environment: 'node',
          // A worker loads the server's modules once for all its files, not once a file (a second each): every
          // file opens a database and an app of its own, and keeps no state in the modules between them.
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
