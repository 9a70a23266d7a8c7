import { ApiPath } from '@portal/contracts/api-paths';
import { envelopeSchema } from '@portal/contracts/envelope';
import {
  BalanceThresholdSchema,
  MarkNotificationsReadSchema,
  MarkReadResultSchema,
  NewNotificationSchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  SaveBalanceThresholdSchema,
} from '@portal/contracts/notification';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import * as service from './notification.service.ts';

/** Queries and read marks are a few hundred bytes; 500 ids of 64 characters stay well under 64 KiB. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * The signed-in user's notifications (every user has them: no permission beyond sign-in; each one shows
 * only what the user may see) and the balance warning setting (finance:view).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notification'];

  app.get(
    ApiPath.QueryNewNotification,
    {
      config: { dataScope: 'orders' },
      schema: {
        tags,
        summary: 'The unread count and the newest unread notifications (polled by the header)',
        response: { 200: envelopeSchema(NewNotificationSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryNewNotifications(app.db, request.auth, request.language)),
  );

  app.post(
    ApiPath.QueryNotification,
    {
      config: { dataScope: 'orders' },
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'The message list: notifications, newest first, filtered by read state and kind',
        body: NotificationQuerySchema,
        response: { 200: envelopeSchema(NotificationPageSchema) },
      },
    },
    async (request) =>
      request.ok(await service.queryNotifications(app.db, request.auth, request.language, request.body)),
  );

  app.post(
    ApiPath.MarkNotificationRead,
    {
      config: { dataScope: 'orders' },
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Mark the caller's notifications read; an id the caller cannot see refuses the whole call",
        body: MarkNotificationsReadSchema,
        response: { 200: envelopeSchema(MarkReadResultSchema) },
      },
    },
    async (request) => {
      const result = await app.db
        .transaction()
        .execute((trx) => service.markNotificationsRead(trx, request.auth, request.body.ids));
      if (!result) throw notFound();
      return request.ok(result, 'notification.marked');
    },
  );

  app.post(
    ApiPath.MarkAllNotificationsRead,
    {
      config: { dataScope: 'orders' },
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Mark every notification of the caller read',
        response: { 200: envelopeSchema(MarkReadResultSchema) },
      },
    },
    async (request) =>
      request.ok(await service.markAllNotificationsRead(app.db, request.auth), 'notification.marked'),
  );

  app.get(
    ApiPath.QueryBalanceThreshold,
    {
      config: { permission: Permission.FinanceView, dataScope: 'company' },
      schema: {
        tags,
        summary: "The caller's low-balance warning levels, per currency",
        response: { 200: envelopeSchema(z.array(BalanceThresholdSchema)) },
      },
    },
    async (request) => request.ok(await service.queryBalanceThresholds(app.db, request.auth)),
  );

  app.post(
    ApiPath.SaveBalanceThreshold,
    {
      config: { permission: Permission.FinanceView, dataScope: 'company' },
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set (or with null remove) the caller's low-balance warning level of one currency",
        body: SaveBalanceThresholdSchema,
        response: { 200: envelopeSchema(z.array(BalanceThresholdSchema)) },
      },
    },
    async (request) =>
      request.ok(
        await service.saveBalanceThreshold(app.db, request.auth, request.body),
        'notification.thresholdSaved',
      ),
  );
};
