import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@portal/contracts/constants';
import { ApiCode } from '@portal/contracts/envelope';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiTokenRoutes } from './modules/api-token/api-token.routes.ts';
import { openApiRoutes } from './modules/open-api/open-api.routes.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { applicationRoutes } from './modules/application/application.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { customerInfoRoutes } from './modules/customer-info/customer-info.routes.ts';
import { consumptionFlowRoutes } from './modules/consumption-flow/consumption-flow.routes.ts';
import { billRoutes } from './modules/bill/bill.routes.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { fileRoutes } from './modules/file/file.routes.ts';
import { invoiceTitleRoutes } from './modules/invoice-title/invoice-title.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { systemInfoRoutes } from './modules/system-info/system-info.routes.ts';
import { labelRoutes } from './modules/label/label.routes.ts';
import { operationsRoutes } from './modules/operations/operations.routes.ts';
import { OPS_PREFIX } from './modules/operations/operations.schemas.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { orderImportRoutes } from './modules/order-import/order-import.routes.ts';
import { orderImportMappingRoutes } from './modules/order-import/order-import-mapping.routes.ts';
import { orderImportCommitRoutes } from './modules/order-import/order-import-commit.routes.ts';
import { paymentNotifyRoutes } from './modules/payment/notify.routes.ts';
import { paymentsPlugin } from './modules/payment/payments-plugin.ts';
import { productRoutes } from './modules/product/product.routes.ts';
import { rechargeRoutes } from './modules/recharge/recharge.routes.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { verificationCodeRoutes } from './modules/verification-code/verification-code.routes.ts';
import { wechatRoutes } from './modules/wechat/wechat.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { jobsPlugin } from './jobs/jobs-plugin.ts';
import { smsPlugin } from './lib/sms/sms-plugin.ts';
import { isOpenApiUrl } from './lib/open-api-status.ts';
import { OneLinePerRequest, redactingLoggerOptions } from './lib/log-redaction.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { answerCachePlugin } from './plugins/answer-cache.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { databasePlugin, type StartupStep } from './plugins/database.ts';
import { edgeGuardPlugin } from './plugins/edge-guard.ts';
import { errorHandlerPlugin, sendEnvelope } from './plugins/error-handler.ts';
import { healthPlugin } from './plugins/health.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { acceptEmptyJsonBodies } from './plugins/json-body.ts';
import { imagesPlugin } from './plugins/images.ts';
import { labelPoolPlugin } from './plugins/label-pool.ts';
import { importLimiterPlugin } from './plugins/import-limiter.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface BuildOptions {
  /** Pino options or false; tests pass false to keep output clean. */
  logger?: boolean | Record<string, unknown>;
  /** Registers extra routes or plugins after the modules (tests add throwaway routes this way). */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Told each start-up step as it begins (server.ts names it if the start takes too long). */
  onStartupStep?: (step: StartupStep) => void;
  /** Sees every route as it is registered, before any plugin (tests walk every route this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** A caller's request id is echoed only when short and plain; otherwise the server makes its own. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole application. server.ts listens on it; tests call it and use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request logging writes only allow-listed query values (lib/log-redaction.ts): tickets, codes and
    // tokens arrive in query strings.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            ...redactingLoggerOptions,
          },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Honour a caller's request id when it looks sane, so logs correlate across services.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // While closing, plugins/health.ts answers the localized 503 envelope instead of Fastify's own body.
    return503OnClosing: false,
    // No plugin timeout: migrating and seeding a fresh database on a busy machine took past 10 s, and a
    // plugin timeout firing mid-seed left it half done. server.ts bounds the whole start instead
    // (STARTUP_TIMEOUT_MS), and the database plugin fails with one line of its own.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.responseCheck));
  acceptEmptyJsonBodies(app);

  await app.register(requestContextPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(edgeGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { config, onStartupStep: options.onStartupStep });
  await app.register(healthPlugin);
  await app.register(answerCachePlugin);
  await app.register(authenticatePlugin);
  await app.register(idempotencyPlugin);
  await app.register(jobsPlugin);
  await app.register(paymentsPlugin);
  await app.register(smsPlugin);
  await app.register(importLimiterPlugin);
  await app.register(imagesPlugin);
  await app.register(labelPoolPlugin);

  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(verificationCodeRoutes);
  await app.register(applicationRoutes);
  await app.register(referenceRoutes);
  await app.register(addressRoutes);
  await app.register(productRoutes);
  await app.register(walletRoutes);
  await app.register(billRoutes);
  await app.register(invoiceTitleRoutes);
  await app.register(customerInfoRoutes);
  await app.register(orderRoutes);
  await app.register(orderImportRoutes);
  await app.register(orderImportMappingRoutes);
  await app.register(orderImportCommitRoutes);
  await app.register(consumptionFlowRoutes);
  // The provider's staff: its own prefix and credential (the operator key), no customer session.
  await app.register(operationsRoutes);
  await app.register(labelRoutes);
  await app.register(exportRoutes);
  await app.register(fileRoutes);
  await app.register(rechargeRoutes);
  await app.register(registrationRoutes);
  await app.register(organizationRoutes);
  await app.register(notificationRoutes);
  await app.register(systemInfoRoutes);
  await app.register(apiTokenRoutes);
  // Shippers' systems: `/openapi/v1`, API tokens only (modules/open-api).
  await app.register(openApiRoutes);
  // Providers' notifications: outside /api, raw bodies, the provider's own answers.
  await app.register(paymentNotifyRoutes);
  await app.register(wechatRoutes);
  await app.register(ssoRoutes);
  if (options.configure) await options.configure(app);

  const webDistDir = config.webDistDir;
  if (webDistDir) await app.register(webAppPlugin, { dir: webDistDir });

  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith(`${OPS_PREFIX}/`) ||
      isOpenApiUrl(request.url) ||
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
