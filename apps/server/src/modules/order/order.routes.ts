import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  OrderCancelResultSchema,
  OrderCancelSchema,
  OrderCreatedSchema,
  OrderIdSchema,
} from '@portal/contracts/order';
import {
  EndDataQuerySchema,
  EndDataResultSchema,
  HomeSummaryQuerySchema,
  HomeSummarySchema,
  OrderDetailSchema,
  OrderQueryResultSchema,
  OrderQuerySchema,
  TrackingQuerySchema,
  TrackingResultSchema,
} from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import './order.messages.ts';
import * as listService from './order-list.service.ts';
import * as service from './order.service.ts';

/**
 * Orders of the caller's customer: create (draft or submitted), edit a draft, submit a draft, read one,
 * cancel; the list, the end-data list, tracking and the home summary.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['order'];
  const create = { permission: Permission.OrderCreate };
  const view = { permission: Permission.OrderView };

  app.post(
    ApiPath.CreateOrder,
    {
      // A retried or double-clicked create with the same Idempotency-Key answers the first result again.
      config: { ...create, idempotency: true, dataScope: 'orders' },
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
      config: { ...create, dataScope: 'orders' },
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
      config: { ...view, dataScope: 'orders' },
      schema: {
        tags,
        summary:
          'One order with its parties, parcels, items, charges, journey, tracking events and ledger rows',
        querystring: OrderIdSchema,
        response: { 200: envelopeSchema(OrderDetailSchema) },
      },
    },
    async (request) =>
      request.ok(await service.getOrder(app.db, request.auth, request.query.id, request.language)),
  );

  app.post(
    ApiPath.CancelOrder,
    {
      config: { ...create, dataScope: 'orders' },
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

  app.post(
    ApiPath.UpdateOrder,
    {
      config: { ...create, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Edit a draft (checked like a create); with `submit: true` submit it in the same call',
        body: service.orderUpdateSchema,
        response: { 200: envelopeSchema(OrderCreatedSchema) },
      },
    },
    async (request) => {
      const updated = await service.updateOrder(app.db, request.auth, request.body, request.language);
      return {
        ...request.ok(updated),
        message: updated.waybillNo
          ? request.t('order.submitted', { waybillNo: updated.waybillNo })
          : request.t('order.updated'),
      };
    },
  );

  app.post(
    ApiPath.QueryOrders,
    {
      config: { ...view, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'The order list: a page under the filters, the total, counts per status, numbers not found',
        body: OrderQuerySchema,
        response: { 200: envelopeSchema(OrderQueryResultSchema) },
      },
    },
    async (request) =>
      request.ok(await listService.queryOrders(app.db, request.auth, request.body, request.language)),
  );

  app.post(
    ApiPath.QueryTracking,
    {
      config: { ...view, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Tracking of one or many reference, waybill or last-mile numbers',
        body: TrackingQuerySchema,
        response: { 200: envelopeSchema(TrackingResultSchema) },
      },
    },
    async (request) =>
      request.ok(await listService.queryTracking(app.db, request.auth, request.body.numbers)),
  );

  app.post(
    ApiPath.QueryEndData,
    {
      config: { ...view, dataScope: 'orders' },
      schema: {
        tags,
        summary: 'Last-mile data: orders with a last-mile number, under the list filters',
        body: EndDataQuerySchema,
        response: { 200: envelopeSchema(EndDataResultSchema) },
      },
    },
    async (request) => request.ok(await listService.queryEndData(app.db, request.auth, request.body)),
  );

  app.get(
    ApiPath.QueryHomeSummary,
    {
      config: { ...view, dataScope: 'orders' },
      schema: {
        tags,
        summary: "The home page's summary: counts per status, today's and this month's orders, exceptions",
        querystring: HomeSummaryQuerySchema,
        response: { 200: envelopeSchema(HomeSummarySchema) },
      },
    },
    async (request) =>
      request.ok(
        await listService.homeSummary(app.db, request.auth, request.query.utcOffsetMinutes, request.language),
      ),
  );
};
