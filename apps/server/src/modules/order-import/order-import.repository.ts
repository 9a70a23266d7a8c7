import type { OrderImportView } from '@portal/contracts/order-import';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { OrderImportRowsTable, OrderImportsTable } from '../../db/schema.ts';

/** The batch imports and their rows; every query names the customer or an import found through it. */

export type ImportRow = Selectable<OrderImportsTable>;
export type SheetRowRecord = Selectable<OrderImportRowsTable>;
export type NewSheetRow = Insertable<OrderImportRowsTable>;

/** Rows per INSERT or IN list: well within both engines' limits on bound parameters. */
export const ROW_CHUNK = 500;

export async function insertImport(db: Db, row: Insertable<OrderImportsTable>) {
  await db.insertInto('order_imports').values(row).execute();
}

export function findImport(db: Db, customerId: string, id: string) {
  return db
    .selectFrom('order_imports')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The import, locked for the rest of the transaction on PostgreSQL: two edits of one import at once would
 * otherwise both rewrite the same rows. SQLite runs one write transaction at a time already.
 */
export function findImportForUpdate(db: Db, customerId: string, id: string) {
  const query = db
    .selectFrom('order_imports')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateImport(
  db: Db,
  customerId: string,
  id: string,
  set: Updateable<OrderImportsTable>,
) {
  await db
    .updateTable('order_imports')
    .set(set)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function insertRows(db: Db, rows: readonly NewSheetRow[]) {
  for (let start = 0; start < rows.length; start += ROW_CHUNK)
    await db
      .insertInto('order_import_rows')
      .values(rows.slice(start, start + ROW_CHUNK))
      .execute();
}

export async function deleteRows(db: Db, importId: string) {
  await db.deleteFrom('order_import_rows').where('import_id', '=', importId).execute();
}

/** Replaces stored rows with new contents: two statements per chunk instead of one UPDATE per row. */
export async function rewriteRows(db: Db, importId: string, rows: readonly NewSheetRow[]) {
  for (let start = 0; start < rows.length; start += ROW_CHUNK) {
    const chunk = rows.slice(start, start + ROW_CHUNK);
    const numbers = chunk.map((row) => row.row_number);
    await db
      .deleteFrom('order_import_rows')
      .where('import_id', '=', importId)
      .where('row_number', 'in', numbers)
      // Redundant bounds the index can use (see `rowsOfLeads`).
      .where('row_number', '>=', Math.min(...numbers))
      .where('row_number', '<=', Math.max(...numbers))
      .execute();
    await db.insertInto('order_import_rows').values(chunk).execute();
  }
}

/*
 * The passes over all rows walk them in windows of row numbers (`after` < row_number <= `upTo`), not by
 * `row_number > after … LIMIT n`: PostgreSQL, with no statistics yet for the rows this transaction
 * inserted, answered the LIMIT form with a bitmap scan of every row after `after` and a sort, so a pass
 * over 100,000 rows read the table 200 times (over 5 minutes in bench/order-import.mjs).
 */

/** The next rows in sheet order after `afterRow` (keyset paging). */
export function rowsAfter(db: Db, importId: string, afterRow: number, limit: number) {
  return db
    .selectFrom('order_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** The highest row number of the import (0 when it has none). */
export async function lastRowNumber(db: Db, importId: string): Promise<number> {
  const row = await db
    .selectFrom('order_import_rows')
    .select((eb) => eb.fn.max('row_number').as('last'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The rows numbered `after` < n <= `upTo`, in sheet order. */
export function rowsInWindow(db: Db, importId: string, after: number, upTo: number) {
  return db
    .selectFrom('order_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('row_number', '>', after)
    .where('row_number', '<=', upTo)
    .orderBy('row_number')
    .execute();
}

/** The lead rows' numbers `after` < n <= `upTo`, in sheet order. */
export async function leadsInWindow(db: Db, importId: string, after: number, upTo: number) {
  const rows = await db
    .selectFrom('order_import_rows')
    .select('row_number')
    .where('import_id', '=', importId)
    .where('is_lead', '=', 1)
    .where('row_number', '>', after)
    .where('row_number', '<=', upTo)
    .orderBy('row_number')
    .execute();
  return rows.map((row) => row.row_number);
}

/**
 * Every row of the orders led by these rows, in sheet order. The redundant bounds matter on PostgreSQL:
 * with no statistics yet for rows this transaction inserted, it looked the IN list up by `import_id`
 * alone, reading all of the import's rows for every chunk (100,000 read to find 500).
 */
export function rowsOfLeads(db: Db, importId: string, leads: readonly number[]) {
  return db
    .selectFrom('order_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('lead_row_number', 'in', leads)
    .where('lead_row_number', '>=', Math.min(...leads))
    .where('lead_row_number', '<=', Math.max(...leads))
    .orderBy('row_number')
    .execute();
}

export function findRows(db: Db, importId: string, rowNumbers: readonly number[]) {
  return db
    .selectFrom('order_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('row_number', 'in', rowNumbers)
    .orderBy('row_number')
    .execute();
}

/** The exclusion flag of the order this reference number makes (its rows share it); undefined: no such order. */
export async function excludedOfOrderNo(db: Db, importId: string, orderNo: string | null) {
  if (orderNo === null) return undefined;
  const row = await db
    .selectFrom('order_import_rows')
    .select('excluded')
    .where('import_id', '=', importId)
    .where('customer_order_no', '=', orderNo)
    .limit(1)
    .executeTakeFirst();
  return row?.excluded;
}

/** The lead rows of the orders these reference numbers make (the rows' current grouping). */
export async function leadsOfOrderNos(db: Db, importId: string, orderNos: readonly string[]) {
  if (orderNos.length === 0) return [];
  const rows = await db
    .selectFrom('order_import_rows')
    .select('lead_row_number')
    .distinct()
    .where('import_id', '=', importId)
    .where('customer_order_no', 'in', orderNos)
    .execute();
  return rows.map((row) => row.lead_row_number);
}

/**
 * The grouping rule in SQL: a row without a reference number leads its own order; rows sharing one are
 * led by the lowest row number. `orderNos` limits it to those numbers' rows (and `rowNumbers`' rows).
 */
export async function regroup(
  db: Db,
  importId: string,
  only?: { orderNos: readonly string[]; rowNumbers: readonly number[] },
) {
  const single = db
    .updateTable('order_import_rows')
    .set((eb) => ({ lead_row_number: eb.ref('row_number'), is_lead: 1 }))
    .where('import_id', '=', importId)
    .where('customer_order_no', 'is', null);
  await (only ? single.where('row_number', 'in', [...only.rowNumbers, 0]) : single).execute();
  if (only && only.orderNos.length === 0) return;
  const filter = only ? sql`AND customer_order_no IN (${sql.join(only.orderNos)})` : sql``;
  // `+row_number`, not `row_number`: given MIN(row_number), SQLite walks the primary key (import_id,
  // row_number) in order until a row has the reference number, which is quadratic in the sheet (19 s for
  // 10,000 rows, bench/order-import.mjs); the unary plus makes it look the rows up by order_no_idx (48 ms).
  await sql`
    UPDATE order_import_rows
    SET lead_row_number = (
      SELECT MIN(+other.row_number) FROM order_import_rows other
      WHERE other.import_id = order_import_rows.import_id
        AND other.customer_order_no = order_import_rows.customer_order_no
    )
    WHERE import_id = ${importId} AND customer_order_no IS NOT NULL ${filter}`.execute(db);
  await sql`
    UPDATE order_import_rows
    SET is_lead = CASE WHEN lead_row_number = row_number THEN 1 ELSE 0 END
    WHERE import_id = ${importId} AND customer_order_no IS NOT NULL ${filter}`.execute(db);
}

/** The reference numbers among `orderNos` that orders of the customer already use. */
export async function usedOrderNos(db: Db, customerId: string, orderNos: readonly string[]) {
  if (orderNos.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('orders')
    .select('customer_order_no')
    .where('customer_id', '=', customerId)
    .where('customer_order_no', 'in', orderNos)
    .execute();
  return new Set(rows.map((row) => row.customer_order_no));
}

/** The import's counts from its rows (SQL aggregates), written onto the import. */
export async function recount(db: Db, customerId: string, importId: string) {
  const errorCount = isPostgres(db)
    ? sql<number>`COALESCE(SUM(json_array_length(errors::json)), 0)`
    : sql<number>`COALESCE(SUM(json_array_length(errors)), 0)`;
  const lead = (state: string) =>
    sql<number>`COALESCE(SUM(CASE WHEN is_lead = 1 AND state = ${state} THEN 1 ELSE 0 END), 0)`;
  const counts = await db
    .selectFrom('order_import_rows')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      sql<number>`COALESCE(SUM(is_lead), 0)`.as('orders'),
      lead('valid').as('valid'),
      lead('invalid').as('invalid'),
      lead('excluded').as('excluded'),
      lead('created').as('created'),
      errorCount.as('errors'),
    ])
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  await updateImport(db, customerId, importId, {
    row_count: Number(counts.rows),
    order_count: Number(counts.orders),
    valid_order_count: Number(counts.valid),
    invalid_order_count: Number(counts.invalid),
    excluded_order_count: Number(counts.excluded),
    created_order_count: Number(counts.created),
    error_count: Number(counts.errors),
  });
}

/** Σ estimated charge of the valid (not excluded) orders per currency. */
export async function validTotals(db: Db, importId: string) {
  const rows = await db
    .selectFrom('order_import_rows')
    .select((eb) => ['charge_currency_code', eb.fn.sum<number>('charge_amount').as('amount')])
    .where('import_id', '=', importId)
    .where('is_lead', '=', 1)
    .where('state', '=', 'valid')
    .where('charge_currency_code', 'is not', null)
    .groupBy('charge_currency_code')
    .orderBy('charge_currency_code')
    .execute();
  return rows.map((row) => ({ currencyCode: row.charge_currency_code!, amount: Number(row.amount) }));
}

/** The customer's wallets: what a charge may use (balance + credit limit; holds have left the balance). */
export async function wallets(db: Db, customerId: string) {
  const rows = await db
    .selectFrom('wallets')
    .select(['currency_code', 'balance', 'credit_limit'])
    .where('customer_id', '=', customerId)
    .execute();
  return new Map(rows.map((row) => [row.currency_code, Number(row.balance) + Number(row.credit_limit)]));
}

const viewFilter = (view: OrderImportView) => (view === 'all' ? undefined : view);

export async function pageRows(
  db: Db,
  importId: string,
  view: OrderImportView,
  offset: number,
  limit: number,
) {
  const state = viewFilter(view);
  let base = db.selectFrom('order_import_rows').where('import_id', '=', importId);
  if (state) base = base.where('state', '=', state);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('row_number').offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(total.count), rows };
}

/** The first rows as typed, for the mapping step. */
export async function sampleCells(db: Db, importId: string, count: number) {
  const rows = await rowsAfter(db, importId, 0, count);
  return rows.map((row) => JSON.parse(row.cells) as string[]);
}

/** Marks whole orders excluded or back in; a row's state then follows its order's lead. */
export async function setExcluded(db: Db, importId: string, leads: readonly number[], excluded: boolean) {
  for (let start = 0; start < leads.length; start += ROW_CHUNK) {
    const chunk = leads.slice(start, start + ROW_CHUNK);
    await db
      .updateTable('order_import_rows')
      .set((eb) => ({
        excluded: excluded ? 1 : 0,
        state: excluded
          ? sql<'excluded'>`'excluded'`
          : eb
              .case()
              .when(
                eb.exists(
                  eb
                    .selectFrom('order_import_rows as lead')
                    .select('lead.row_number')
                    .whereRef('lead.import_id', '=', 'order_import_rows.import_id')
                    .whereRef('lead.row_number', '=', 'order_import_rows.lead_row_number')
                    .where('lead.order_input', 'is not', null),
                ),
              )
              .then(sql<'valid'>`'valid'`)
              .else(sql<'invalid'>`'invalid'`)
              .end(),
      }))
      .where('import_id', '=', importId)
      .where('lead_row_number', 'in', chunk)
      .where('state', '!=', 'created')
      .execute();
  }
}

export async function deleteImport(db: Db, customerId: string, importId: string) {
  await deleteRows(db, importId);
  await db
    .deleteFrom('order_imports')
    .where('customer_id', '=', customerId)
    .where('id', '=', importId)
    .execute();
}

/** Imports past their keeping time (not while a commit runs), with their rows: the retention task. */
export async function deleteExpiredImports(db: Db, nowIso: string) {
  // One statement, the rows going with their import (ON DELETE CASCADE): a commit that starts at the same
  // moment either finds the import gone or keeps it (a `committing` import is never deleted) — never an
  // import left without its rows.
  const deleted = await db
    .deleteFrom('order_imports')
    .where('expires_at', '<=', nowIso)
    .where('status', '!=', 'committing')
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
