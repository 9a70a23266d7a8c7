import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_MAIN_USER, DEMO_NEW_USER, DEMO_SUB_USER } from './db/seed.ts';
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
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
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
