import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, rowBuilder, type Db } from '../../src/db/database.ts';
import { preparedQuery } from '../../src/db/prepared-query.ts';

interface TestTables {
  t: { id: number; name: string; kind: string };
  u: { id: number; t_id: number; name: string };
}

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

async function openSqlite() {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-prepared-'));
  const file = path.join(dir, 'portal.sqlite');
  db = createDatabase({ kind: 'sqlite', file });
  const database = db as unknown as Kysely<TestTables>;
  await sql`create table t (id integer primary key, name text, kind text)`.execute(database);
  await sql`create table u (id integer primary key, t_id integer, name text)`.execute(database);
  await sql`insert into t values (1, 'a', 'x'), (2, 'b', 'y'), (3, 'c', 'x')`.execute(database);
  await sql`insert into u values (10, 1, 'first'), (11, 3, 'third')`.execute(database);
  return { database, file };
}

const asDb = (database: Kysely<TestTables>) => database as unknown as Db;
const on = (database: Db) => database as unknown as Kysely<TestTables>;

describe('preparedQuery', () => {
  it('builds and compiles once per database, binding new arguments on every call', async () => {
    const { database } = await openSqlite();
    const build = vi.fn((d: Db, args: { kind: string; limit: number }) =>
      on(d)
        .selectFrom('t')
        .select(['id', 'name'])
        .where('kind', '=', args.kind)
        .orderBy('id')
        .limit(args.limit),
    );
    const query = preparedQuery(['kind', 'limit'], build);
    expect(await query(asDb(database), { kind: 'x', limit: 10 })).toEqual([
      { id: 1, name: 'a' },
      { id: 3, name: 'c' },
    ]);
    expect(await query(asDb(database), { kind: 'x', limit: 1 })).toEqual([{ id: 1, name: 'a' }]);
    expect(await query(asDb(database), { kind: 'y', limit: 10 })).toEqual([{ id: 2, name: 'b' }]);
    expect(await query(asDb(database), { kind: 'z', limit: 10 })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps constants of the query and uses an argument wherever it appears', async () => {
    const { database } = await openSqlite();
    const query = preparedQuery(['name'], (d: Db, args: { name: string }) =>
      on(d)
        .selectFrom('t')
        .select('id')
        .where((eb) => eb.or([eb('name', '=', args.name), eb('kind', '=', args.name)]))
        .where('id', 'in', [1, 2, 3])
        .orderBy('id'),
    );
    expect(await query(asDb(database), { name: 'y' })).toEqual([{ id: 2 }]);
    expect(await query(asDb(database), { name: 'c' })).toEqual([{ id: 3 }]);
  });

  it('refuses an argument that was built into another value or left out', async () => {
    const { database } = await openSqlite();
    const glued = preparedQuery(['name'], (d: Db, args: { name: string }) =>
      on(d).selectFrom('t').select('id').where('name', 'like', `%${args.name}%`),
    );
    await expect(glued(asDb(database), { name: 'a' })).rejects.toThrow(/built into another value/);
    const unused = preparedQuery(['name', 'kind'], (d: Db, args: { name: string; kind: string }) =>
      on(d).selectFrom('t').select('id').where('name', '=', args.name),
    );
    await expect(unused(asDb(database), { name: 'a', kind: 'x' })).rejects.toThrow(
      /"kind" is not a parameter/,
    );
  });
});

describe('SQLite rows built from raw arrays', () => {
  it('equal the objects better-sqlite3 makes, including repeated column names and streamed rows', async () => {
    const { database, file } = await openSqlite();
    const text = 'select t.*, u.* from t left join u on u.t_id = t.id order by t.id';
    const direct = new SqliteDatabase(file, { readonly: true });
    const expected = direct.prepare(text).all();
    direct.close();
    const rows = (await sql.raw(text).execute(database)).rows;
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row as object))).toEqual(
      expected.map((row) => Object.keys(row as object)),
    );
    const streamed = [];
    for await (const row of database.selectFrom('t').selectAll().orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, name: 'a', kind: 'x' },
      { id: 2, name: 'b', kind: 'y' },
      { id: 3, name: 'c', kind: 'x' },
    ]);
  });

  it('are built with the keys in column order, a later column of the same name winning', () => {
    const build = rowBuilder(['a', 'b', 'a', 'weird "name"\n'])!;
    const row = build([1, 2, 3, 4]);
    expect(row).toEqual({ a: 3, b: 2, 'weird "name"\n': 4 });
    expect(Object.keys(row)).toEqual(['a', 'b', 'weird "name"\n']);
    expect(rowBuilder(['__proto__'])).toBeUndefined();
  });

  it('leave a statement with a column named __proto__ to better-sqlite3', async () => {
    const { database, file } = await openSqlite();
    const text = `select 1 as "__proto__", 2 as b`;
    const direct = new SqliteDatabase(file, { readonly: true });
    const [expected] = direct.prepare(text).all() as object[];
    direct.close();
    const [row] = (await sql.raw<object>(text).execute(database)).rows;
    expect(Object.getOwnPropertyNames(row)).toEqual(Object.getOwnPropertyNames(expected));
    expect(Object.getPrototypeOf(row)).toBe(Object.getPrototypeOf(expected));
  });
});
