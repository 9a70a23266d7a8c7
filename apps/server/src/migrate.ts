import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
async function main() {
  const config = loadConfig();
  const db = createDatabase(config.database, config.databaseTimeouts);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
        : 'Database is up to date.',
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
