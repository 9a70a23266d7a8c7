import { sql, type Insertable, type Transaction } from 'kysely';
import type { BalanceThresholdsTable, Database, NotificationsTable } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { inDataScope, type DataScopeFilter } from '../organization/data-scope.ts';

export type Executor = Db | Transaction<Database>;

/**
 * Who reads: the user, their customer, the permissions they hold (for notifications meant for some) and
 * their unit data scope (for notifications about an order).
 */
export interface Reader {
  customerId: string;
  userId: string;
  permissions: readonly string[];
  dataScope: DataScopeFilter | null;
}

/** Inserts the row unless the customer already has one with its source key; true when inserted. */
export async function insertNotification(
  db: Executor,
  row: Insertable<NotificationsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['customer_id', 'source_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Notifications about the company as a whole (its certification, its money): a unit-scoped reader sees
 * none of them, whatever permission they name (data-scope.ts: company things need the whole company).
 */
const COMPANY_KINDS: readonly NotificationsTable['kind'][] = [
  'certification_decided',
  'recharge_result',
  'balance_warning',
  'bill_issued',
];

/** The notifications the reader may see, with the reader's read mark joined (`read_at`, null when unread). */
function visible(db: Executor, reader: Reader) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('notification_reads as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', reader.userId),
    )
    .where('n.customer_id', '=', reader.customerId)
    .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', reader.userId)]))
    .where((eb) =>
      reader.permissions.length === 0
        ? eb('n.permission', 'is', null)
        : eb.or([eb('n.permission', 'is', null), eb('n.permission', 'in', [...reader.permissions])]),
    )
    .$if(reader.dataScope !== null, (query) =>
      query.where('n.kind', 'not in', [...COMPANY_KINDS]).where((eb) =>
        eb.or([
          eb('n.order_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select(sql`1`.as('one'))
              .whereRef('o.id', '=', 'n.order_id')
              .where(inDataScope(reader.dataScope, { unit: 'o.org_unit_id', user: 'o.created_by' })),
          ),
        ]),
      ),
    );
}

export type ReadFilter = 'all' | 'unread' | 'read';

function filtered(db: Executor, reader: Reader, readFilter: ReadFilter, kind?: string | null) {
  let query = visible(db, reader);
  if (readFilter === 'unread') query = query.where('r.read_at', 'is', null);
  if (readFilter === 'read') query = query.where('r.read_at', 'is not', null);
  if (kind) query = query.where('n.kind', '=', kind as NotificationsTable['kind']);
  return query;
}

export async function countNotifications(
  db: Executor,
  reader: Reader,
  readFilter: ReadFilter,
  kind?: string | null,
): Promise<number> {
  const row = await filtered(db, reader, readFilter, kind)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listNotifications(
  db: Executor,
  reader: Reader,
  options: { readFilter: ReadFilter; kind?: string | null; offset: number; limit: number },
) {
  return filtered(db, reader, options.readFilter, options.kind)
    .selectAll('n')
    .select('r.read_at')
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

/** The ids among `ids` the reader may see (others' ids simply do not match). */
export async function visibleIds(db: Executor, reader: Reader, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await visible(db, reader)
    .select('n.id')
    .where('n.id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the given (visible, checked by the caller) notifications read for the user; the count newly marked. */
export async function insertReads(db: Executor, userId: string, ids: readonly string[], at: string) {
  if (ids.length === 0) return 0;
  const result = await db
    .insertInto('notification_reads')
    .values(ids.map((id) => ({ notification_id: id, user_id: userId, read_at: at })))
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Marks every unread notification the reader sees as read, in one statement; the count marked. */
export async function insertAllReads(db: Executor, reader: Reader, at: string): Promise<number> {
  const result = await db
    .insertInto('notification_reads')
    .columns(['notification_id', 'user_id', 'read_at'])
    .expression(
      filtered(db, reader, 'unread').select((eb) => [
        'n.id',
        eb.val(reader.userId).as('user_id'),
        eb.val(at).as('read_at'),
      ]),
    )
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Deletes notifications created before the cutoff, with their read marks. */
export async function deleteNotificationsBefore(db: Executor, cutoffIso: string): Promise<number> {
  await db
    .deleteFrom('notification_reads')
    .where('notification_id', 'in', (eb) =>
      eb.selectFrom('notifications').select('id').where('created_at', '<', cutoffIso),
    )
    .execute();
  const result = await db.deleteFrom('notifications').where('created_at', '<', cutoffIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function listBalanceThresholds(db: Executor, userId: string) {
  return db
    .selectFrom('balance_thresholds')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('currency_code')
    .execute();
}

export function thresholdsOfWallet(db: Executor, customerId: string, currencyCode: string) {
  return db
    .selectFrom('balance_thresholds')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .execute();
}

export async function upsertBalanceThreshold(db: Executor, row: BalanceThresholdsTable) {
  const { user_id: _user, currency_code: _currency, ...changes } = row;
  await db
    .insertInto('balance_thresholds')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'currency_code']).doUpdateSet(changes))
    .execute();
}

export async function deleteBalanceThreshold(db: Executor, userId: string, currencyCode: string) {
  await db
    .deleteFrom('balance_thresholds')
    .where('user_id', '=', userId)
    .where('currency_code', '=', currencyCode)
    .execute();
}

/** Flips the crossing flag only when it still has the other value; true when this call flipped it. */
export async function setBelow(
  db: Executor,
  userId: string,
  currencyCode: string,
  isBelow: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('balance_thresholds')
    .set({ is_below: isBelow ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('currency_code', '=', currencyCode)
    .where('is_below', '=', isBelow ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
