import { ApiPath } from '@portal/contracts/api-paths';
import { PrintLabelSchema } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../address/spreadsheet-text.ts';
import { printLabels } from './label.service.ts';

/** Shipping labels of the caller's orders as one PDF. */
export const labelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPath.PrintLabel,
    {
      config: { permission: Permission.OrderView, dataScope: 'orders' },
      schema: {
        tags: ['order'],
        summary:
          'Labels of orders with a waybill number as one PDF (application/pdf): one label per parcel, in the order of `ids`; all or none',
        body: PrintLabelSchema,
      },
    },
    async (request, reply) => {
      const { ids, size } = request.body;
      const file = await printLabels(app.db, app.labelPool, request.auth, ids, size, request.language);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(file.fileName, file.asciiFallback))
        .send(file.pdf);
    },
  );
};
