import type { RechargeChannel, RechargeStatus } from '@portal/contracts/recharge';
import type { Expression, ExpressionBuilder, Insertable, Selectable, SqlBool } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { Database, PaymentNotificationsTable, RechargesTable } from '../../db/schema.ts';
import { isPlainId, newId, nowIso } from '../../lib/ids.ts';
import { utcText } from '../order/order-filter.ts';

export type RechargeRow = Selectable<RechargesTable> & { created_by_name: string | null };

const withCreator = (db: Db) =>
  db
    .selectFrom('recharges as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .selectAll('r')
    .select('u.display_name as created_by_name');

export async function insertRecharge(db: Db, row: Insertable<RechargesTable>) {
  await db.insertInto('recharges').values(row).execute();
}

/** Bank transfers the customer's users sent from the portal that still wait for staff (the upload cap). */
export async function countPendingPortalTransfers(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('recharges')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('channel', '=', 'bank_transfer')
    .where('source', '=', 'portal')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Serialises one customer's signed-in voucher uploads (the pending cap) on PostgreSQL; SQLite writes one at a time. */
export async function lockCustomerTransfers(db: Db, customerId: string) {
  if (!isPostgres(db)) return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

/** What a recharge number can look like; anything else (control characters above all) is never looked up. */
export const isRechargeNoShape = (value: string) => /^[A-Za-z0-9]{1,40}$/.test(value);

/** A recharge by its number, whoever's it is (the payToken or the operator key is the authority). */
export async function findRechargeByNo(db: Db, rechargeNo: string): Promise<RechargeRow | undefined> {
  if (!isRechargeNoShape(rechargeNo)) return undefined;
  return withCreator(db).where('r.recharge_no', '=', rechargeNo).executeTakeFirst();
}

/** The customer's recharge; another customer's id, or one no id can be (a NUL), is simply not found. */
export async function findCustomerRecharge(
  db: Db,
  customerId: string,
  id: string,
): Promise<RechargeRow | undefined> {
  if (!isPlainId(id)) return undefined;
  return withCreator(db).where('r.customer_id', '=', customerId).where('r.id', '=', id).executeTakeFirst();
}

export interface RechargeFilter {
  status?: RechargeStatus | null;
  channel?: RechargeChannel | null;
  currencyCode?: string | null;
  rechargeNo?: string | null;
  createdFrom?: string | null;
  createdTo?: string | null;
}

/**
 * The recharge list's filter as one condition scoped to the customer; the list and the `recharges`
 * export (recharge-export.ts) both use it, so an export holds what the list shows. `createdFrom` is
 * inclusive, `createdTo` exclusive, both instants compared in UTC.
 */
export function rechargeFilterCondition(customerId: string, filter: RechargeFilter) {
  return (eb: ExpressionBuilder<Database, 'recharges'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('recharges.customer_id', '=', customerId)];
    if (filter.status) conditions.push(eb('recharges.status', '=', filter.status));
    if (filter.channel) conditions.push(eb('recharges.channel', '=', filter.channel));
    if (filter.currencyCode) conditions.push(eb('recharges.currency_code', '=', filter.currencyCode));
    // A number no recharge can have matches nothing (and never reaches the database as a NUL).
    if (filter.rechargeNo)
      conditions.push(
        eb('recharges.recharge_no', '=', isRechargeNoShape(filter.rechargeNo) ? filter.rechargeNo : ''),
      );
    if (filter.createdFrom) conditions.push(eb('recharges.created_at', '>=', utcText(filter.createdFrom)));
    if (filter.createdTo) conditions.push(eb('recharges.created_at', '<', utcText(filter.createdTo)));
    return eb.and(conditions);
  };
}

/** One page of the customer's recharges, newest first, with the count and the paid totals of the filter. */
export async function listRecharges(
  db: Db,
  customerId: string,
  filter: RechargeFilter,
  page: { pageIndex: number; pageSize: number },
) {
  const base = db.selectFrom('recharges').where(rechargeFilterCondition(customerId, filter));
  const [rows, count, paid] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'recharges.created_by')
      .selectAll('recharges')
      .select('u.display_name as created_by_name')
      .orderBy('recharges.created_at', 'desc')
      .orderBy('recharges.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .where('recharges.status', '=', 'paid')
      .select(['recharges.currency_code', (eb) => eb.fn.sum<number>('recharges.amount').as('amount')])
      .groupBy('recharges.currency_code')
      .orderBy('recharges.currency_code')
      .execute(),
  ]);
  return {
    rows: rows as RechargeRow[],
    total: Number(count.count),
    paidTotals: paid.map((row) => ({ currencyCode: row.currency_code, amount: Number(row.amount) })),
  };
}

export type NotificationOutcome = PaymentNotificationsTable['outcome'];

/** Longest body kept in the notification log (a provider's notification is a few KiB at most). */
export const MAX_LOGGED_BODY = 8 * 1024;

/** Texts from a caller kept as text: PostgreSQL text holds no NUL, so it is written out. */
const keepable = (text: string | null, max: number) =>
  text === null ? null : text.slice(0, max).replaceAll('\u0000', '\\u0000');

/** One row of the notification log (every notification, whatever became of it). */
export async function logNotification(
  db: Db,
  entry: {
    provider: string;
    rechargeNo: string | null;
    tradeNo: string | null;
    outcome: NotificationOutcome;
    detail: string | null;
    remoteAddress: string | null;
    body: string | null;
  },
) {
  await db
    .insertInto('payment_notifications')
    .values({
      id: newId(),
      provider: entry.provider,
      recharge_no: keepable(entry.rechargeNo, 40),
      provider_trade_no: keepable(entry.tradeNo, 64),
      outcome: entry.outcome,
      detail: keepable(entry.detail, 500),
      remote_address: entry.remoteAddress,
      body: keepable(entry.body, MAX_LOGGED_BODY),
      received_at: nowIso(),
    })
    .execute();
}
