import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  OrderImportApplyMappingSchema,
  OrderImportDeleteSchema,
  OrderImportIdSchema,
  OrderImportSavedMappingsSchema,
  OrderImportSummarySchema,
  OrderImportTemplateQuerySchema,
} from '@portal/contracts/order-import';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderImportErrorReport } from './order-import-report.ts';
import { orderImportTemplate } from './order-import-template.ts';
import * as service from './order-import-mappings.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A mapping names at most 38 columns: a few kilobytes; anything larger is not a mapping. */
const MAPPING_BODY_LIMIT = 16 * 1024;

/** Batch create's template, column mapping (saved mappings) and error report. */
export const orderImportMappingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order-import'];
  const config = { permission: Permission.OrderCreate };

  app.get(
    ApiPath.BatchImportTemplate,
    {
      config: { ...config, dataScope: 'shared' },
      schema: {
        tags,
        summary: "The batch-create template (.xlsx) in the language asked for (default: the caller's)",
        querystring: OrderImportTemplateQuerySchema,
      },
    },
    async (request, reply) => {
      const language = request.query.language ?? request.language;
      const { file, contentDisposition } = await orderImportTemplate(
        app.db,
        request.auth.customerId,
        language,
        app.config.imports.maxOrderRows,
      );
      return reply.type(XLSX_TYPE).header('Content-Disposition', contentDisposition).send(file);
    },
  );

  app.get(
    ApiPath.BatchImportMappings,
    {
      config: { ...config, dataScope: 'shared' },
      schema: {
        tags,
        summary: "The caller's saved column mappings, most recently used first",
        response: { 200: envelopeSchema(OrderImportSavedMappingsSchema) },
      },
    },
    async (request) => request.ok(await service.listSavedMappings(app.db, request.auth)),
  );

  app.post(
    ApiPath.BatchImportDeleteMapping,
    {
      config: { ...config, dataScope: 'shared' },
      bodyLimit: MAPPING_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Delete a saved column mapping',
        body: OrderImportDeleteSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteSavedMapping(app.db, request.auth, request.body.id);
      return request.ok(null, 'orderImport.mappingDeleted');
    },
  );

  app.post(
    ApiPath.BatchImportApplyMapping,
    {
      config: { ...config, dataScope: 'orders' },
      bodyLimit: MAPPING_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Use these columns for the import (optionally saving them by name); every row is checked again',
        body: OrderImportApplyMappingSchema,
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) => {
      const summary = await service.applyMapping(app.db, request.auth, request.body, request.language);
      const { saveAs } = request.body;
      return {
        ...request.ok(summary),
        message: saveAs
          ? request.t('orderImport.mappingSaved', { name: saveAs })
          : request.t('orderImport.mappingApplied'),
      };
    },
  );

  app.get(
    ApiPath.BatchImportErrorReport,
    {
      config: { ...config, dataScope: 'orders' },
      schema: {
        tags,
        summary: "The rows not made into orders, as the user's sheet with an error column (.xlsx)",
        querystring: OrderImportIdSchema,
      },
    },
    async (request, reply) => {
      const file = await orderImportErrorReport(app.db, request.auth, request.query.id, request.language);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', file.contentDisposition)
        .send(file.stream);
    },
  );
};
