// JavaScript a browser downloads to show a page, gzip- and brotli-compressed (the server sends the build's
// brotli copies to browsers that accept them), read from Vite's build manifest:
// the entry chunk, the route's lazy chunks (its page and, when signed in, the app shell), and everything
// they import statically. The baseline is React + ReactDOM alone (a minimal createRoot app bundled with
// esbuild in this run), so the figures also read as "times the cost of React itself". Needs
// `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { printTable } from './lib.mjs';

const WEB = path.join(REPO_ROOT, 'apps', 'web');
const DIST = path.join(WEB, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

// Route → the lazily loaded modules that render it, as manifest keys (source paths under apps/web):
// the route's page in src/features/*/routes/ and, for signed-in pages, the lazily loaded app shell.
// The default language (zh-CN) is loaded lazily at start on every page: the app's messages and the antd
// and dayjs locales.
const DEFAULT_LANGUAGE = [
  /^src\/locales\/zh-CN\.ts$/,
  /node_modules\/antd\/es\/locale\/zh_CN\.js$/,
  /node_modules\/dayjs\/locale\/zh-cn\.js$/,
];
const ROUTES = [
  { path: '/login', sources: [/^src\/features\/auth\/routes\/login-page\.tsx$/] },
  {
    path: '/user/index',
    sources: [/^src\/features\/home\/routes\/home-page\.tsx$/, /^src\/app\/private-area\.tsx$/],
  },
  {
    path: '/user/orders/create',
    sources: [/^src\/features\/order\/routes\/create-order-page\.tsx$/, /^src\/app\/private-area\.tsx$/],
  },
];

if (!existsSync(MANIFEST)) {
  console.error(
    `${path.relative(REPO_ROOT, MANIFEST)} is missing: run \`npm run build\` (apps/web/vite.config.ts needs build.manifest: true).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

/** The chunk files for `keys` and, transitively, their static imports. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
// As apps/web/build/precompress.ts writes them.
const brotliBytes = (buffer) =>
  brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  }).length;

function measure(files) {
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    const content = readFileSync(path.join(DIST, file));
    raw += content.length;
    gzip += gzipBytes(content);
    br += brotliBytes(content);
  }
  return { raw, gzip, br, count: files.size };
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

const entryKeys = Object.keys(manifest).filter(
  (key) => manifest[key].isEntry && manifest[key].file.endsWith('.js'),
);
if (entryKeys.length === 0) {
  console.error('No JavaScript entry chunk in the manifest.');
  process.exit(1);
}
const lazyKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const baseline = await reactBaseline();
const rows = [['page', 'chunks', 'raw', 'gzip', 'brotli', 'gzip vs React+ReactDOM']];
const findLazy = (patterns) => lazyKeys.filter((key) => patterns.some((pattern) => pattern.test(key)));
let missing = false;
const startKeys = [...entryKeys, ...findLazy(DEFAULT_LANGUAGE)];
if (startKeys.length !== entryKeys.length + DEFAULT_LANGUAGE.length) {
  console.error(`Default-language chunks not found: expected ${DEFAULT_LANGUAGE.join(', ')}`);
  missing = true;
}
const ratio = (size) => `${(size.gzip / baseline.gzip).toFixed(2)}×`;
const start = measure(staticClosure(startKeys));
rows.push([
  'entry + zh-CN (every page)',
  start.count,
  kb(start.raw),
  kb(start.gzip),
  kb(start.br),
  ratio(start),
]);
for (const route of ROUTES) {
  const lazy = findLazy(route.sources);
  if (lazy.length !== route.sources.length) {
    console.error(`Lazy chunks for ${route.path} not found: expected ${route.sources.join(', ')}`);
    missing = true;
    continue;
  }
  const size = measure(staticClosure([...startKeys, ...lazy]));
  rows.push([route.path, size.count, kb(size.raw), kb(size.gzip), kb(size.br), ratio(size)]);
}
rows.push(['baseline: React + ReactDOM', 1, kb(baseline.raw), kb(baseline.gzip), kb(baseline.br), '1.00×']);

console.log(
  'JavaScript loaded per page (entry, zh-CN messages, route chunks, their static imports; gzip -9, brotli 11)\n',
);
printTable(rows);
console.log(`\nLazy chunks in the manifest: ${lazyKeys.join(', ')}`);
if (missing) process.exit(1);
