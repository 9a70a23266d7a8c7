// What each page's JavaScript is made of: builds the web app with rollup-plugin-visualizer (vite.config.ts,
// BUNDLE_TREEMAP_DIR) into apps/web/dist as usual, writes a treemap of every chunk's modules to
// .tmp/bundle-treemap/treemap.html (open it in a browser; sizes as rendered, gzip and brotli) with its data
// beside it (treemap.json), and prints, for the pages with a budget of their own, the modules that weigh most
// among what the page loads before it paints (apps/web/build/page-weight.mjs). A module's gzip size here is
// the module compressed alone, so the figures add up to more than the page's: read them as a ranking.
//
//   node bench/bundle-treemap.mjs [modules per page, default 25]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../scripts/lib/process-helpers.mjs';
import { BUDGETS, kib, pagesOf, staticClosure } from '../apps/web/build/page-weight.mjs';
import { printTable } from './lib.mjs';

const TOP = Number(process.argv[2] ?? 25);
const OUT = path.join(REPO_ROOT, '.tmp', 'bundle-treemap');
const WEB = path.join(REPO_ROOT, 'apps', 'web');

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: WEB,
  stdio: 'inherit',
  env: { ...process.env, BUNDLE_TREEMAP_DIR: OUT },
});
const manifest = JSON.parse(readFileSync(path.join(WEB, 'dist', '.vite', 'manifest.json'), 'utf8'));
const treemap = JSON.parse(readFileSync(path.join(OUT, 'treemap.json'), 'utf8'));

/** file → [{ module, rendered, gzip }] from the visualizer's raw data. */
const modulesByFile = new Map();
for (const meta of Object.values(treemap.nodeMetas)) {
  for (const [file, partId] of Object.entries(meta.moduleParts)) {
    const part = treemap.nodeParts[partId];
    const list = modulesByFile.get(file) ?? [];
    list.push({
      module: meta.id.replace(/^\/node_modules\//, ''),
      rendered: part.renderedLength,
      gzip: part.gzipLength,
    });
    modulesByFile.set(file, list);
  }
}

for (const page of pagesOf(manifest).pages.filter((candidate) => candidate.name in BUDGETS.pages)) {
  const files = staticClosure(manifest, page.keys);
  const modules = [...files.keys()].flatMap((file) =>
    (modulesByFile.get(file) ?? []).map((entry) => ({ ...entry, file })),
  );
  modules.sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${page.name}: ${files.size} chunks, ${modules.length} modules; the ${TOP} heaviest`);
  printTable([
    ['module', 'chunk', 'rendered', 'gzip (alone)'],
    ...modules.slice(0, TOP).map((entry) => [entry.module, entry.file, kib(entry.rendered), kib(entry.gzip)]),
  ]);
}
console.log(`\nTreemap: ${path.relative(REPO_ROOT, path.join(OUT, 'treemap.html'))}`);
