import { writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { VersionFile } from '@portal/contracts/application';
import packageJson from './package.json' with { type: 'json' };

const buildTime = new Date().toISOString();
// A new version per build: the portal compares it with the one it started on and reloads when it changes.
const version = `${packageJson.version}+${buildTime.replace(/\D/g, '').slice(0, 14)}`;

/** Writes dist/versionUser.json, the file the running portal polls on navigation. */
function versionFilePlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-version-file',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file: VersionFile = { version, buildTime };
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'versionUser.json'), `${JSON.stringify(file)}\n`);
    },
  };
}

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versionFilePlugin()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_BUILD_TIME__: JSON.stringify(buildTime),
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/versionUser.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // .vite/manifest.json maps source files to chunks; bench/bundle-size.mjs reads it.
    manifest: true,
    // Each route is its own chunk (React.lazy); antd is imported per component so a page only pulls what
    // it renders. Only the React runtime gets a named chunk so it stays cached across deployments.
    rolldownOptions: {
      // The shared contracts build zod schemas at module level; the web app mostly needs their constants
      // and types. Marking schema construction pure lets unused schemas (and zod itself) drop out of the
      // pages that never validate anything.
      treeshake: {
        manualPureFunctions: ['z', 'envelopeSchema', 'pageSchema'],
        // antd's Input reaches the form engine through a context module; these two packages declare no
        // `sideEffects`, so without this hint the sign-in page would carry the whole form validator.
        moduleSideEffects: (id) =>
          /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id) ? false : undefined,
      },
      // Rolldown would otherwise move modules shared by lazy pages into chunks the entry loads, so the
      // login page would download the settings drawer's colour picker.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
});
