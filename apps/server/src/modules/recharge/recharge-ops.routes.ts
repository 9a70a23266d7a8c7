import { envelopeSchema } from '@portal/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadDisposition } from '../file/file-names.ts';
import { OPS_BODY_LIMIT } from '../operations/operations.schemas.ts';
import * as ops from './recharge-ops.ts';

/**
 * The recharge calls of the operations API. Registered inside operationsRoutes, so its operator-key hook
 * guards them like every other `/ops/v1` route.
 */
export const rechargeOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];
  app.get(
    ops.RechargeOpsPath.List,
    {
      schema: {
        tags,
        summary: 'Recharges, pending bank transfers first',
        querystring: ops.OpsRechargeQuerySchema,
        response: { 200: envelopeSchema(ops.OpsRechargePageSchema) },
      },
    },
    async (request) => request.ok(await ops.listRecharges(app.db, request.query, request.language)),
  );
  app.get(
    ops.RechargeOpsPath.Voucher,
    { schema: { tags, summary: 'A bank transfer’s voucher file', params: ops.RechargeNoParamsSchema } },
    async (request, reply) => {
      const file = await ops.openVoucher(app.db, app.storage, request.params.rechargeNo);
      return reply
        .type(file.contentType)
        .header('Content-Length', file.size)
        .header('Content-Disposition', downloadDisposition(file.fileName))
        .send(file.stream);
    },
  );
  app.post(
    ops.RechargeOpsPath.Confirm,
    {
      bodyLimit: OPS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Confirm a bank transfer: credit it (optional tradeNo = the bank reference)',
        params: ops.RechargeNoParamsSchema,
        body: ops.OpsConfirmSchema,
        response: { 200: envelopeSchema(ops.OpsRechargeResultSchema) },
      },
    },
    async (request) => {
      const result = await ops.confirmTransfer(
        app.db,
        request.params.rechargeNo,
        request.body ?? {},
        request.language,
      );
      return request.ok(result, result.changed ? 'recharge.confirmed' : 'recharge.alreadyPaid');
    },
  );
  app.post(
    ops.RechargeOpsPath.Reject,
    {
      bodyLimit: OPS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Reject a bank transfer’s voucher with a reason',
        params: ops.RechargeNoParamsSchema,
        body: ops.OpsRejectSchema,
        response: { 200: envelopeSchema(ops.OpsRechargeResultSchema) },
      },
    },
    async (request) => {
      const result = await ops.rejectTransfer(
        app.db,
        request.params.rechargeNo,
        request.body,
        request.language,
      );
      return request.ok(result, result.changed ? 'recharge.rejected' : 'operations.unchanged');
    },
  );
  app.get(
    ops.RechargeOpsPath.Notifications,
    {
      schema: {
        tags,
        summary: 'The payment notification log, newest first',
        querystring: ops.OpsNotificationQuerySchema,
        response: { 200: envelopeSchema(ops.OpsNotificationPageSchema) },
      },
    },
    async (request) => request.ok(await ops.listNotifications(app.db, request.query)),
  );
};
