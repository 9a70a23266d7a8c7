// Bundles the server (with the shared contracts, which are TypeScript sources) into dist/.
// Packages from node_modules stay external and load at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: [
    'src/server.ts',
    'src/migrate.ts',
    'src/ops-cli.ts',
    'src/simulate.ts',
    // The picture worker thread (lib/image-pool.ts starts `./image-worker.js` beside the bundle).
    { in: 'src/lib/image-worker.ts', out: 'image-worker' },
    // The label worker thread (modules/label/label-pool.ts starts `./label-worker.js` beside the bundle).
    { in: 'src/modules/label/label-worker.ts', out: 'label-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/server.js');
