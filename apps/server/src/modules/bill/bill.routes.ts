import { ApiPath } from '@portal/contracts/api-paths';
import {
  BillDetailSchema,
  BillIdQuerySchema,
  BillLinesQuerySchema,
  BillPageSchema,
  BillQuerySchema,
} from '@portal/contracts/bill';
import { LedgerPageSchema } from '@portal/contracts/consumption-flow';
import { envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './bill.service.ts';

/** The customer's bills (route `billingInquiries`, finance:bill): list, one bill, its lines. */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bill'];
  const config = { permission: Permission.FinanceBill };

  app.post(
    ApiPath.QueryBills,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary:
          'Bills, newest period first: totals, written-off and outstanding amounts as lists of (currencyCode, amount), one entry per currency of the bill, CNY first',
        body: BillQuerySchema,
        response: { 200: envelopeSchema(BillPageSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryBills(app.db, app.config.bills, request.auth.customerId, request.body)),
  );

  app.get(
    ApiPath.GetBill,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary:
          'One bill with its subtotals per entry type and currency (positive: owed) and its write-offs',
        querystring: BillIdQuerySchema,
        response: { 200: envelopeSchema(BillDetailSchema) },
      },
    },
    async (request) => request.ok(await service.getBill(app.db, request.auth.customerId, request.query.id)),
  );

  app.post(
    ApiPath.QueryBillLines,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary: "A bill's lines (its ledger rows, ledger sign: − charged), oldest first",
        body: BillLinesQuerySchema,
        response: { 200: envelopeSchema(LedgerPageSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryBillLines(app.db, request.auth.customerId, request.body)),
  );
};
