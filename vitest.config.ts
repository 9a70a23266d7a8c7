import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (contracts, server, web logic), the API suite (run once per database
// by scripts/test.mjs through DATABASE_URL), and web component tests in happy-dom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/test/unit/**/*.test.ts'],
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
    ],
  },
});
