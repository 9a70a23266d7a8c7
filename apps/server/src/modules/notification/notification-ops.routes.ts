import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_BODY_LIMIT } from '../operations/operations.schemas.ts';
import * as ops from './notification-ops.ts';

/** The notification calls of the operations API (inside operationsRoutes: the operator key guards them). */
export const notificationOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ops.NotificationOpsPath.Announce,
    {
      bodyLimit: OPS_BODY_LIMIT,
      schema: {
        tags: ['operations'],
        summary: 'Announce to one customer (customerCode) or every customer not frozen, in three languages',
        body: ops.OpsAnnounceSchema,
        response: { 200: envelopeSchema(ops.OpsAnnounceResultSchema) },
      },
    },
    async (request) => request.ok(await ops.announce(app.db, request.body), 'notification.announced'),
  );
};
