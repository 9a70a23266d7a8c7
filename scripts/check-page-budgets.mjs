// The page budgets, a step of `npm test` right after the build: reads the built web app's manifest, weighs
// each page's JavaScript (apps/web/build/page-weight.mjs: entry, zh-CN pack, the page's lazy chunks and
// their static imports, gzip -9) and fails when a page is over its budget or the signed-in home page needs
// more chunks than allowed before it can paint. Bytes only, no timings: the same build gives the same answer.
//
//   npm run build -w apps/web && node scripts/check-page-budgets.mjs
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  BUDGETS,
  CEILINGS,
  budgetFailures,
  budgetOf,
  kib,
  staleCeilings,
  weighPages,
} from '../apps/web/build/page-weight.mjs';
import { REPO_ROOT } from './lib/process-helpers.mjs';

const DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

if (!existsSync(MANIFEST)) {
  console.error(`${path.relative(REPO_ROOT, MANIFEST)} is missing: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
let weights;
try {
  weights = weighPages(manifest, (file) => readFileSync(path.join(DIST, file)));
} catch (error) {
  console.error(`Could not weigh the pages: ${error.message}`);
  process.exit(1);
}

const rows = [['page', 'chunks', 'gzip', 'budget', 'ceiling', '']];
for (const page of weights.pages) {
  const budget = budgetOf(page.name);
  const ceiling = CEILINGS[page.name];
  const chunkNote =
    page.name === BUDGETS.chunks.page ? ` (at most ${BUDGETS.chunks.max} chunks before it paints)` : '';
  const status =
    page.gzip <= budget ? 'ok' : ceiling !== undefined && page.gzip <= ceiling * 1024 ? 'over, held' : 'OVER';
  rows.push([
    page.name,
    String(page.chunks.length),
    kib(page.gzip),
    kib(budget),
    ceiling === undefined ? '' : kib(ceiling * 1024),
    `${status}${chunkNote}`,
  ]);
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log('JavaScript per page before it paints (gzip -9), against its budget\n');
for (const row of rows)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
console.log(
  `\nEvery page loads ${kib(weights.start.gzip)} in ${weights.start.chunks.length} chunks (entry + zh-CN).`,
);
const held = weights.pages.filter((page) => page.gzip > budgetOf(page.name)).length;
if (held > 0)
  console.log(
    `${held} page(s) are still over their budget, held at their ceiling (apps/web/build/page-weight.mjs CEILINGS) until they get under it.`,
  );
for (const name of staleCeilings(weights.pages))
  console.log(`${name} is within its budget now: delete its ceiling from CEILINGS.`);

const failures = budgetFailures(weights.pages, BUDGETS, weights.cycles, CEILINGS);
if (failures.length > 0) {
  console.error(`\nOver budget:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('No page grew past its budget or ceiling.');
