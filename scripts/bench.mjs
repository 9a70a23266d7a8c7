// `npm run bench`: builds once, then runs every bench/*.mjs in turn; each prints its figures next to a
// baseline measured in the same run. `--no-build` reuses the current build.
//
//   node scripts/bench.mjs [--no-build] [name...]      e.g. node scripts/bench.mjs --no-build cold-start
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatDuration, REPO_ROOT } from './lib/process-helpers.mjs';

const BENCH_DIR = path.join(REPO_ROOT, 'bench');
const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith('--'));
// bench/lib.mjs is shared code, not a bench.
const benches = readdirSync(BENCH_DIR)
  .filter((file) => file.endsWith('.mjs') && file !== 'lib.mjs')
  .filter((file) => names.length === 0 || names.includes(path.basename(file, '.mjs')))
  .sort();

if (benches.length === 0) {
  console.error(`No bench matches ${names.join(', ')}.`);
  process.exit(2);
}

function run(title, command, commandArgs) {
  console.log(`\n━━ ${title} `.padEnd(100, '━'));
  const started = performance.now();
  const result = spawnSync(command, commandArgs, { cwd: REPO_ROOT, stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(
    `${ok ? '✔' : '✘'} ${title} ${ok ? 'finished' : 'FAILED'} in ${formatDuration(performance.now() - started)}`,
  );
  return ok;
}

if (!args.includes('--no-build') && !run('npm run build', 'npm', ['run', 'build'])) process.exit(1);
const failed = benches.filter(
  (file) => !run(`bench/${file}`, process.execPath, [path.join(BENCH_DIR, file)]),
);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
