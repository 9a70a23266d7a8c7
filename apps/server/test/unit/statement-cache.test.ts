import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

function openSqlite() {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-stmt-'));
  db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
  return db;
}

describe('SQLite prepared-statement reuse', () => {
  it('prepares a statement once for the same SQL text, with new parameters on each call', async () => {
    const prepare = vi.spyOn(SqliteDatabase.prototype, 'prepare');
    const database = openSqlite();
    prepare.mockClear();
    const results = [];
    for (const n of [1, 2, 3])
      results.push((await sql<{ n: number }>`select ${n} as n`.execute(database)).rows);
    expect(results).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('reuses a statement after a streamed iteration of it was broken off', async () => {
    const database = openSqlite() as unknown as Kysely<{ t: { n: number } }>;
    await sql`create table t (n integer)`.execute(database);
    await sql`insert into t values (1), (2), (3)`.execute(database);
    const query = () => database.selectFrom('t').select('n').orderBy('n');
    for await (const row of query().stream(1)) {
      expect(row.n).toBe(1);
      break;
    }
    expect(await query().execute()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const streamed: number[] = [];
    for await (const row of query().stream(1)) streamed.push(row.n);
    expect(streamed).toEqual([1, 2, 3]);
  });
});
