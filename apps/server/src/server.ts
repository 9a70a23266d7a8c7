import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_MAIN_USER, DEMO_NEW_USER, DEMO_SUB_USER } from './db/seed.ts';
import { trackConnections } from './lib/connection-drain.ts';
import { defaultWebDistDir } from './plugins/web-app.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= defaultWebDistDir(path.dirname(fileURLToPath(import.meta.url)));
  const startedAt = performance.now();
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // Start-up checks (data directory, database) fail with one line naming the setting and the fix.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { shutdownTimeoutMs } = config;
  const connections = trackConnections(app.server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: shutdownTimeoutMs, open: connections.open }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    // 1. Drain: requests already running finish; any request read from now on, on a connection already
    //    open, answers the localized 503 envelope with Retry-After; every answer closes its connection.
    app.startDraining();
    // 2. Stop accepting and answer everything the open connections carry, then close them
    //    (lib/connection-drain.ts: decided by the event loop's turns, never by the clock).
    await connections.close();
    // 3. Background tasks, the database.
    await app.close();
    app.log.info('shut down');
    process.exit(0);
  };

  const address = await app.listen({ port: config.port, host: config.host });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const port = new URL(address).port;
  app.log.info(
    {
      database: config.database.kind,
      dataDir: config.dataDir,
      webApp: config.webDistDir ?? 'not built',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `portal ready at http://localhost:${port}`,
  );
  if (!config.webDistDir) app.log.warn('web app not built: run `npm run build` to serve the portal pages');
  if (config.seedDemo) {
    app.log.info(
      `demo sign-in: ${DEMO_MAIN_USER.loginName} / ${DEMO_MAIN_USER.password} (sub-user ${DEMO_SUB_USER.loginName} / ${DEMO_SUB_USER.password}; first sign-in ${DEMO_NEW_USER.loginName} / ${DEMO_NEW_USER.password})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
