import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import {
  CustomerLevelSchema,
  CustomerProductLimitSchema,
  IssueKindSchema,
  ProductExtraServiceSchema,
  ProductInfoSchema,
  QuoteAnswerSchema,
  QuoteRequestSchema,
} from '@portal/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './product.service.ts';
import { quoteShipment } from './quote.service.ts';

/** A quote body is at most 50 parcels: a few KiB. Anything far larger is refused before it is parsed. */
export const QUOTE_BODY_LIMIT = 32 * 1024;

/**
 * Products and prices (section 7 "Other endpoints"). The reference calls are GETs without parameters, like
 * the portal's other reference data, open to any signed-in user of the customer (they answer only what
 * the customer may use). The quote is a POST (a shipment is a body) and needs `order:create`: it shows the
 * customer's own prices to the people who ship, and it is the create-order page's live quote.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['product'];

  app.post(
    ApiPath.QueryQuote,
    {
      config: { permission: Permission.OrderCreate, dataScope: 'shared' },
      bodyLimit: QUOTE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Prices a shipment on every product the customer may use: usable ones by price, unusable ones with every reason',
        body: QuoteRequestSchema,
        response: { 200: envelopeSchema(QuoteAnswerSchema) },
      },
    },
    async (request) => request.ok(await quoteShipment(app.db, request.auth, request.body, request.language)),
  );

  app.get(
    ApiPath.QueryAllProducts,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: "Products the customer may use, with the customer's own limits applied",
        response: { 200: envelopeSchema(z.array(ProductInfoSchema)) },
      },
    },
    async (request) =>
      request.ok(await service.listProducts(app.db, request.auth.customerId, request.language)),
  );

  app.get(
    ApiPath.QueryCustomerProductLimit,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: "The customer's own product limits: hidden products, narrowed limits, negotiated discounts",
        response: { 200: envelopeSchema(z.array(CustomerProductLimitSchema)) },
      },
    },
    async (request) =>
      request.ok(await service.listCustomerProductLimits(app.db, request.auth.customerId, request.language)),
  );

  app.get(
    ApiPath.GetSystemExtraServiceList,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary:
          'Extra services (superlong, overweight, remote area, insurance, signature) per product, with rules and prices',
        response: { 200: envelopeSchema(z.array(ProductExtraServiceSchema)) },
      },
    },
    async (request) =>
      request.ok(await service.listExtraServices(app.db, request.auth.customerId, request.language)),
  );

  app.get(
    ApiPath.QueryCustomerLevel,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: "Customer levels with their discount, the caller's marked",
        response: { 200: envelopeSchema(z.array(CustomerLevelSchema)) },
      },
    },
    async (request) =>
      request.ok(await service.listCustomerLevels(app.db, request.auth.customerId, request.language)),
  );

  app.get(
    ApiPath.QueryEnabledIssueKinds,
    {
      config: { dataScope: 'shared' },
      schema: {
        tags,
        summary: 'Enabled issue kinds (what an order exception names)',
        response: { 200: envelopeSchema(z.array(IssueKindSchema)) },
      },
    },
    async (request) => request.ok(await service.listIssueKinds(app.db, request.language)),
  );
};
