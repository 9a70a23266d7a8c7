import { apiTokenOpsRoutes } from '../api-token/api-token-ops.ts';
import { ApiCode, envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendEnvelope } from '../../plugins/error-handler.ts';
import { rechargeOpsRoutes } from '../recharge/recharge-ops.routes.ts';
import { notificationOpsRoutes } from '../notification/notification-ops.routes.ts';
import { billOperationsRoutes } from '../bill/bill-ops.routes.ts';
import { smsOutboxOpsRoutes } from '../verification-code/sms-outbox-ops.ts';
import { certificationOpsRoutes } from '../customer-info/certification-ops.routes.ts';
import { OperatorKeyGuard } from './operator-key.ts';
import {
  ExceptionSchema,
  JourneyQuerySchema,
  JourneySchema,
  LastMileSchema,
  MoveSchema,
  OPS_BODY_LIMIT,
  OpsPath,
  StepResultSchema,
  TrackingEventInputSchema,
  WeighResultSchema,
  WeighSchema,
} from './operations.schemas.ts';
import * as service from './operations.service.ts';

/** The header the provider's staff and tools send their key in. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

/**
 * The operations API (`/ops/v1/...`): the provider's staff and tools, never a customer. No customer session
 * (plugins/authenticate.ts guards only `/api`); instead every route of this plugin needs the operator key
 * (`OPERATOR_API_KEY`) in `x-operator-key`. Same envelope, language and error handling as `/api`; a refused
 * key is a real HTTP 401 (body code 402), too many wrong keys from one address HTTP 429.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = new OperatorKeyGuard(app.config.operatorApiKey);
  // Encapsulated: this hook runs for the routes registered below and no others.
  app.addHook('onRequest', (request, reply, done) => {
    const given = request.headers[OPERATOR_KEY_HEADER];
    const verdict = guard.check(typeof given === 'string' ? given : undefined, request.ip);
    if (verdict === 'ok') return done();
    if (verdict === 'throttled') {
      reply.header('Retry-After', String(guard.retryAfterSeconds(request.ip)));
      return sendEnvelope(reply, 429, {
        code: ApiCode.TooManyRequests,
        success: false,
        message: request.t('operations.tooManyKeyFailures'),
        data: null,
      });
    }
    return sendEnvelope(reply, 401, {
      code: ApiCode.NotSignedIn,
      success: false,
      message: request.t('operations.keyRefused'),
      data: null,
    });
  });

  const tags = ['operations'];
  const step = <B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, response: R) => ({
    bodyLimit: OPS_BODY_LIMIT,
    schema: { tags, summary, body, response: { 200: envelopeSchema(response) } },
  });
  const answer = <T extends { changed: boolean }>(request: FastifyRequest, data: T) =>
    request.ok(data, data.changed ? 'operations.done' : 'operations.unchanged');

  app.post(
    OpsPath.Journey,
    step(
      'An order with its status, times, weights, charges, tracking events and ledger rows',
      JourneyQuerySchema,
      JourneySchema,
    ),
    async (request) => request.ok(await service.getJourney(app.db, request.body)),
  );
  app.post(
    OpsPath.Weigh,
    step(
      'Receive and weigh: measured parcels → volumetric and chargeable weight, final charge, one weight adjustment',
      WeighSchema,
      WeighResultSchema,
    ),
    async (request) => answer(request, await service.weighOrder(app.db, request.body, request.language)),
  );
  app.post(
    OpsPath.Event,
    step('Add a tracking event', TrackingEventInputSchema, StepResultSchema),
    async (request) =>
      answer(request, await service.addTrackingEvent(app.db, request.body, request.language)),
  );
  app.post(
    OpsPath.LastMile,
    step('Set the last-mile carrier and number (the hand-over)', LastMileSchema, StepResultSchema),
    async (request) => answer(request, await service.setLastMile(app.db, request.body, request.language)),
  );
  app.post(
    OpsPath.Exception,
    step('Mark an exception with an issue kind', ExceptionSchema, StepResultSchema),
    async (request) => answer(request, await service.markException(app.db, request.body, request.language)),
  );
  app.post(OpsPath.InTransit, step('Move to in transit', MoveSchema, StepResultSchema), async (request) =>
    answer(request, await service.moveInTransit(app.db, request.body, request.language)),
  );
  app.post(OpsPath.Deliver, step('Deliver', MoveSchema, StepResultSchema), async (request) =>
    answer(request, await service.deliverOrder(app.db, request.body, request.language)),
  );
  app.post(OpsPath.Return, step('Return to the sender', MoveSchema, StepResultSchema), async (request) =>
    answer(request, await service.returnOrder(app.db, request.body, request.language)),
  );
  // Recharges and payment notifications for staff, under the same operator-key hook.
  await app.register(rechargeOpsRoutes);
  await app.register(notificationOpsRoutes);
  // Bills (issue on demand, staff write-off): inside this plugin, so the operator key guards them too.
  await app.register(billOperationsRoutes);
  // The sandbox SMS outbox (codes by SMS), under the same operator-key hook.
  await app.register(smsOutboxOpsRoutes);
  await app.register(apiTokenOpsRoutes);
  // Certification decisions (issue 13): inside this plugin, so the operator key guards them too.
  await app.register(certificationOpsRoutes);
};
