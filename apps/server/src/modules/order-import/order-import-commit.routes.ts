import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { OrderImportCommitSchema, OrderImportSummarySchema } from '@portal/contracts/order-import';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startCommit } from './order-import-commit.ts';
import type { Language } from '@portal/contracts/languages';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';

// Until preview's importSummary is merged: the import as the contract answers it, without totals.
async function importSummary(
  db: Db,
  customerId: string,
  id: string,
  language: Language,
): Promise<OrderImportSummary> {
  const row = await db
    .selectFrom('order_imports')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const error = row.commit_error
    ? (JSON.parse(row.commit_error) as { key: string; params: Record<string, string> })
    : null;
  return {
    id: row.id,
    status: row.status,
    fileName: row.file_name,
    productCode: row.product_code,
    shipperAddressId: row.shipper_address_id,
    headers: JSON.parse(row.headers) as string[],
    mapping: JSON.parse(row.mapping) as OrderImportSummary['mapping'],
    mappingName: null,
    sampleRows: [],
    rowCount: row.row_count,
    orderCount: row.order_count,
    validOrderCount: row.valid_order_count,
    invalidOrderCount: row.invalid_order_count,
    excludedOrderCount: row.excluded_order_count,
    createdOrderCount: row.created_order_count,
    errorCount: row.error_count,
    totals: [],
    progress: row.progress,
    submit: row.submit === null ? null : row.submit === 1,
    commitError: error ? translate(language, error.key, error.params) : null,
    createdAt: row.created_at,
    committedAt: row.committed_at,
    expiresAt: row.expires_at,
  };
}

/**
 * `POST BatchImportCommit`: starts the all-or-none commit of an Excel batch (order-import-commit.ts) and
 * answers the import, `committing`; the page polls `BatchImportGet` for its progress. The same
 * Idempotency-Key answers the first answer again; another commit of the same import answers 409.
 */
export const orderImportCommitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPath.BatchImportCommit,
    {
      config: { permission: Permission.OrderCreate, idempotency: true },
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
      const summary = await importSummary(app.db, request.auth.customerId, request.body.id, request.language);
      return { ...request.ok(summary), message: request.t('orderImport.commitStarted', { count }) };
    },
  );
};
