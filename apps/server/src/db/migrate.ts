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
 * migration lock. SQLite has no such lock across connections: an instance that loses the race finds its
 * transaction rolled back (the tables it meant to create exist), so it tries again and finds nothing left to do.
 */
export async function migrateToLatest(db: Db, attempts = 5): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    if (attempts > 1) {
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      return migrateToLatest(db, attempts - 1);
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
