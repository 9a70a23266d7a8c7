import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * An export writes its file in a directory of its own under the OS temp directory and removes it when it
 * ends; an instance killed mid-export (kill -9, out of memory) leaves it behind. The directory's name
 * carries the pid of the process that made it, so the next start can tell a leftover from the live
 * export of another instance on the same machine.
 */
const PREFIX = 'portal-export-';
const OWNED = /^portal-export-(\d+)-/;

/** A fresh directory for one export's file. */
export function makeExportTempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The latest change to the directory or a file directly in it (an export appends to its one file). */
async function lastChangedMs(dir: string): Promise<number> {
  let latest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir)) {
    const file = await stat(path.join(dir, name)).catch(() => undefined);
    if (file && file.mtimeMs > latest) latest = file.mtimeMs;
  }
  return latest;
}

/**
 * Removes the export directories no live export uses: made by a process that has ended; made under this
 * process's pid before this process started (a container restarts with the same pid); or, whoever made
 * it, unchanged for longer than `idleMs` (the task lease: an export silent that long has lost its task to
 * another instance). Answers the paths removed.
 */
export async function removeStaleExportTempDirs(options: {
  idleMs: number;
  now?: number;
  root?: string;
}): Promise<string[]> {
  const root = options.root ?? tmpdir();
  const now = options.now ?? Date.now();
  const startedAt = now - process.uptime() * 1000;
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    try {
      const changed = await lastChangedMs(dir);
      const owner = Number(OWNED.exec(name)?.[1] ?? 0);
      const stale =
        (owner > 0 && owner !== process.pid && !isAlive(owner)) ||
        (owner === process.pid && changed < startedAt) ||
        now - changed > options.idleMs;
      if (!stale) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Removed meanwhile by its own export or another instance's start, or not ours to read.
    }
  }
  return removed;
}
