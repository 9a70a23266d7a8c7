import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { OrderImportCommitSchema, OrderImportSummarySchema } from '@portal/contracts/order-import';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startCommit } from './order-import-commit.ts';
import { importSummary } from './order-import-check.ts';

/**
 * `POST BatchImportCommit`: starts the all-or-none commit of an Excel batch (order-import-commit.ts) and
 * answers the import, `committing`; the page polls `BatchImportGet` for its progress. The same
 * Idempotency-Key answers the first answer again; another commit of the same import answers 409.
 */
export const orderImportCommitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPath.BatchImportCommit,
    {
      config: { permission: Permission.OrderCreate, idempotency: true, dataScope: 'orders' },
      schema: {
        tags: ['order-import'],
        summary:
          'Commit an Excel batch: every valid order becomes an order (drafts or submitted with holds), all or none, in the background (Idempotency-Key accepted)',
        body: OrderImportCommitSchema,
        response: { 200: envelopeSchema(OrderImportSummarySchema) },
      },
    },
    async (request) => {
      const count = await startCommit(app.db, request.auth, request.body);
      app.taskRunner.nudge();
      const summary = await importSummary(app.db, request.auth, request.body.id, request.language);
      return { ...request.ok(summary), message: request.t('orderImport.commitStarted', { count }) };
    },
  );
};
