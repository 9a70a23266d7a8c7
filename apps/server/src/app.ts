import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@portal/contracts/constants';
import { ApiCode } from '@portal/contracts/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { applicationRoutes } from './modules/application/application.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin, sendEnvelope } from './plugins/error-handler.ts';
import { importLimiterPlugin } from './plugins/import-limiter.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface BuildOptions {
  /** Pino options or false; tests pass false to keep output clean. */
  logger?: boolean | Record<string, unknown>;
}

const REQUEST_ID_PATTERN = /^[\w.:-]{8,128}$/;

/** Builds the whole application. server.ts listens on it; tests call it and use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Honour a caller's request id when it looks sane, so logs correlate across services.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestContextPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { config });
  await app.register(authenticatePlugin);
  await app.register(importLimiterPlugin);

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(applicationRoutes);
  await app.register(referenceRoutes);
  await app.register(addressRoutes);

  const webDistDir = config.webDistDir;
  if (webDistDir) await app.register(webAppPlugin, { dir: webDistDir });

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      !webDistDir ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendEnvelope(reply, 404, {
        code: ApiCode.NotFound,
        success: false,
        message: request.t('error.notFound'),
        data: null,
      });
    }
    // History fallback: client-side routes load the app shell.
    return reply.header('Cache-Control', 'no-store').sendFile('index.html');
  });

  return app;
}
