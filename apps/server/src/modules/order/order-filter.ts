import type { OrderFilter } from '@portal/contracts/order-list';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { isPlainId } from '../../lib/ids.ts';
import type { DataScopeFilter } from '../organization/data-scope.ts';

/**
 * The ONE translation of `OrderFilter` (contracts order-list.ts) into SQL on `orders`, scoped to a
 * customer: the order list, its status counts, the end-data list, exports and tracking all filter here.
 *
 * - `numbers`: each matches a reference, waybill or last-mile number exactly (the customer's own only).
 * - `createdFrom` inclusive, `createdTo` exclusive; instants with any offset, compared as UTC text.
 * - `countryCode`: the consignee's country; `productCode`: the product.
 * - `importId`: the orders one Excel batch created (`orders.import_id`, indexed with the customer).
 * - `keyword`: a substring of the consignee's name, company, phone, email or city, case-insensitive:
 *   `consignee_search` holds them lowercased by JavaScript (the same folding on SQLite and PostgreSQL,
 *   whose `lower` differ outside ASCII) and the keyword is lowercased the same way, LIKE-escaped.
 */

type OrdersEb = ExpressionBuilder<Database, 'orders'>;

/**
 * A filter with the caller's unit data scope (organization/data-scope.ts): `dataScope` narrows to the
 * orders created in those units or by that user. Services put it in; every read below honours it.
 */
export type ScopedOrderFilter = Partial<OrderFilter> & { dataScope?: DataScopeFilter | null };

/** The consignee fields the keyword filter searches, as stored in `orders.consignee_search`. */
export function consigneeSearchText(consignee: {
  name: string;
  company: string | null;
  phone: string;
  email: string | null;
  city: string;
}): string {
  return [consignee.name, consignee.company, consignee.phone, consignee.email, consignee.city]
    .filter((part) => part)
    .join('\n')
    .toLowerCase();
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern with `escape '!'`. */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

const FIRST_INSTANT = '0000-01-01T00:00:00.000Z';
const LAST_INSTANT = '9999-12-31T23:59:59.999Z';

/**
 * A created-range bound as stored times compare: ISO-8601 UTC with milliseconds. An offset can carry a
 * bound past year 9999 or before year 0, which ISO writes as +010000… or -000001…, text that sorts before
 * every stored time; such a bound is held to the ends of the four-digit years instead.
 */
export const utcText = (instant: string) => {
  const ms = Date.parse(instant);
  if (ms < Date.parse(FIRST_INSTANT)) return FIRST_INSTANT;
  if (ms > Date.parse(LAST_INSTANT)) return LAST_INSTANT;
  return new Date(ms).toISOString();
};

/** Whether the filter narrows anything besides the status (the list's tabs then count under it). */
export function filtersBesidesStatus(filter: ScopedOrderFilter): boolean {
  return Boolean(
    filter.dataScope ||
    (filter.numbers && filter.numbers.length > 0) ||
    filter.createdFrom ||
    filter.createdTo ||
    filter.countryCode ||
    filter.productCode ||
    filter.keyword ||
    filter.importId,
  );
}

/**
 * The filter as one condition on `orders` (usable in a select, a join or a subquery), always scoped to
 * `customerId`. `withStatus: false` leaves the status out: the tabs' counts are "under the other filters".
 */
export function orderFilterCondition(
  customerId: string,
  filter: ScopedOrderFilter,
  { withStatus = true }: { withStatus?: boolean } = {},
) {
  return (eb: OrdersEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('orders.customer_id', '=', customerId)];
    if (withStatus && filter.status) conditions.push(eb('orders.status', '=', filter.status));
    if (filter.numbers && filter.numbers.length > 0) {
      const numbers = filter.numbers;
      conditions.push(
        eb.or([
          eb('orders.customer_order_no', 'in', numbers),
          eb('orders.waybill_no', 'in', numbers),
          eb('orders.last_mile_no', 'in', numbers),
        ]),
      );
    }
    if (filter.createdFrom) conditions.push(eb('orders.created_at', '>=', utcText(filter.createdFrom)));
    if (filter.createdTo) conditions.push(eb('orders.created_at', '<', utcText(filter.createdTo)));
    if (filter.countryCode) conditions.push(eb('orders.consignee_country_code', '=', filter.countryCode));
    if (filter.productCode) conditions.push(eb('orders.product_code', '=', filter.productCode));
    // An id no import can have (a control character: PostgreSQL refuses a NUL) matches nothing.
    if (filter.importId)
      conditions.push(
        isPlainId(filter.importId) ? eb('orders.import_id', '=', filter.importId) : sql<SqlBool>`1 = 0`,
      );
    if (filter.dataScope) {
      const { unitIds, userId } = filter.dataScope;
      conditions.push(
        unitIds.length > 0
          ? eb.or([eb('orders.org_unit_id', 'in', unitIds), eb('orders.created_by', '=', userId)])
          : eb('orders.created_by', '=', userId),
      );
    }
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
      conditions.push(sql<SqlBool>`${eb.ref('orders.consignee_search')} like ${pattern} escape '!'`);
    }
    return eb.and(conditions);
  };
}

/** `select … from orders where <filter>`: the start of every filtered read of orders. */
export function filteredOrders(
  db: Db,
  customerId: string,
  filter: ScopedOrderFilter,
  options?: { withStatus?: boolean },
) {
  return db.selectFrom('orders').where(orderFilterCondition(customerId, filter, options));
}

/**
 * Which of the pasted numbers match none of the customer's orders (by reference, waybill or last-mile
 * number), in the order pasted. Another customer's numbers, and those outside the caller's data scope, are
 * "not found" like numbers nobody has.
 */
export async function notFoundNumbers(
  db: Db,
  customerId: string,
  numbers: readonly string[],
  dataScope: DataScopeFilter | null = null,
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await filteredOrders(db, customerId, { numbers: [...numbers], dataScope })
    .select(['customer_order_no', 'waybill_no', 'last_mile_no'])
    .execute();
  const found = new Set<string>();
  for (const row of rows)
    for (const number of [row.customer_order_no, row.waybill_no, row.last_mile_no])
      if (number) found.add(number);
  return numbers.filter((number) => !found.has(number));
}
