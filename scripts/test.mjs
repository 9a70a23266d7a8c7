// `npm test`: every check in order — system dependencies, types, lint, unit and component tests, the API
// suite on SQLite and on PostgreSQL, the production build, the page budgets (JavaScript each page loads
// before it paints, scripts/check-page-budgets.mjs), and the browser tests. A failing step does not
// stop the later ones, so the summary at the end shows everything; the exit code is non-zero on any failure.
//
//   node scripts/test.mjs                    everything
//   node scripts/test.mjs api                one part (unit, api, budgets, e2e, typecheck, lint; several allowed)
//   node scripts/test.mjs api login          other arguments go to vitest (file filters, -t <name>)
//
// DATABASE_URL, when set, is the PostgreSQL server used for the PostgreSQL API run (an admin URL: the API
// test support creates a database per test file); otherwise a throwaway cluster is started for the run.
//
// Typecheck and lint run side by side (each is one single-threaded process; lint's output is held back and
// printed after typecheck's). The browser test files run two at a time unless E2E_WORKERS says otherwise (vitest.config.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureSystemDeps } from './ensure-system-deps.mjs';
import { formatDuration, REPO_ROOT } from './lib/process-helpers.mjs';
import { startPostgres } from './postgres.mjs';

const RESULTS_DIR = path.join(REPO_ROOT, '.tmp', 'test-results');
const VITEST = path.join(REPO_ROOT, 'node_modules', '.bin', 'vitest');

const PARTS = {
  typecheck: ['typecheck'],
  lint: ['lint'],
  unit: ['unit'],
  api: ['api-sqlite', 'api-postgres'],
  budgets: ['build', 'budgets'],
  e2e: ['build', 'e2e'],
};
const ALL_STEPS = ['typecheck', 'lint', 'unit', 'api-sqlite', 'api-postgres', 'build', 'budgets', 'e2e'];
/** Steps that start together with the step named: they share nothing, and each keeps one core busy. */
const ALONGSIDE = { typecheck: ['lint'] };

const args = process.argv.slice(2);
const isPart = (arg) => Object.hasOwn(PARTS, arg);
const chosenParts = args.filter(isPart);
const vitestArgs = args.filter((arg) => !isPart(arg));
const stepIds =
  chosenParts.length === 0
    ? ALL_STEPS
    : ALL_STEPS.filter((id) => chosenParts.some((part) => PARTS[part].includes(id)));

/** Environment without DATABASE_URL, so the server and the API tests fall back to SQLite. */
function sqliteEnv() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

let interrupted = false;

const children = new Set();
/** Where a step running alongside another writes its output until it is its turn to print. */
let heldOutput;

/**
 * Runs a command; resolves to its exit code (signals count as failure). Its output is inherited, or, while
 * `heldOutput` is set (a step started alongside another), collected there.
 */
function run(command, commandArgs, env = process.env) {
  const held = heldOutput;
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: REPO_ROOT,
      env,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    children.add(child);
    child.once('error', (error) => {
      held?.push(Buffer.from(`Could not start ${command}: ${error.message}\n`));
      if (!held) console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const npmScript = (script) => async () => ({ ok: (await run('npm', ['run', script])) === 0 });

/** Starts a step now with its output held back; `finish()` prints the output and answers the outcome. */
function startHeld(step) {
  const output = [];
  heldOutput = output;
  const t0 = performance.now();
  const outcome = step.run().then((result) => ({ ...result, ms: performance.now() - t0 }));
  heldOutput = undefined;
  return {
    finish: async () => {
      const result = await outcome;
      process.stdout.write(Buffer.concat(output));
      return result;
    },
  };
}

/** Runs vitest for the given projects and reads its JSON report for test counts. */
function vitestStep(id, projects, env) {
  return async () => {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const report = path.join(RESULTS_DIR, `${id}.json`);
    rmSync(report, { force: true });
    const code = await run(
      VITEST,
      [
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...vitestArgs,
      ],
      env(),
    );
    return { ok: code === 0, tests: readVitestCounts(report) };
  };
}

/**
 * The failing tests of a vitest JSON report (file, name, first line of the message), so the summary at the
 * very end names them: CI keeps only the tail of the output.
 */
function failedTestsOf(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(REPO_ROOT, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      // A timeout's message is only "STACK_TRACE_ERROR"; how long the test ran says more.
      const ran = test.duration ? ` (after ${(test.duration / 1000).toFixed(1)} s)` : '';
      failures.push(`${where} › ${test.fullName ?? test.title}: ${message.slice(0, 300)}${ran}`);
    }
    // A file that failed to load has no failing test of its own.
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(
        `${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return failures;
}

function readVitestCounts(report) {
  if (!existsSync(report)) return undefined;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      failedFiles: json.numFailedTestSuites ?? 0,
      failures: failedTestsOf(json),
    };
  } catch {
    return undefined;
  }
}

async function apiOnPostgres() {
  if (process.env.DATABASE_URL) {
    console.log(`Using DATABASE_URL from the environment.`);
    return vitestStep('api-postgres', ['api'], () => process.env)();
  }
  let cluster;
  try {
    cluster = await startPostgres();
    console.log(`Throwaway PostgreSQL cluster at ${cluster.url}`);
    cleanups.add(cluster.stop);
    return await vitestStep('api-postgres', ['api'], () => ({ ...process.env, DATABASE_URL: cluster.url }))();
  } catch (error) {
    console.error(error.message);
    return { ok: false };
  } finally {
    if (cluster) {
      cleanups.delete(cluster.stop);
      await cluster.stop();
    }
  }
}

const STEPS = {
  typecheck: { title: 'typecheck', run: npmScript('typecheck') },
  lint: { title: 'lint (eslint, prettier)', run: npmScript('lint') },
  unit: { title: 'unit + web component tests', run: vitestStep('unit', ['unit', 'web'], () => process.env) },
  'api-sqlite': { title: 'API suite on SQLite', run: vitestStep('api-sqlite', ['api'], sqliteEnv) },
  'api-postgres': { title: 'API suite on PostgreSQL', run: apiOnPostgres },
  build: { title: 'build (web + server)', run: npmScript('build') },
  budgets: {
    title: 'page budgets (JavaScript before each page paints)',
    needs: 'build',
    run: async () => ({
      ok: (await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'check-page-budgets.mjs')])) === 0,
    }),
  },
  e2e: {
    title: 'end-to-end (Chromium)',
    needs: 'build',
    run: () => {
      // Screenshots and server logs under .tmp describe the latest run only.
      for (const dir of ['screenshots', 'server-logs']) {
        rmSync(path.join(REPO_ROOT, '.tmp', dir), { recursive: true, force: true });
      }
      return vitestStep('e2e', ['e2e'], sqliteEnv)();
    },
  },
};

const cleanups = new Set();
const results = [];

function onSignal(signal) {
  if (interrupted) {
    // Second Ctrl-C: stop waiting for the children.
    for (const child of children) child.kill('SIGKILL');
    return;
  }
  interrupted = true;
  console.error(`\n${signal} received: stopping after cleanup.`);
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

function header(text) {
  const line = `━━ ${text} `;
  console.log(`\n${line.padEnd(100, '━')}`);
}

function systemNeeds() {
  const needs = [];
  if (stepIds.includes('e2e')) needs.push('chromium');
  if (stepIds.includes('api-postgres') && !process.env.DATABASE_URL) needs.push('postgres');
  // The label tests render PDFs with poppler on either database.
  if (stepIds.some((id) => id.startsWith('api-'))) needs.push('poppler');
  return needs;
}

async function main() {
  const started = performance.now();
  const needs = systemNeeds();
  if (needs.length > 0) {
    header('system dependencies');
    const t0 = performance.now();
    try {
      ensureSystemDeps(needs);
      console.log(`Present: ${needs.join(', ')}`);
      results.push({ title: 'system dependencies', ok: true, ms: performance.now() - t0 });
    } catch (error) {
      // Nothing that needs them may run; stop here with the command to fix it rather than skip tests.
      console.error(error.message);
      results.push({ title: 'system dependencies', ok: false, ms: performance.now() - t0 });
      for (const id of stepIds) results.push({ title: STEPS[id].title, ok: false, note: 'not run' });
      return summarize(performance.now() - started);
    }
  }

  /** Steps started early alongside another, by id. */
  const startedEarly = new Map();
  for (const [index, id] of stepIds.entries()) {
    const step = STEPS[id];
    if (interrupted) {
      results.push({ title: step.title, ok: false, note: 'not run (interrupted)' });
      continue;
    }
    const needed = step.needs && results.find((result) => result.id === step.needs);
    if (needed && !needed.ok) {
      results.push({ id, title: step.title, ok: false, note: `not run (${step.needs} failed)` });
      continue;
    }
    const early = startedEarly.get(id);
    if (!early) {
      for (const other of ALONGSIDE[id] ?? [])
        if (stepIds.includes(other)) startedEarly.set(other, startHeld(STEPS[other]));
    }
    header(
      `[${index + 1}/${stepIds.length}] ${step.title}${early ? ' (ran alongside the step before)' : ''}`,
    );
    const t0 = performance.now();
    const outcome = early ? await early.finish() : await step.run();
    const ms = early ? outcome.ms : performance.now() - t0;
    results.push({ id, title: step.title, ...outcome, ms });
    console.log(
      `${outcome.ok ? '✔' : '✘'} ${step.title} ${outcome.ok ? 'passed' : 'FAILED'} in ${formatDuration(ms)}`,
    );
  }
  return summarize(performance.now() - started);
}

function summarize(totalMs) {
  header('summary');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const rows = results.map((result) => {
    let tests = '';
    if (result.tests) {
      // A failing vitest run with no failing test (a file that failed to load, or no test files) still fails.
      const stepFailures = result.ok ? 0 : Math.max(1, result.tests.failedFiles);
      const failedHere = result.tests.failed || stepFailures;
      passed += result.tests.passed;
      failed += failedHere;
      skipped += result.tests.skipped;
      tests = `${result.tests.passed} passed, ${failedHere} failed`;
      if (result.tests.skipped) tests += `, ${result.tests.skipped} skipped`;
      if (!result.tests.failed && !result.ok) tests += ' (run error, see its output)';
    } else if (result.ok) {
      passed += 1;
    } else {
      failed += 1;
    }
    return [
      result.title,
      result.ok ? 'pass' : 'FAIL',
      tests || result.note || '',
      result.ms === undefined ? '' : formatDuration(result.ms),
    ];
  });
  const table = [['step', 'result', 'tests', 'time'], ...rows, ['total', '', '', formatDuration(totalMs)]];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const [index, row] of table.entries()) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0 || index === rows.length)
      console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  }
  const failures = results.flatMap((result) =>
    (result.tests?.failures ?? []).map((failure) => `  ${result.title}: ${failure}`),
  );
  if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
  console.log('\nCounts are tests, plus one for each step that is not a test run.');
  if (skipped > 0) console.log(`Warning: ${skipped} test(s) were skipped or marked todo.`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && !interrupted ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} finally {
  for (const cleanup of cleanups) await cleanup();
}
process.exit(interrupted ? 130 : exitCode);
