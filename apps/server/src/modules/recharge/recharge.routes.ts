import multipart from '@fastify/multipart';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode, envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import { fieldMessage } from '@portal/contracts/text';
import {
  PayResultSchema,
  PayStartedSchema,
  PayStartSchema,
  RechargeCreatedSchema,
  RechargeCreateSchema,
  RechargeIdQuerySchema,
  RechargePageSchema,
  RechargeQuerySchema,
  RechargeSchema,
  SandboxCashierSchema,
  SandboxDecideSchema,
  TopUpCreateSchema,
  TopUpCustomerSchema,
  TopUpLookupSchema,
  TRANSFER_VOUCHER_MAX_BYTES,
  TransferVoucherFieldsSchema,
} from '@portal/contracts/recharge';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { assertSafeText } from '../../plugins/edge-guard.ts';
import { cleanUploadName } from '../file/file-names.ts';
import { rechargeDepsOf } from '../payment/payments-plugin.ts';
import * as sandboxCashier from './sandbox-cashier.ts';
import * as service from './recharge.service.ts';

/** Fields a voucher upload may carry besides the file (amount, currencyCode, remark, lookupToken). */
const MAX_VOUCHER_FIELDS = 8;

/**
 * The one voucher of a multipart upload with its text fields. Anything the multipart parser trips over
 * (no boundary, a body cut short, too many parts) is the caller's malformed upload: a localized 400.
 */
async function readVoucherUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(ApiCode.BadRequest, 'recharge.voucher.noFile');
  const fields: Record<string, string> = {};
  let file: service.VoucherUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (file) throw new AppError(ApiCode.BadRequest, 'recharge.voucher.malformed');
        file = { bytes, fileName: cleanUploadName(part.filename, 'voucher') };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw service.voucherTooLarge();
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(ApiCode.BadRequest, 'recharge.voucher.malformed');
  }
  if (!file) throw new AppError(ApiCode.BadRequest, 'recharge.voucher.noFile');
  return { fields, file };
}

/**
 * Multipart fields checked with the contract's schema; problems answered like a body's validation. Then,
 * as the edge guard does for a JSON body, a NUL or a lone surrogate in any field is refused.
 */
function parseFields<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  fields: Record<string, string>,
): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) {
    assertSafeText(fields);
    return parsed.data;
  }
  const errors = parsed.error.issues.map((issue) => {
    const params = (issue as { params?: unknown }).params;
    return {
      field: issue.path.join('.') || 'body',
      message: fieldMessage(issue.message, params, request.language) ?? request.t(issue.message),
    };
  });
  throw new AppError(ApiCode.BadRequest, 'error.validation', {}, { errors });
}

const LookupTokenFieldSchema = z.object({ lookupToken: z.string().min(1).max(500) });

/**
 * Recharges (route `topUpOnline`) and the payment journey. OrderMall/* are the signed-in customer's
 * (finance:topup to create, finance:view to read; top-up calls answer in arrears too). Pay/*, TopUp/* and
 * PaySandbox/* are public (contracts PUBLIC_API_PATHS): the payToken or the lookupToken is the authority.
 */
export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here only: these routes take multipart bodies, one file each, refused beyond the limit.
  await app.register(multipart, {
    limits: {
      fileSize: TRANSFER_VOUCHER_MAX_BYTES,
      files: 1,
      fields: MAX_VOUCHER_FIELDS,
      parts: MAX_VOUCHER_FIELDS + 1,
      fieldSize: 1024,
    },
  });
  const tags = ['recharge'];
  const topUp = { permission: Permission.FinanceTopUp, allowInArrears: true };
  const view = { permission: Permission.FinanceView, allowInArrears: true };
  const deps = () => rechargeDepsOf(app);

  app.post(
    ApiPath.CreateRechargeOrder,
    {
      // A retried click (Idempotency-Key) gets the first recharge back, not a second pending one.
      config: { ...topUp, idempotency: true, dataScope: 'company' },
      schema: {
        tags,
        summary: 'A pending online recharge (Alipay or WeChat Pay) and its payToken',
        body: RechargeCreateSchema,
        response: { 200: envelopeSchema(RechargeCreatedSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.createOnlineRecharge(
          deps(),
          {
            ...request.body,
            customerId: request.auth.customerId,
            createdBy: request.auth.userId,
            source: 'portal',
          },
          request.language,
        ),
        'recharge.created',
      ),
  );

  app.post(
    ApiPath.UploadTransferVoucher,
    {
      config: { ...topUp, dataScope: 'company' },
      schema: {
        tags,
        summary: 'A bank transfer: multipart fields amount, currencyCode, remark and the voucher file',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(RechargeCreatedSchema) },
      },
    },
    async (request) => {
      await service.limitPortalVouchers(deps(), request.auth.customerId);
      const { fields, file } = await readVoucherUpload(request);
      const input = parseFields(request, TransferVoucherFieldsSchema, fields);
      const created = await service.createTransferRecharge(
        deps(),
        app.storage,
        {
          ...input,
          channel: 'bank_transfer',
          customerId: request.auth.customerId,
          createdBy: request.auth.userId,
          source: 'portal',
        },
        file,
        request.language,
      );
      return request.ok(created, 'recharge.voucherUploaded');
    },
  );

  app.post(
    ApiPath.QueryRecharges,
    {
      config: { ...view, dataScope: 'company' },
      schema: {
        tags,
        summary: 'The recharge records, newest first, with the paid totals of the filter',
        body: RechargeQuerySchema,
        response: { 200: envelopeSchema(RechargePageSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.queryRecharges(app.db, request.auth.customerId, request.body, request.language),
      ),
  );

  app.get(
    ApiPath.GetRecharge,
    {
      config: { ...view, dataScope: 'company' },
      schema: {
        tags,
        summary: 'One recharge',
        querystring: RechargeIdQuerySchema,
        response: { 200: envelopeSchema(RechargeSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.getRecharge(app.db, request.auth.customerId, request.query.id, request.language),
      ),
  );

  for (const [path, channel] of [
    [ApiPath.CreateAlipayOrder, 'alipay'],
    [ApiPath.CreateWeChatOrder, 'wechat'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Start paying a pending ${channel} recharge (public, payToken)`,
          body: PayStartSchema,
          response: { 200: envelopeSchema(PayStartedSchema) },
        },
      },
      async (request) => request.ok(await service.startPayment(deps(), channel, request.body, request.log)),
    );
  }

  app.post(
    ApiPath.QueryPayResult,
    {
      schema: {
        tags,
        summary: 'A recharge’s state for /payResult (public, payToken)',
        body: PayStartSchema,
        response: { 200: envelopeSchema(PayResultSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryPayResult(deps(), request.body, request.language, request.log)),
  );

  app.post(
    ApiPath.TopUpQueryCustomer,
    {
      schema: {
        tags,
        summary:
          'The public /topUp page: a customer by code, its masked name and a lookupToken (rate-limited)',
        body: TopUpLookupSchema,
        response: { 200: envelopeSchema(TopUpCustomerSchema) },
      },
    },
    async (request) =>
      request.ok(await service.lookUpCustomer(deps(), request.body.customerCode, request.ip)),
  );

  app.post(
    ApiPath.TopUpCreateOrder,
    {
      schema: {
        tags,
        summary: 'The public /topUp page: a pending online recharge for the looked-up customer',
        body: TopUpCreateSchema,
        response: { 200: envelopeSchema(RechargeCreatedSchema) },
      },
    },
    async (request) => {
      await service.limitPublicRecharges(deps(), request.ip);
      const { lookupToken, ...input } = request.body;
      const customerId = await service.customerOfLookupToken(deps(), lookupToken);
      return request.ok(
        await service.createOnlineRecharge(
          deps(),
          { ...input, customerId, createdBy: null, source: 'public' },
          request.language,
        ),
        'recharge.created',
      );
    },
  );

  app.post(
    ApiPath.TopUpUploadTransferVoucher,
    {
      schema: {
        tags,
        summary: 'The public /topUp page: a bank transfer with its voucher (multipart, with lookupToken)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(RechargeCreatedSchema) },
      },
    },
    async (request) => {
      await service.limitPublicRecharges(deps(), request.ip);
      const { fields, file } = await readVoucherUpload(request);
      const { lookupToken } = parseFields(request, LookupTokenFieldSchema, fields);
      const customerId = await service.customerOfLookupToken(deps(), lookupToken);
      const input = parseFields(request, TransferVoucherFieldsSchema, fields);
      const created = await service.createTransferRecharge(
        deps(),
        app.storage,
        { ...input, channel: 'bank_transfer', customerId, createdBy: null, source: 'public' },
        file,
        request.language,
      );
      return request.ok(created, 'recharge.voucherUploaded');
    },
  );

  app.post(
    ApiPath.SandboxCashierGet,
    {
      schema: {
        tags,
        summary: 'The sandbox cashier page (only while a channel uses the sandbox)',
        body: PayStartSchema,
        response: { 200: envelopeSchema(SandboxCashierSchema) },
      },
    },
    async (request) => request.ok(await sandboxCashier.getCashier(deps(), request.body)),
  );

  app.post(
    ApiPath.SandboxCashierDecide,
    {
      schema: {
        tags,
        summary: 'The payer approves or declines at the sandbox cashier',
        body: SandboxDecideSchema,
        response: { 200: envelopeSchema(SandboxCashierSchema) },
      },
    },
    async (request) => {
      const { approved } = await sandboxCashier.decide(deps(), request.body);
      // The notification should arrive within a second in the demo, not at the next poll.
      if (approved) app.taskRunner.nudge();
      return request.ok(
        await sandboxCashier.getCashier(deps(), request.body),
        approved ? 'sandbox.approved' : 'sandbox.declined',
      );
    },
  );
};
