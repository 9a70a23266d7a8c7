import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  ExportTaskCreateSchema,
  ExportTaskIdQuerySchema,
  ExportTaskPageSchema,
  ExportTaskQuerySchema,
  ExportTaskSchema,
} from '@portal/contracts/export-task';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadDisposition } from '../file/file-names.ts';
import './export.messages.ts';
import { EXPORT_TASK_KIND, exportTaskHandler } from './export-task.ts';
import { removeStaleExportTempDirs } from './export-temp-dirs.ts';
import * as service from './export.service.ts';

/**
 * Export tasks: create (queued for the task runner), list and refresh, download the finished file. Each
 * kind needs its own permission (EXPORT_KIND_PERMISSION: order:export for orders, finance:view for the
 * consumption flow …), checked by the service; the list and downloads show only kinds the user may export.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.taskRunner.register(
    EXPORT_TASK_KIND,
    exportTaskHandler({
      db: app.db,
      storage: app.storage,
      fileTtlHours: app.config.exportFileTtlHours,
      billUtcOffsetMinutes: app.config.bills.utcOffsetMinutes,
    }),
  );
  // What exports killed mid-way on this machine left in the temp directory (a live one's is kept).
  app.addHook('onReady', async () => {
    const removed = await removeStaleExportTempDirs({ idleMs: app.config.tasks.leaseSeconds * 1000 }).catch(
      (error: unknown) => {
        app.log.warn({ err: error }, 'could not look for leftover export directories');
        return [];
      },
    );
    if (removed.length > 0) app.log.info({ removed }, 'removed leftover export directories');
  });
  const tags = ['export'];

  app.post(
    ApiPath.CreateExportTask,
    {
      config: { dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Start an export in the background; answers the task with its exportTaskID',
        body: ExportTaskCreateSchema,
        response: { 200: envelopeSchema(ExportTaskSchema) },
      },
    },
    async (request) => {
      const task = await service.createExportTask(app.db, request.auth, request.body, request.language);
      app.taskRunner.nudge();
      return request.ok(task, 'exportTask.created');
    },
  );

  app.post(
    ApiPath.QueryExportTask,
    {
      config: { dataScope: 'orders' },
      schema: {
        tags,
        summary: 'The export tasks, newest first; `ids` refreshes those tasks in place',
        body: ExportTaskQuerySchema,
        response: { 200: envelopeSchema(ExportTaskPageSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryExportTasks(app.db, request.auth, request.body, request.language)),
  );

  app.get(
    ApiPath.DownloadExportTask,
    {
      config: { dataScope: 'orders' },
      schema: {
        tags,
        summary: 'The finished export’s file, named in the language the task was created in',
        querystring: ExportTaskIdQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.openExportFile(app.db, app.storage, request.auth, request.query.id);
      return reply
        .type(file.contentType)
        .header('Content-Length', file.size)
        .header('Content-Disposition', downloadDisposition(file.fileName))
        .send(file.stream);
    },
  );
};
