import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  FileDeleteResultSchema,
  FileDeleteSchema,
  FilePageSchema,
  FileQuerySchema,
  StoredFileIdQuerySchema,
} from '@portal/contracts/export-task';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import '../export/export.messages.ts';
import { downloadDisposition } from './file-names.ts';
import * as service from './file.service.ts';

/** The files the customer uploaded (file management page): list, download, delete. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['file'];
  const manage = { permission: Permission.FileManage };

  app.post(
    ApiPath.QueryFiles,
    {
      config: { ...manage, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'The uploaded files, newest first',
        body: FileQuerySchema,
        response: { 200: envelopeSchema(FilePageSchema) },
      },
    },
    async (request) => request.ok(await service.queryFiles(app.db, request.auth, request.body)),
  );

  app.get(
    ApiPath.DownloadFile,
    {
      config: { ...manage, dataScope: 'orders' },
      schema: { tags, summary: 'One uploaded file', querystring: StoredFileIdQuerySchema },
    },
    async (request, reply) => {
      const file = await service.openFile(app.db, app.storage, request.auth, request.query.id);
      return reply
        .type(file.contentType)
        .header('Content-Length', file.size)
        .header('Content-Disposition', downloadDisposition(file.fileName))
        .send(file.stream);
    },
  );

  app.post(
    ApiPath.DeleteFiles,
    {
      config: { ...manage, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Delete uploaded files (all or none)',
        body: FileDeleteSchema,
        response: { 200: envelopeSchema(FileDeleteResultSchema) },
      },
    },
    async (request) => {
      const deleted = await service.deleteFiles(
        app.db,
        app.storage,
        request.auth,
        request.body.ids,
        request.log,
      );
      return { ...request.ok({ deleted }), message: request.t('file.deleted', { count: deleted }) };
    },
  );
};
