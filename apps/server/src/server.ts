import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_MAIN_USER, DEMO_NEW_USER, DEMO_SUB_USER } from './db/seed.ts';
import { defaultWebDistDir } from './plugins/web-app.ts';

/** A shutting-down server stops listening once no request has run for this long… */
const DRAIN_QUIET_MS = 300;
/** …or after this long at most (and never more than half of SHUTDOWN_TIMEOUT_MS). */
const MAX_DRAIN_MS = 3000;

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

  // Requests running now, and when the last one arrived: the drain waits for a quiet moment.
  let inFlight = 0;
  let lastRequestAt = 0;
  app.server.on('request', (_req, res) => {
    inFlight++;
    lastRequestAt = Date.now();
    res.once('close', () => inFlight--);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: shutdownTimeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    // 1. Drain: requests already running finish and close their connection; requests that arrive now,
    //    on a new or a kept-alive connection, answer the localized 503 envelope with Retry-After.
    app.startDraining();
    // 2. Keep reading until the instance has been quiet for a moment: requests already running finish,
    //    and a client that sends one more (on a kept-alive connection or a new one) gets the 503 rather
    //    than a reset from a closed listener. Bounded so a steady stream cannot hold the shutdown.
    const drainUntil = Date.now() + Math.min(MAX_DRAIN_MS, shutdownTimeoutMs / 2);
    while (Date.now() < drainUntil && (inFlight > 0 || Date.now() - lastRequestAt < DRAIN_QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // 3. Stop accepting and wait for running requests. A connection that turns idle after its answer is
    //    closed at once rather than holding close() until the timer.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
    } finally {
      clearInterval(reaper);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
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
