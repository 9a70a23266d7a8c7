// JavaScript a browser downloads to show a page, gzip- and brotli-compressed (the server sends the build's
// brotli copies to browsers that accept them), read from Vite's build manifest: what every page loads
// (the entry and the zh-CN pack), then each page with its lazy chunks and everything they import
// statically, as apps/web/build/page-weight.mjs defines it — the same module the test command's budget
// check uses (scripts/check-page-budgets.mjs), so the bench and the check cannot disagree. The baseline is
// React + ReactDOM alone (a minimal createRoot app bundled with esbuild in this run), so the figures also
// read as "times the cost of React itself". Needs `npm run build` first.
//
//   node bench/bundle-size.mjs
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { budgetOf, gzipBytes, kib, weighPages } from '../apps/web/build/page-weight.mjs';
import { printTable } from './lib.mjs';

const WEB = path.join(REPO_ROOT, 'apps', 'web');
const DIST = path.join(WEB, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

if (!existsSync(MANIFEST)) {
  console.error(
    `${path.relative(REPO_ROOT, MANIFEST)} is missing: run \`npm run build\` (apps/web/vite.config.ts needs build.manifest: true).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const read = (file) => readFileSync(path.join(DIST, file));

// As apps/web/build/precompress.ts writes them.
const brotliBytes = (buffer) =>
  brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  }).length;

/** Raw and brotli sizes of a page's files (gzip comes from page-weight.mjs). */
function rawAndBrotli(chunks) {
  let raw = 0;
  let br = 0;
  for (const { file } of chunks) {
    const content = read(file);
    raw += content.length;
    br += brotliBytes(content);
  }
  return { raw, br };
}

async function reactBaseline() {
  const result = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('div', null, 'hello'));",
      resolveDir: WEB,
      loader: 'js',
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const output = result.outputFiles[0].contents;
  return { raw: output.length, gzip: gzipBytes(output), br: brotliBytes(output), count: 1 };
}

const weights = weighPages(manifest, read);
const baseline = await reactBaseline();
const ratio = (gzip) => `${(gzip / baseline.gzip).toFixed(2)}×`;
const rows = [['page', 'chunks', 'raw', 'gzip', 'brotli', 'gzip vs React+ReactDOM', 'budget (gzip)']];
for (const page of [weights.start, ...weights.pages]) {
  const { raw, br } = rawAndBrotli(page.chunks);
  const budget = page === weights.start ? '' : kib(budgetOf(page.name));
  rows.push([page.name, page.chunks.length, kib(raw), kib(page.gzip), kib(br), ratio(page.gzip), budget]);
}
rows.push([
  'baseline: React + ReactDOM',
  1,
  kib(baseline.raw),
  kib(baseline.gzip),
  kib(baseline.br),
  '1.00×',
  '',
]);

console.log(
  'JavaScript loaded before each page paints (entry, zh-CN pack, route chunks, their static imports; gzip -9, brotli 11)\n',
);
printTable(rows);
