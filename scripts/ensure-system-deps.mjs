// The system pieces the tests need and npm cannot install: Chromium with CJK fonts (end-to-end tests),
// the PostgreSQL server binaries (API suite on PostgreSQL) and poppler's PDF tools (the API suite renders
// label PDFs to pixels with pdftoppm and reads their fonts and text with pdffonts and pdftotext). Missing pieces are installed from Debian
// packages when running as root; otherwise we stop and print the exact command, so no test is skipped.
//
//   node scripts/ensure-system-deps.mjs [chromium] [postgres] [poppler]     (no argument: all)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBinDir } from './postgres.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function isDebianPackageInstalled(name) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.trim() === 'install ok installed';
  } catch {
    return false;
  }
}

const checks = {
  chromium: [
    { pkg: 'chromium', isPresent: () => existsSync(CHROMIUM_PATH) },
    // Without CJK fonts Chinese text renders as boxes in screenshots.
    { pkg: 'fonts-noto-cjk', isPresent: () => isDebianPackageInstalled('fonts-noto-cjk') },
  ],
  postgres: [{ pkg: 'postgresql', isPresent: () => findPostgresBinDir() !== undefined }],
  poppler: [
    {
      pkg: 'poppler-utils',
      isPresent: () => ['pdftoppm', 'pdffonts', 'pdftotext'].every((tool) => existsSync(`/usr/bin/${tool}`)),
    },
  ],
};

/** The Debian packages missing for the given needs ('chromium', 'postgres', 'poppler'). */
export function missingPackages(needs) {
  return needs.flatMap((need) =>
    checks[need].filter((check) => !check.isPresent()).map((check) => check.pkg),
  );
}

function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * Makes sure every package the given needs require is installed. Throws with the command to run when it
 * cannot install them itself (not root, or no apt-get).
 */
export function ensureSystemDeps(needs = ['chromium', 'postgres', 'poppler']) {
  const missing = missingPackages(needs);
  if (missing.length === 0) return;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      `Missing system packages needed by the tests: ${missing.join(', ')}.\n` +
        `Install them (as root, on Debian or Ubuntu) and run the tests again:\n` +
        `  sudo sh -c '${install}'`,
    );
  }
  console.log(`Installing missing system packages: ${missing.join(', ')}`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...missing]);
  const stillMissing = missingPackages(needs);
  if (stillMissing.length > 0) {
    throw new Error(`Still missing after apt-get install: ${stillMissing.join(', ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const needs = process.argv.slice(2);
  const unknown = needs.filter((need) => !(need in checks));
  if (unknown.length > 0) {
    console.error(`Unknown: ${unknown.join(', ')}. Choose from: ${Object.keys(checks).join(', ')}`);
    process.exit(2);
  }
  try {
    ensureSystemDeps(needs.length > 0 ? needs : undefined);
    console.log('System dependencies are present.');
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
