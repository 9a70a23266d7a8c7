import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/registry.ts';

/** Migrations come from a static registry, so the bundled server needs no migration folder on disk. */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * Applies every pending migration. On PostgreSQL, instances starting at once are serialised by Kysely's
 * migration lock (a slow migration elsewhere is waited for). SQLite has no such lock across connections:
 * an instance that loses the race finds its transaction rolled back (the tables it meant to create
 * exist), so it tries again and finds nothing left to do; a database another process keeps busy past the
 * busy timeout is waited for the same way, until `busyWaitMs` (the server's start bounds it with
 * STARTUP_TIMEOUT_MS too).
 */
export async function migrateToLatest(
  db: Db,
  { attempts = 5, busyWaitMs = 300_000 } = {},
): Promise<string[]> {
  const giveUpAt = performance.now() + busyWaitMs;
  for (let failures = 0; ;) {
    const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const busy = /^SQLITE_BUSY/.test(String((error as { code?: unknown }).code ?? ''));
    if (!busy) failures++;
    if (failures >= attempts || (busy && performance.now() >= giveUpAt))
      throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}
