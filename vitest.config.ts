import { defineConfig } from 'vitest/config';

// Four projects: pure unit tests (contracts, server, web logic), the API suite (run once per database
// by scripts/test.mjs through DATABASE_URL), web component tests in happy-dom, and the end-to-end tests
// that drive the system Chromium against the built server (scripts/test.mjs builds first).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/test/unit/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/component/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Each file starts a server and a browser; one file at a time keeps a 2-core machine responsive.
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
