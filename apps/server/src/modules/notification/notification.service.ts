import { ALL_PERMISSIONS, Permission } from '@portal/contracts/permissions';
import { hasPermission } from '@portal/contracts/access';
import { LANGUAGES, type Language, type LocalizedText } from '@portal/contracts/languages';
import {
  NEWEST_NOTIFICATION_COUNT,
  type BalanceThreshold,
  type MarkReadResult,
  type NewNotification,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationQuerySchema,
  type SaveBalanceThresholdSchema,
} from '@portal/contracts/notification';
import type { z } from 'zod';
import { isPlainId, newId, nowIso } from '../../lib/ids.ts';
import { isMessageKey, translate } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { MESSAGE_LIST_PATH, TOP_UP_LINK } from './notification-links.ts';
import './notification.messages.ts';
import * as repo from './notification.repository.ts';
import type { Executor, Reader } from './notification.repository.ts';

/**
 * Notifications: `notify` is the ONE writer (every event calls it inside its own transaction, so the
 * notification exists exactly when the event committed); the rest reads them for the signed-in user.
 */

/** A param: a plain value, or a text in each language (a name kept localised, e.g. an issue kind's). */
export type NotificationParam = string | number | LocalizedText;

export interface NotifyInput {
  customerId: string;
  /** One user's notification; omitted: every user of the customer (who holds `permission`, when given). */
  userId?: string | null;
  /** Only users holding this permission see it (e.g. finance:view for a recharge's result). */
  permission?: string | null;
  /** The order it is about: only users whose unit data scope holds the order see it. */
  orderId?: string | null;
  kind: NotificationKind;
  /** Registered message keys (defineMessages); the params fill their `{name}` placeholders. */
  titleKey: string;
  bodyKey: string;
  params?: Record<string, NotificationParam>;
  /** A portal path starting with "/", or null. */
  link?: string | null;
  /**
   * What the notification is about, unique per customer ("recharge:<id>:credited"): a second `notify` with
   * the same key writes nothing, so an event retried or reported twice notifies once.
   */
  sourceKey?: string | null;
}

/**
 * Writes one notification inside the caller's transaction (pass the transaction, so it commits or rolls
 * back with the event). Returns its id, or null when the source key was already notified.
 */
export async function notify(db: Executor, input: NotifyInput): Promise<string | null> {
  // A key that is not registered would show as the bare key to the reader: a programming error, loudly.
  for (const key of [input.titleKey, input.bodyKey])
    if (!isMessageKey(key)) throw new Error(`notify: message key not registered: ${key}`);
  if (input.link != null && !input.link.startsWith('/'))
    throw new Error(`notify: link must be a path: ${input.link}`);
  const id = newId();
  const inserted = await repo.insertNotification(db, {
    id,
    customer_id: input.customerId,
    user_id: input.userId ?? null,
    permission: input.permission ?? null,
    order_id: input.orderId ?? null,
    kind: input.kind,
    title_key: input.titleKey,
    body_key: input.bodyKey,
    params: JSON.stringify(input.params ?? {}),
    link: input.link ?? null,
    source_key: input.sourceKey ?? null,
    created_at: nowIso(),
  });
  return inserted ? id : null;
}

/** The permissions the user holds (directly or through a role), for the notifications meant for some. */
export function readerOf(auth: AuthContext): Reader {
  return {
    customerId: auth.customerId,
    userId: auth.userId,
    permissions: ALL_PERMISSIONS.filter((permission) => hasPermission(auth, permission)),
    dataScope: auth.dataScope,
  };
}

function renderParams(raw: string, language: Language): Record<string, string | number> {
  const params = JSON.parse(raw) as Record<string, NotificationParam>;
  const rendered: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    rendered[name] =
      typeof value === 'object' && value !== null ? (value[language] ?? value['zh-CN']) : value;
  return rendered;
}

type Row = Awaited<ReturnType<typeof repo.listNotifications>>[number];

function toNotification(row: Row, language: Language): Notification {
  const params = renderParams(row.params, language);
  return {
    id: row.id,
    kind: row.kind,
    title: translate(language, row.title_key, params),
    body: translate(language, row.body_key, params),
    link: row.link,
    isRead: row.read_at != null,
    createdAt: row.created_at,
  };
}

/** QueryNewNotification: the unread count and the newest unread few (the header's badge and popover). */
export async function queryNewNotifications(
  db: Executor,
  auth: AuthContext,
  language: Language,
): Promise<NewNotification> {
  const reader = readerOf(auth);
  const [unreadCount, rows] = await Promise.all([
    repo.countNotifications(db, reader, 'unread'),
    repo.listNotifications(db, reader, { readFilter: 'unread', offset: 0, limit: NEWEST_NOTIFICATION_COUNT }),
  ]);
  return { unreadCount, items: rows.map((row) => toNotification(row, language)) };
}

export async function queryNotifications(
  db: Executor,
  auth: AuthContext,
  language: Language,
  query: z.output<typeof NotificationQuerySchema>,
): Promise<NotificationPage> {
  const reader = readerOf(auth);
  const [total, rows] = await Promise.all([
    repo.countNotifications(db, reader, query.readFilter, query.kind),
    repo.listNotifications(db, reader, {
      readFilter: query.readFilter,
      kind: query.kind,
      offset: (query.pageIndex - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { list: rows.map((row) => toNotification(row, language)), total };
}

/**
 * Marks the caller's notifications read. An id the caller cannot see (another customer's or user's, or
 * none at all) refuses the whole call with "not found" and marks nothing.
 */
export async function markNotificationsRead(
  db: Executor,
  auth: AuthContext,
  ids: readonly string[],
): Promise<MarkReadResult | null> {
  const wanted = [...new Set(ids)];
  if (!wanted.every(isPlainId)) return null;
  const reader = readerOf(auth);
  const seen = await repo.visibleIds(db, reader, wanted);
  if (seen.length !== wanted.length) return null;
  const marked = await repo.insertReads(db, auth.userId, seen, nowIso());
  return { marked, unreadCount: await repo.countNotifications(db, reader, 'unread') };
}

export async function markAllNotificationsRead(db: Executor, auth: AuthContext): Promise<MarkReadResult> {
  const reader = readerOf(auth);
  const marked = await repo.insertAllReads(db, reader, nowIso());
  return { marked, unreadCount: await repo.countNotifications(db, reader, 'unread') };
}

export async function deleteOldNotifications(db: Executor, now: Date, keepDays: number): Promise<number> {
  return repo.deleteNotificationsBefore(db, new Date(now.getTime() - keepDays * 86_400_000).toISOString());
}

// ---- Balance warning -------------------------------------------------------------------------------

type ThresholdRow = Awaited<ReturnType<typeof repo.listBalanceThresholds>>[number];
const toThreshold = (row: ThresholdRow): BalanceThreshold => ({
  currencyCode: row.currency_code,
  thresholdAmount: Number(row.threshold_amount),
  isBelow: row.is_below === 1,
  updatedAt: row.updated_at,
});

export async function queryBalanceThresholds(db: Executor, auth: AuthContext): Promise<BalanceThreshold[]> {
  return (await repo.listBalanceThresholds(db, auth.userId)).map(toThreshold);
}

/**
 * Sets (or with null removes) the user's threshold of one currency. The crossing flag starts as the
 * balance is now, so setting a threshold above today's balance does not warn at once (the page shows it),
 * and the next fall below after a rise does.
 */
export async function saveBalanceThreshold(
  db: Executor,
  auth: AuthContext,
  input: z.output<typeof SaveBalanceThresholdSchema>,
): Promise<BalanceThreshold[]> {
  if (input.thresholdAmount == null) {
    await repo.deleteBalanceThreshold(db, auth.userId, input.currencyCode);
  } else {
    const wallet = await db
      .selectFrom('wallets')
      .select('balance')
      .where('customer_id', '=', auth.customerId)
      .where('currency_code', '=', input.currencyCode)
      .executeTakeFirst();
    const balance = Number(wallet?.balance ?? 0);
    await repo.upsertBalanceThreshold(db, {
      user_id: auth.userId,
      customer_id: auth.customerId,
      currency_code: input.currencyCode,
      threshold_amount: input.thresholdAmount,
      is_below: balance < input.thresholdAmount ? 1 : 0,
      updated_at: nowIso(),
    });
  }
  return queryBalanceThresholds(db, auth);
}

/**
 * Called by the ledger after every change of a wallet's balance, inside its transaction: a user whose
 * threshold the balance has just fallen below gets ONE balance warning; a balance back at or above the
 * threshold re-arms it. The flag flips with a conditional UPDATE, so two changes at once warn once.
 */
export async function followBalanceThresholds(
  db: Executor,
  wallet: {
    customerId: string;
    currencyCode: string;
    balanceAfter: number;
    /** How the currency's amounts are written (the ledger's, which this module cannot import). */
    formatAmount: (amount: number) => Promise<string>;
  },
): Promise<void> {
  const { customerId, currencyCode, balanceAfter } = wallet;
  const thresholds = await repo.thresholdsOfWallet(db, customerId, currencyCode);
  for (const threshold of thresholds) {
    const amount = Number(threshold.threshold_amount);
    const isBelow = balanceAfter < amount;
    if (isBelow === (threshold.is_below === 1)) continue;
    const flipped = await repo.setBelow(db, threshold.user_id, currencyCode, isBelow);
    if (!flipped || !isBelow) continue;
    await notify(db, {
      customerId,
      userId: threshold.user_id,
      // The balance is the company's: a user who lost finance:view since setting the warning reads it no more.
      permission: Permission.FinanceView,
      kind: 'balance_warning',
      titleKey: 'notification.balanceWarning.title',
      bodyKey: 'notification.balanceWarning.body',
      params: {
        currency: currencyCode,
        balance: await wallet.formatAmount(balanceAfter),
        threshold: await wallet.formatAmount(amount),
      },
      link: TOP_UP_LINK,
    });
  }
}

/** A name stored as JSON LocalizedText (issue kinds, dictionaries) or as plain text, as a param. */
export function storedTextParam(stored: string): NotificationParam {
  if (!stored.startsWith('{')) return stored;
  try {
    return JSON.parse(stored) as LocalizedText;
  } catch {
    return stored;
  }
}

/** Every language's text of a registered key, for params that must stay localised (e.g. a status name). */
export function localizedMessage(key: string, params: Record<string, string | number> = {}): LocalizedText {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, translate(language, key, params)]),
  ) as LocalizedText;
}

export { MESSAGE_LIST_PATH };
