import { availableParallelism } from 'node:os';
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
          // vitest's 5 s default failed a test on a machine at load 10; the bound only ends a hang.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          environment: 'node',
          // Every file has its own database, so files run side by side: at least two (vitest's default of
          // one less than the cores would be one on a 2-core machine, where the database and the test
          // process then take turns). API_WORKERS overrides it. Its own group: its count differs.
          maxWorkers: Number(process.env.API_WORKERS ?? Math.max(2, availableParallelism() - 1)),
          sequence: { groupOrder: 1 },
          // Generous: tests that start the command line (tsx) or a built server took over 30 s on a busy
          // machine; a timeout here only bounds a hang, it measures nothing.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          // vitest's 5 s default failed a test on a machine at load 10; the bound only ends a hang.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Each file starts its own server (free port, fresh data directory) and browser, so files share
          // nothing and run two at a time (E2E_WORKERS overrides). The create-order flake that once made
          // this one at a time (a select pick lost under load) is fixed in e2e/support/select.ts; see
          // docs/PERFORMANCE.md "Test command". A group of its own: its worker count differs.
          pool: 'forks',
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 2 },
          testTimeout: 60000,
          // Server starts wait for readiness up to 300 s (e2e/support/server.ts); only a hang ends them.
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
