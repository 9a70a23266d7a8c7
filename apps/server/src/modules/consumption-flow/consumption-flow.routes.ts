import { ApiPath } from '@portal/contracts/api-paths';
import {
  LedgerDetailSchema,
  LedgerFilterSchema,
  LedgerIdQuerySchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  LedgerSummarySchema,
} from '@portal/contracts/consumption-flow';
import { envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import './consumption-flow.messages.ts';
import * as service from './consumption-flow.service.ts';

/** The consumption flow (route `consumptionFlow`): the customer's ledger, read-only, finance:view. */
export const consumptionFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['consumptionFlow'];
  const config = { permission: Permission.FinanceView };

  app.post(
    ApiPath.QueryLedger,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary: 'Ledger rows newest first under time range, types, currency and number; the total',
        body: LedgerQuerySchema,
        response: { 200: envelopeSchema(LedgerPageSchema) },
      },
    },
    async (request) => request.ok(await service.queryLedger(app.db, request.auth, request.body)),
  );

  app.post(
    ApiPath.QueryLedgerSummary,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary: 'Per currency: opening, money in, money out, closing and row count of the time range',
        body: LedgerFilterSchema,
        response: { 200: envelopeSchema(LedgerSummarySchema) },
      },
    },
    async (request) => request.ok(await service.queryLedgerSummary(app.db, request.auth, request.body)),
  );

  app.get(
    ApiPath.GetLedgerEntry,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary: 'One ledger row with its order, recharge and bill',
        querystring: LedgerIdQuerySchema,
        response: { 200: envelopeSchema(LedgerDetailSchema) },
      },
    },
    async (request) => request.ok(await service.getLedgerEntry(app.db, request.auth, request.query.id)),
  );
};
