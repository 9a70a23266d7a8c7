import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { readOrCreateFileSecret } from '../config.ts';
import { checkPostgresReachable } from '../db/availability.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { readOrCreateDbSecret } from '../db/secrets.ts';
import { seedDemoData } from '../db/seed.ts';
import { createFileStorage } from '../lib/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Key that signs access tokens: configured, or generated once and kept (see config.ts). */
    tokenSecret: string;
  }
}

/** The start-up steps the database plugin takes, each logged as one line when it begins. */
export type StartupStep = 'connecting' | 'migrating' | 'seeding';

/**
 * Opens the database and checks it (SQLite: writable, quick_check; PostgreSQL: answers within
 * DB_CONNECT_TIMEOUT_MS), applies migrations, seeds demo data on an empty database, resolves the token secret. */
export const databasePlugin = fp<{ config: AppConfig; onStartupStep?: (step: StartupStep) => void }>(
  async (app, { config, onStartupStep }) => {
    const step = (name: StartupStep, message: string) => {
      onStartupStep?.(name);
      app.log.info({ step: name }, message);
    };
    step(
      'connecting',
      `start-up: connecting to the ${config.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} database`,
    );
    const db = createDatabase(config.database, config.databaseTimeouts);
    app.decorate('db', db);
    app.decorate('config', config);
    app.addHook('onClose', async () => {
      await db.destroy().catch(() => undefined);
    });
    // Fail fast with one line naming DATABASE_URL rather than a stack or Fastify's plugin timeout.
    if (config.database.kind === 'postgres') {
      try {
        await checkPostgresReachable(db, config.database, config.databaseTimeouts, {
          ms: config.databaseStartWaitMs,
          onWaiting: (reason) =>
            app.log.warn(
              `start-up: PostgreSQL at ${reason} is not up yet; trying again for up to ${config.databaseStartWaitMs} ms (DB_START_WAIT_MS)`,
            ),
        });
      } catch (error) {
        await db.destroy().catch(() => undefined);
        throw error;
      }
    }
    step('migrating', 'start-up: applying database migrations');
    const applied = await migrateToLatest(db, { busyWaitMs: config.startupTimeoutMs });
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (config.seedDemo) {
      step('seeding', 'start-up: seeding the demo data (when missing)');
      const demo = await seedDemoData(db, {
        orders: config.seedDemoOrders,
        // The demo bank transfer's voucher is a stored file.
        storage: createFileStorage(config.storage),
        bills: config.bills,
      });
      if (demo) app.log.info(demo, 'demo data seeded');
    }
    app.decorate('tokenSecret', await resolveTokenSecret(config, db));
  },
  { name: 'database' },
);

/**
 * The token secret every instance signs with: the configured one, else the one kept in the database
 * (PostgreSQL, shared by instances) or in the data directory (SQLite). `npm run ops` signs links with it too.
 */
export async function resolveTokenSecret(config: AppConfig, db: Db): Promise<string> {
  return (
    config.tokenSecret ??
    (config.database.kind === 'postgres'
      ? await readOrCreateDbSecret(db, 'token_secret')
      : readOrCreateFileSecret(config.dataDir))
  );
}
