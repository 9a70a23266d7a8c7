import multipart from '@fastify/multipart';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode, envelopeSchema } from '@portal/contracts/envelope';
import {
  ORDER_IMPORT_MAX_BYTES,
  OrderImportDeleteSchema,
  OrderImportExcludeSchema,
  OrderImportIdSchema,
  OrderImportPreviewFieldsSchema,
  OrderImportRowsChangedSchema,
  OrderImportRowsQuerySchema,
  OrderImportRowsSchema,
  OrderImportSettingsSchema,
  OrderImportSummarySchema,
  OrderImportUpdateRowSchema,
  type OrderImportPreviewFields,
} from '@portal/contracts/order-import';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { isMessageKey } from '../../lib/messages.ts';
import { refuseUnsafeXlsx, xlsxTooLarge } from '../../lib/xlsx-upload.ts';
import { assertSafeText } from '../../plugins/edge-guard.ts';
import { cleanUploadName } from '../file/file-names.ts';
import { beginStoredUpload } from '../file/file.service.ts';
import { importSummary } from './order-import-check.ts';
import './order-import.messages.ts';
import * as service from './order-import.service.ts';

/** The text fields an upload may carry beside its file. */
const PREVIEW_FIELD_NAMES = new Set(Object.keys(OrderImportPreviewFieldsSchema.shape));

/**
 * The upload's file and text fields (in any order). Anything the multipart parser trips over (no
 * boundary, a body cut short, too many parts) is the caller's malformed upload: a localized 400.
 */
async function readPreviewUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw new AppError(ApiCode.BadRequest, 'address.import.malformed');
        }
        file = { bytes: await part.toBuffer(), fileName: cleanUploadName(part.filename, 'orders.xlsx') };
      } else if (PREVIEW_FIELD_NAMES.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw xlsxTooLarge(ORDER_IMPORT_MAX_BYTES);
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(ApiCode.BadRequest, 'address.import.malformed');
  }
  if (!file) throw new AppError(ApiCode.BadRequest, 'address.import.noFile');
  const parsed = OrderImportPreviewFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'body')))];
    // Each field by its name in the caller's language ("发件地址"), in the top message and its own error.
    const label = (field: string) => {
      const key = `orderImport.field.${field}`;
      return isMessageKey(key) ? request.t(key) : field;
    };
    throw new AppError(
      ApiCode.BadRequest,
      'orderImport.invalidFields',
      { fields: names.map(label).join(request.t('orderImport.fieldSeparator')) },
      {
        errors: names.map((field) => ({
          field,
          message: request.t('orderImport.invalidField', { field: label(field) }),
        })),
      },
    );
  }
  // As the edge guard does for a JSON body: a NUL or a lone surrogate the schema let through is refused.
  assertSafeText(fields);
  return { ...file, fields: parsed.data satisfies OrderImportPreviewFields };
}

/**
 * Batch create from Excel: the upload and preview, the grid's rows, edits, exclusions, settings and
 * discarding (the mapping, template, report and commit calls live beside these in their own files).
 */
export const orderImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only, so no other route accepts multipart bodies; one file up to the limit.
  await app.register(multipart, {
    limits: { fileSize: ORDER_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });
  const tags = ['order-import'];
  const config = { permission: Permission.OrderCreate };
  const maxRows = app.config.imports.maxOrderRows;

  app.post(
    ApiPath.BatchImportPreview,
    {
      config: { ...config, dataScope: 'orders' },
      schema: {
        tags,
        summary:
          'Upload an .xlsx of orders (multipart: `file`, `productCode`, optional `shipperAddressId`, `mappingId`) and check every row',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(ApiCode.BadRequest, 'address.import.noFile');
      // Taken before the body is read, so a refused caller's file is never held in memory.
      const release = app.importLimiter.acquire(request.auth.customerId);
      try {
        const upload = await readPreviewUpload(request);
        await refuseUnsafeXlsx(upload.bytes, ORDER_IMPORT_MAX_BYTES);
        const stored = beginStoredUpload(app.storage, request.auth, {
          bytes: upload.bytes,
          fileName: upload.fileName,
          purpose: 'orderImport',
        });
        let summary;
        try {
          summary = await service.previewImport(
            app.db,
            request.auth,
            { ...upload, stored },
            maxRows,
            request.language,
          );
        } catch (error) {
          await stored.discard();
          throw error;
        }
        const message =
          summary.status === 'mapping'
            ? request.t('orderImport.needsMapping', { rows: summary.rowCount })
            : request.t('orderImport.previewed', {
                rows: summary.rowCount,
                valid: summary.validOrderCount,
                invalid: summary.invalidOrderCount,
              });
        return { ...request.ok(summary), message };
      } finally {
        release();
      }
    },
  );

  app.get(
    ApiPath.BatchImportGet,
    {
      config: { ...config, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'One import: status, counts, totals against the wallets, commit progress',
        querystring: OrderImportIdSchema,
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) =>
      request.ok(await importSummary(app.db, request.auth, request.query.id, request.language)),
  );

  app.get(
    ApiPath.BatchImportRows,
    {
      config: { ...config, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'A page of an import’s rows in sheet order, by state, with their cell errors',
        querystring: OrderImportRowsQuerySchema,
        response: { 200: envelopeSchema(OrderImportRowsSchema) },
      },
    },
    async (request) =>
      request.ok(await service.listRows(app.db, request.auth, request.query, request.language)),
  );

  app.post(
    ApiPath.BatchImportUpdateRow,
    {
      config: { ...config, dataScope: 'orders' },
      bodyLimit: 128 * 1024,
      schema: {
        tags,
        summary: 'Replace cells of one row and check its orders again',
        body: OrderImportUpdateRowSchema,
        response: { 200: envelopeSchema(OrderImportRowsChangedSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.updateRow(app.db, request.auth, request.body, request.language),
        'orderImport.rowSaved',
      ),
  );

  app.post(
    ApiPath.BatchImportExclude,
    {
      config: { ...config, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Leave the orders of these rows out of the batch, or take them back in',
        body: OrderImportExcludeSchema,
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) => {
      const { summary, orders } = await service.excludeOrders(
        app.db,
        request.auth,
        request.body,
        request.language,
      );
      // The orders this call named (each row counts for its whole order), not the batch's size.
      const key = request.body.excluded ? 'orderImport.ordersExcluded' : 'orderImport.ordersIncluded';
      return { ...request.ok(summary), message: request.t(key, { count: orders }) };
    },
  );

  app.post(
    ApiPath.BatchImportSettings,
    {
      config: { ...config, dataScope: 'orders' },
      bodyLimit: 4096,
      schema: {
        tags,
        summary: 'Another product (for rows naming none) or sender: every order is checked and priced again',
        body: OrderImportSettingsSchema,
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.changeSettings(app.db, request.auth, request.body, request.language),
        'orderImport.settingsSaved',
      ),
  );

  app.post(
    ApiPath.BatchImportDiscard,
    {
      config: { ...config, dataScope: 'orders' },
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Delete an import and its rows (not while its commit runs)',
        body: OrderImportDeleteSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.discardImport(app.db, request.auth, request.body.id);
      return request.ok(null, 'orderImport.discarded');
    },
  );
};
