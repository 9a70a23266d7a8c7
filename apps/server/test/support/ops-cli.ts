import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../src/config.ts';

const CLI = fileURLToPath(new URL('../../src/ops-cli.ts', import.meta.url));
const ROOT = path.resolve(path.dirname(CLI), '../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run ops -- …` as a child process on a test app's database and file storage (DATA_DIR / DATABASE_URL). */
export function runOpsCli(config: AppConfig, args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: config.dataDir, LOG_LEVEL: 'silent' };
  if (config.database.kind === 'postgres') env.DATABASE_URL = config.database.url;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
