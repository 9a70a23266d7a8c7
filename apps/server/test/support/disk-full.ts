import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { ENGINE } from './test-app.ts';

/**
 * Fills the database's disk for real: SQLite may grow no further than it is (SQLITE_FULL, which SQLite
 * answers by ending the transaction itself); PostgreSQL refuses every ledger row with SQLSTATE 53100, as
 * when it cannot extend a file — late in the order's transaction, after the order row was written.
 */
export async function fillDisk(db: Db) {
  if (ENGINE === 'sqlite') {
    // Packed first: no free pages to reuse and full b-tree pages, so the next rows written need a new
    // page. Without it, a few rows could fit in the room earlier tests left, and the "full" disk took them.
    await sql`vacuum`.execute(db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
    return;
  }
  await sql`
    create function test_disk_full() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file "base/1/2": No space left on device' using errcode = 'disk_full';
    end $$`.execute(db);
  await sql`create trigger test_disk_full before insert on ledger_entries
    for each row execute function test_disk_full()`.execute(db);
}

export async function freeDisk(db: Db) {
  if (ENGINE === 'sqlite') await sql.raw('pragma max_page_count = 1073741823').execute(db);
  else await sql`drop trigger test_disk_full on ledger_entries`.execute(db);
}
