import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExportTempDir } from '../../src/modules/export/export-temp-dirs.ts';
import { createTestApp, ENGINE } from '../support/test-app.ts';

// Exports write their file in a `portal-export-<pid>-*` directory under the OS temp directory; an
// instance killed mid-export leaves it. The next start removes those no live export can be using, on a
// machine where other instances (here: other test workers) export at the same time.

const suffix = `${ENGINE}-${Math.random().toString(36).slice(2, 10)}`;
/** A directory as an export leaves it: one half-written file in it, last changed `ageMs` ago. */
function exportDir(name: string, ageMs = 0): string {
  const dir = path.join(tmpdir(), name);
  mkdirSync(dir);
  const file = path.join(dir, 'export.xlsx');
  writeFileSync(file, 'half an export');
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
  utimesSync(dir, at, at);
  return dir;
}

/** The pid of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe(`leftover export directories at start (${ENGINE})`, () => {
  // Another instance on this machine, alive for the whole test.
  const alive = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  const made: string[] = [];
  afterAll(() => {
    alive.kill('SIGKILL');
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  let dirs: Record<string, string>;
  beforeAll(async () => {
    const hour = 3_600_000;
    dirs = {
      killed: exportDir(`portal-export-${await endedPid()}-${suffix}a`),
      live: exportDir(`portal-export-${alive.pid}-${suffix}b`),
      liveButSilent: exportDir(`portal-export-${alive.pid}-${suffix}c`, 2 * hour),
      // This pid, before this process started: a container restarted with the same pid.
      earlierSelf: exportDir(`portal-export-${process.pid}-${suffix}d`, process.uptime() * 1000 + hour),
      // Named before directories carried a pid: only its age tells.
      unnamedOld: exportDir(`portal-export-${suffix}e`, 2 * hour),
      unnamedFresh: exportDir(`portal-export-${suffix}f`),
    };
    made.push(...Object.values(dirs));
  });

  it('removes those of ended processes and those silent past the lease, keeps a live export', async () => {
    const { close } = await createTestApp();
    try {
      const present = Object.fromEntries(Object.entries(dirs).map(([key, dir]) => [key, existsSync(dir)]));
      expect(present).toEqual({
        killed: false,
        live: true,
        liveButSilent: false,
        earlierSelf: false,
        unnamedOld: false,
        unnamedFresh: true,
      });
    } finally {
      await close();
    }
  });

  it("names an export's directory with the pid of its process", async () => {
    const dir = await makeExportTempDir();
    made.push(dir);
    expect(path.basename(dir)).toMatch(new RegExp(`^portal-export-${process.pid}-`));
    // Its own process's export is in use: a start in this process leaves it.
    const { close } = await createTestApp();
    await close();
    expect(existsSync(dir)).toBe(true);
  });
});
