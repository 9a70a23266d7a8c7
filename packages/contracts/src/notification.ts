import { z } from 'zod';
import { idField } from './ids.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';
import { AmountMinorSchema, CurrencyCodeSchema } from './quantity.ts';

/**
 * Notifications (issue 13, PRODUCT.md "Notification", the message list). The server keeps a title and body
 * as message keys with params and words them in the reader's language; each user has an own read mark.
 */
export const NOTIFICATION_KINDS = [
  'system_announcement',
  'order_exception',
  'weight_adjustment',
  'recharge_result',
  'balance_warning',
  'export_finished',
  'bill_issued',
  'certification_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A portal path ("/user/…") the notification leads to, or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** How many notifications QueryNewNotification answers with the unread count (the header's popover). */
export const NEWEST_NOTIFICATION_COUNT = 5;

/** `GET /api/Notification/QueryNewNotification`: the unread count and the newest unread few. */
export const NewNotificationSchema = z.object({
  unreadCount: z.number().int(),
  items: z.array(NotificationSchema),
});
export type NewNotification = z.infer<typeof NewNotificationSchema>;

export const NOTIFICATION_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number];

/** `POST /api/Notification/Query`: the message list, newest first. */
export const NotificationQuerySchema = z.object({
  readFilter: z.enum(NOTIFICATION_READ_FILTERS).default('all'),
  kind: NotificationKindSchema.nullish(),
  pageIndex: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type NotificationQueryInput = z.input<typeof NotificationQuerySchema>;
export const NotificationPageSchema = z.object({
  list: z.array(NotificationSchema),
  total: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `POST /api/Notification/MarkRead`: one or a few notifications of the caller. */
export const MarkNotificationsReadSchema = z.object({
  ids: z.array(idField()).min(1).max(MAX_PAGE_SIZE),
});
export type MarkNotificationsReadInput = z.input<typeof MarkNotificationsReadSchema>;
/** Answer of MarkRead and MarkAllRead: how many became read now, and the unread count after. */
export const MarkReadResultSchema = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

/**
 * The user's low-balance warning per currency (user centre): when the balance falls below the threshold a
 * balance-warning notification is sent once; it is sent again only after the balance has risen to the
 * threshold and falls below it again.
 */
export const BalanceThresholdSchema = z.object({
  currencyCode: z.string(),
  /** Minor units. */
  thresholdAmount: z.number().int(),
  /** The balance is below the threshold now (the warning of this crossing was sent). */
  isBelow: z.boolean(),
  updatedAt: z.string(),
});
export type BalanceThreshold = z.infer<typeof BalanceThresholdSchema>;

/** `POST /api/Notification/SaveBalanceThreshold`: set (amount) or remove (null) one currency's threshold. */
export const SaveBalanceThresholdSchema = z.object({
  currencyCode: CurrencyCodeSchema,
  thresholdAmount: AmountMinorSchema.nullable(),
});
export type SaveBalanceThresholdInput = z.input<typeof SaveBalanceThresholdSchema>;

/** `GET /api/ApplicationInfo/GetSystemInfo`: the system information page (PRODUCT.md section 3). */
export const SystemInfoSchema = z.object({
  applicationName: z.string(),
  applicationVersion: z.string(),
  /** When the running build was made (ISO-8601), or null when unknown (a development run). */
  buildTime: z.string().nullable(),
  /** The server's runtime (Node.js) and web framework versions. */
  serverVersion: z.string(),
  frameworkVersion: z.string(),
  databaseKind: z.enum(['sqlite', 'postgres']),
  databaseVersion: z.string(),
  serverTime: z.string(),
  /** IANA time zone of the server (e.g. "UTC", "Asia/Shanghai") and its offset from UTC in minutes now. */
  timeZone: z.string(),
  utcOffsetMinutes: z.number().int(),
  currencies: z.array(z.object({ code: z.string(), name: z.string(), symbol: z.string().nullable() })),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;
