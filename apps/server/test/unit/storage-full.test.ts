import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSqliteWriteError, isStorageFull, writeProbe } from '../../src/db/availability.ts';

const coded = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });

describe('storage full', () => {
  it('is told by the code of the error or of a cause: a file write, SQLite, PostgreSQL', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])
      expect(isStorageFull(coded(code))).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: coded('ENOSPC') }))).toBe(true);
    for (const code of ['EACCES', 'SQLITE_BUSY', 'SQLITE_IOERR_WRITE', '53200', '57014'])
      expect(isStorageFull(coded(code))).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
  });

  it('an SQLite I/O error of a write may be one; a read error is not', () => {
    for (const code of ['SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_IOERR_SHMSIZE'])
      expect(isSqliteWriteError(coded(code))).toBe(true);
    for (const code of ['SQLITE_IOERR_READ', 'SQLITE_FULL', 'ENOSPC'])
      expect(isSqliteWriteError(coded(code))).toBe(false);
  });

  it('the write probe writes at most once per interval and shares its result', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-probe-'));
    try {
      const probe = writeProbe(dir, 60_000);
      await expect(probe()).resolves.toBeUndefined();
      // The probe's own name taken by a directory: a write fails, but not before the interval is over.
      mkdirSync(path.join(dir, `.write-probe-${process.pid}`));
      await expect(probe()).resolves.toBeUndefined();
      const fresh = writeProbe(dir, 0);
      await expect(fresh()).rejects.toMatchObject({ code: 'EISDIR' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
