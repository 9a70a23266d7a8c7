import multipart from '@fastify/multipart';
import {
  ADDRESS_IMPORT_MAX_BYTES,
  AddressDefaultQuerySchema,
  AddressDeleteResultSchema,
  AddressDeleteSchema,
  AddressExportQuerySchema,
  AddressIdQuerySchema,
  AddressImportQuerySchema,
  AddressImportResultSchema,
  AddressQuerySchema,
  AddressSchema,
  AddressSetDefaultSchema,
} from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode, envelopeSchema } from '@portal/contracts/envelope';
import { pageSchema } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedAnswer } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { findRequestContext } from '../auth/auth.repository.ts';
import { cleanUploadName } from '../file/file-names.ts';
import { beginStoredUpload } from '../file/file.service.ts';
import { exportAddresses } from './address-export.ts';
import { fileTooLarge, importAddresses } from './address-import.ts';
import { importTemplate, templateFileName } from './address-template.ts';
import * as service from './address.service.ts';
import { attachmentDisposition } from './spreadsheet-text.ts';

/**
 * The one file of a multipart upload. Anything the multipart parser trips over (no boundary, a body cut
 * short, too many parts) is the caller's malformed upload: a localized 400, never a server error.
 */
async function readUploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    const part = await request.file();
    if (!part) throw new AppError(ApiCode.BadRequest, 'address.import.noFile');
    return { bytes: await part.toBuffer(), fileName: cleanUploadName(part.filename, 'addresses.xlsx') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(ApiCode.BadRequest, 'address.import.malformed');
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The address book of the caller's customer: list, edit, defaults, Excel import and export. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here only, so no other route accepts multipart bodies; one file, refused beyond the limit.
  await app.register(multipart, {
    limits: { fileSize: ADDRESS_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });
  const tags = ['address'];
  const view = { permission: Permission.AddressView };
  const edit = { permission: Permission.AddressEdit };
  const { input: AddressInputSchema, update: AddressUpdateSchema } = service.addressSchemas;

  app.get(
    ApiPath.QueryCustomerAddress,
    {
      config: { ...view, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Addresses, filtered and paginated (defaults first)',
        querystring: AddressQuerySchema,
        response: { 200: envelopeSchema(pageSchema(AddressSchema)) },
      },
    },
    // Served from the instance's answer cache while the address book's version (read with the session)
    // is the one the page was made at: a hit costs no query (lib/answer-cache.ts).
    async (request, reply) =>
      sendCachedAnswer(
        app.answerCache,
        service.listAnswerKey(request.auth, request.language, request.query),
        request,
        reply,
        async () => request.ok(await service.listAddresses(app.db, request.auth, request.query)),
        app.config.responseCheck === 'full'
          ? {
              stillCurrent: async () =>
                (await findRequestContext(app.db, request.auth.sessionId)).listVersions.addresses ===
                request.auth.listVersions?.addresses,
            }
          : undefined,
      ),
  );

  app.get(
    ApiPath.GetCustomerAddress,
    {
      config: { ...view, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'One address',
        querystring: AddressIdQuerySchema,
        response: { 200: envelopeSchema(AddressSchema) },
      },
    },
    async (request) => request.ok(await service.getAddress(app.db, request.auth, request.query.id)),
  );

  app.get(
    ApiPath.GetDefaultCustomerAddress,
    {
      config: { ...view, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'The default address of a type, or null',
        querystring: AddressDefaultQuerySchema,
        response: { 200: envelopeSchema(AddressSchema.nullable()) },
      },
    },
    async (request) =>
      request.ok(await service.getDefaultAddress(app.db, request.auth, request.query.addressType)),
  );

  app.post(
    ApiPath.InsertCustomerAddress,
    {
      config: { ...edit, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Add an address',
        body: AddressInputSchema,
        response: { 200: envelopeSchema(AddressSchema) },
      },
    },
    async (request) =>
      request.ok(await service.createAddress(app.db, request.auth, request.body), 'address.saved'),
  );

  app.post(
    ApiPath.UpdateCustomerAddress,
    {
      config: { ...edit, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Replace an address',
        body: AddressUpdateSchema,
        response: { 200: envelopeSchema(AddressSchema) },
      },
    },
    async (request) =>
      request.ok(await service.updateAddress(app.db, request.auth, request.body), 'address.saved'),
  );

  app.post(
    ApiPath.DeleteCustomerAddress,
    {
      config: { ...edit, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Delete one or more addresses (all or none)',
        body: AddressDeleteSchema,
        response: { 200: envelopeSchema(AddressDeleteResultSchema) },
      },
    },
    async (request) => {
      const deleted = await service.deleteAddresses(app.db, request.auth, request.body.ids);
      return { ...request.ok({ deleted }), message: request.t('address.deleted', { count: deleted }) };
    },
  );

  app.post(
    ApiPath.SetDefaultCustomerAddress,
    {
      config: { ...edit, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Make an address the default of its type',
        body: AddressSetDefaultSchema,
        response: { 200: envelopeSchema(AddressSchema) },
      },
    },
    async (request) =>
      request.ok(
        await service.setDefaultAddress(app.db, request.auth, request.body.id),
        'address.defaultSet',
      ),
  );

  app.post(
    ApiPath.ImportCustomerAddress,
    {
      config: { ...edit, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Import addresses from an .xlsx file (multipart field `file`); all rows or none',
        consumes: ['multipart/form-data'],
        querystring: AddressImportQuerySchema,
        response: { 200: envelopeSchema(AddressImportResultSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(ApiCode.BadRequest, 'address.import.noFile');
      // Taken before the body is read, so a refused caller's file is never held in memory.
      const release = app.importLimiter.acquire(request.auth.customerId);
      try {
        const { bytes, fileName } = await readUploadedFile(request);
        const { preview, keepDuplicates } = request.query;
        // A real import's upload is kept in file management; its bytes are written while the import runs.
        const upload = preview
          ? undefined
          : beginStoredUpload(app.storage, request.auth, { bytes, fileName, purpose: 'addressImport' });
        let result;
        try {
          result = await importAddresses(app.db, request.auth, bytes, request.language, {
            preview,
            keepDuplicates,
          });
        } catch (error) {
          await upload?.discard();
          throw error;
        }
        await upload?.keep(app.db);
        const message = result.preview
          ? request.t('address.import.previewed', { rows: result.rows, duplicates: result.duplicateCount })
          : result.skipped > 0
            ? request.t('address.import.doneSkipped', { count: result.imported, skipped: result.skipped })
            : request.t('address.import.done', { count: result.imported });
        return { ...request.ok(result), message };
      } finally {
        release();
      }
    },
  );

  app.get(
    ApiPath.CustomerAddressImportTemplate,
    {
      config: { ...view, dataScope: 'shared' },
      schema: { tags, summary: 'The import template (.xlsx) with headers in the caller’s language' },
    },
    async (request, reply) => {
      const file = await importTemplate(request.language);
      return reply
        .type(XLSX_TYPE)
        .header(
          'Content-Disposition',
          attachmentDisposition(templateFileName(request.language), 'address-import-template.xlsx'),
        )
        .send(file);
    },
  );

  app.get(
    ApiPath.ExportCustomerAddress,
    {
      config: { ...view, dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Export the filtered addresses as xlsx or CSV (UTF-8 with BOM)',
        querystring: AddressExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = exportAddresses(app.db, request.auth, filter, format, request.language);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', file.contentDisposition)
        .send(file.stream);
    },
  );
};
