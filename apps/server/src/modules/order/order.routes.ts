import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  OrderCancelResultSchema,
  OrderCancelSchema,
  OrderCreatedSchema,
  OrderIdSchema,
  OrderSchema,
} from '@portal/contracts/order';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import './order.messages.ts';
import * as service from './order.service.ts';

/** Orders of the caller's customer: create (draft or submitted), submit a draft, read one, cancel. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order'];
  const create = { permission: Permission.OrderCreate };
  const view = { permission: Permission.OrderView };

  app.post(
    ApiPath.CreateOrder,
    {
      // A retried or double-clicked create with the same Idempotency-Key answers the first result again.
      config: { ...create, idempotency: true },
      schema: {
        tags,
        summary:
          'Create an order: a draft, or submitted at once with `submit: true` (Idempotency-Key accepted)',
        body: service.orderCreateSchema,
        response: { 200: envelopeSchema(OrderCreatedSchema) },
      },
    },
    async (request) => {
      const created = await service.createOrder(app.db, request.auth, request.body, request.language);
      return {
        ...request.ok(created),
        message: created.waybillNo
          ? request.t('order.submitted', { waybillNo: created.waybillNo })
          : request.t('order.saved'),
      };
    },
  );

  app.post(
    ApiPath.SubmitOrder,
    {
      config: create,
      schema: {
        tags,
        summary: 'Submit a draft: re-price, issue the waybill number and hold the estimated charge',
        body: OrderIdSchema,
        response: { 200: envelopeSchema(OrderCreatedSchema) },
      },
    },
    async (request) => {
      const submitted = await service.submitOrder(app.db, request.auth, request.body.id, request.language);
      return {
        ...request.ok(submitted),
        message: request.t('order.submitted', { waybillNo: submitted.waybillNo ?? '' }),
      };
    },
  );

  app.get(
    ApiPath.GetOrder,
    {
      config: view,
      schema: {
        tags,
        summary: 'One order with its parties, parcels, items and charges',
        querystring: OrderIdSchema,
        response: { 200: envelopeSchema(OrderSchema) },
      },
    },
    async (request) =>
      request.ok(await service.getOrder(app.db, request.auth, request.query.id, request.language)),
  );

  app.post(
    ApiPath.CancelOrder,
    {
      config: create,
      schema: {
        tags,
        summary: 'Cancel drafts and submitted orders (all or none); submitted ones release their hold',
        body: OrderCancelSchema,
        response: { 200: envelopeSchema(OrderCancelResultSchema) },
      },
    },
    async (request) => {
      const cancelled = await service.cancelOrders(app.db, request.auth, request.body.ids, request.language);
      return { ...request.ok({ cancelled }), message: request.t('order.cancelled', { count: cancelled }) };
    },
  );
};
