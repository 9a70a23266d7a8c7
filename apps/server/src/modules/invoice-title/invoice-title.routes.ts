import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { InvoiceTitleInputSchema, InvoiceTitleSchema } from '@portal/contracts/invoice-title';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './invoice-title.service.ts';

/** Small forms: a title is well under 2 KiB of JSON. */
const INVOICE_TITLE_BODY_LIMIT = 8 * 1024;

/** `CustomerInvoiceTitle/Get` and `Save` (finance:bill): the customer's invoice title. */
export const invoiceTitleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoiceTitle'];
  const config = { permission: Permission.FinanceBill };

  app.get(
    ApiPath.GetInvoiceTitle,
    {
      config: { ...config, dataScope: 'company' },
      schema: {
        tags,
        summary: "The customer's invoice title, or null when none was saved",
        response: { 200: envelopeSchema(InvoiceTitleSchema.nullable()) },
      },
    },
    async (request) => request.ok(await service.getInvoiceTitle(app.db, request.auth)),
  );

  app.post(
    ApiPath.SaveInvoiceTitle,
    {
      config: { ...config, dataScope: 'company' },
      bodyLimit: INVOICE_TITLE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Save (replace) the invoice title; the unified social credit code is checked with its check character',
        body: InvoiceTitleInputSchema,
        response: { 200: envelopeSchema(InvoiceTitleSchema) },
      },
    },
    async (request) =>
      request.ok(await service.saveInvoiceTitle(app.db, request.auth, request.body), 'invoiceTitle.saved'),
  );
};
