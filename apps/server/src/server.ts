import net from 'node:net';
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
  // The whole start is bounded by one deadline of its own (a slow database gets that long, not Fastify's
  // plugin timeout, which is off). Migrations and the seed each run in a transaction: exiting rolls back.
  let step = 'checking the port';
  const deadline = setTimeout(() => {
    console.error(
      `STARTUP_TIMEOUT_MS: the start did not finish within ${config.startupTimeoutMs} ms (still ${step}); ` +
        'a database that slow needs a larger STARTUP_TIMEOUT_MS',
    );
    process.exit(1);
  }, config.startupTimeoutMs);
  deadline.unref();
  // Before any migration: a taken port is one line, and the database is left as it was.
  const portProblem = await checkPort(config.host, config.port);
  if (portProblem) {
    console.error(portProblem);
    process.exit(1);
  }
  let app;
  try {
    app = await buildApp(config, {
      onStartupStep: (name) => {
        step = name;
      },
    });
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

  step = 'listening';
  let address;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Taken since the check (another process started in between): still one line.
    const problem = portProblemOf(error, config.host, config.port);
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  }
  clearTimeout(deadline);
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

/** One line naming PORT when the address cannot be listened on (taken, or not allowed); else undefined. */
function portProblemOf(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `PORT: ${host}:${port} is already in use (another portal or program listens there); stop it or set PORT to a free port`;
  if (code === 'EACCES')
    return `PORT: not allowed to listen on ${host}:${port} (ports below 1024 need privileges); set PORT to 1024 or above`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST: ${host} is not an address of this machine; set HOST to one of its addresses`;
  return undefined;
}

/** Listens on the address for a moment: answers the one-line problem, or undefined when it is free. */
function checkPort(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      const problem = portProblemOf(error, host, port);
      if (problem) resolve(problem);
      else reject(error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
