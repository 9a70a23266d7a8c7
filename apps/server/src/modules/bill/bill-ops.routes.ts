import { BillSchema } from '@portal/contracts/bill';
import { envelopeSchema } from '@portal/contracts/envelope';
import { MAX_AMOUNT_MINOR } from '@portal/contracts/quantity';
import { optionalTextField } from '@portal/contracts/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './bill.service.ts';

/**
 * Bills in the operations API (`/ops/v1/bills/...`, registered inside the operations plugin, so the
 * operator key guards them) and the `npm run ops -- bills-issue | bills-write-off` commands, which
 * validate their flags with the same schemas.
 */

export const BillOpsPath = {
  Issue: '/ops/v1/bills/issue',
  WriteOff: '/ops/v1/bills/:billNo/write-off',
} as const;

/** `2026-10` (monthly bills) or `2026-W44` (weekly); which one the configuration decides. */
export const BillIssueSchema = z.object({
  period: z
    .string()
    .trim()
    .regex(/^\d{4}-(\d{2}|W\d{2})$/, 'bill.periodInvalid'),
});
export const BillIssueResultSchema = z.object({ period: z.string(), billNos: z.array(z.string()) });

export const BillNoParamsSchema = z.object({
  billNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^B\d{4}W?\d{2}-[A-Z0-9_-]{1,32}$/, 'bill.numberInvalid'),
});

export const BillWriteOffSchema = z.object({
  currencyCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'bill.currencyInvalid'),
  /** Minor units. */
  amount: z
    .number({ error: 'bill.writeOffAmount' })
    .int('bill.writeOffAmount')
    .min(1, 'bill.writeOffAmount')
    .max(MAX_AMOUNT_MINOR, 'bill.writeOffAmount'),
  remark: optionalTextField({
    max: 200,
    label: { 'zh-CN': '备注', 'en-US': 'Remark', 'zh-TW': '備註' },
  }),
});

/** Who staff write-offs are recorded as (the operations key names no person). */
export const STAFF_OPERATOR = 'operations';

export const billOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];
  app.post(
    BillOpsPath.Issue,
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: "Issue a past period's bills now (once per customer and period: a second run issues none)",
        body: BillIssueSchema,
        response: { 200: envelopeSchema(BillIssueResultSchema) },
      },
    },
    async (request) => {
      const result = await service.issueBillsForPeriod(app.db, app.config.bills, request.body.period);
      return {
        ...request.ok(result),
        message: request.t('bill.issued', { period: result.period, count: result.billNos.length }),
      };
    },
  );
  app.post(
    BillOpsPath.WriteOff,
    {
      bodyLimit: 4096,
      schema: {
        tags,
        summary: 'Write off part or all of what a bill still owes in one currency (minor units)',
        params: BillNoParamsSchema,
        body: BillWriteOffSchema,
        response: { 200: envelopeSchema(BillSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.writeOffByStaff(app.db, request.params.billNo, request.body, STAFF_OPERATOR),
        'bill.writtenOff',
      ),
  );
};
