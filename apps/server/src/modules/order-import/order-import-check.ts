import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_IMPORT_SAMPLE_ROWS,
  ORDER_SHEET_FIELDS,
  type OrderImportRow,
  ORDER_SHEET_COLUMN,
  type OrderImportSummary,
  type OrderSheetDefaults,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import { gramsToKg } from '@portal/contracts/quantity';
import { hasPermission, type AccessSubject } from '@portal/contracts/access';
import { Permission } from '@portal/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { isInDataScope, type ScopedCaller } from '../organization/data-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { translate } from '../../lib/messages.ts';
import * as addressRepo from '../address/address.repository.ts';
import { restoreNeutralised } from '../address/spreadsheet-text.ts';
import { orderCreateSchema } from '../order/order.service.ts';
import { loadOrderPricer } from '../product/quote.service.ts';
import './order-import.messages.ts';
import * as repo from './order-import.repository.ts';
import {
  checkOrderGroup,
  wordCellError,
  type GroupContext,
  type SheetValues,
  type StoredCellError,
  orderNoKey,
} from './order-row-check.ts';

/**
 * The check pass over an import's stored rows: (re)derive the mapped values, group rows into orders by
 * reference number, check and price every order chunk by chunk (keyset by lead row, so 100,000 rows never
 * sit in memory together), then recount the import with SQL aggregates. `checkImport` is the entry point
 * for every change that affects all rows (the preview, a mapping, the settings); an edit re-checks only
 * the orders it touches (`checkOrders`).
 */

/** Orders per chunk of the check pass. */
const CHECK_CHUNK_ORDERS = 500;

export const importNotFound = () => new AppError(ApiCode.NotFound, 'orderImport.notFound');

/**
 * The import of the caller's customer, within the caller's unit data scope (a sub-user whose role sees its
 * unit only never reads another unit's sheet); another customer's or unit's id is answered like an unknown
 * one. Inside a transaction it is locked (PostgreSQL), so changes of one import run one after the other.
 */
export async function findOwnImport(db: Db, caller: ScopedCaller, importId: string) {
  const found = await (db.isTransaction ? repo.findImportForUpdate : repo.findImport)(
    db,
    caller.customerId,
    importId,
  );
  if (!found) throw importNotFound();
  const scope = caller.dataScope;
  if (scope !== null) {
    const creator = await db
      .selectFrom('users')
      .select('org_unit_id')
      .where('customer_id', '=', caller.customerId)
      .where('id', '=', found.created_by)
      .executeTakeFirst();
    const owner = { created_by: found.created_by, org_unit_id: creator?.org_unit_id ?? null };
    if (!isInDataScope(scope, owner)) throw importNotFound();
  }
  return found;
}

/** A 409: the import's commit started (or ended), so its rows are fixed. */
export const notEditable = () => new AppError(ApiCode.Conflict, 'orderImport.notEditable');

/** Runs `work` in a transaction, or in the caller's when `db` is one already. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** A row's mapped values from its cells: trimmed, a neutralised formula restored, blanks left out. */
export function mappedValues(cells: readonly string[], mapping: OrderSheetMapping): SheetValues {
  const values: SheetValues = {};
  for (const field of ORDER_SHEET_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    const text = restoreNeutralised((cells[index] ?? '').trim()).trim();
    if (text !== '') values[field] = text;
  }
  return values;
}

/** The grouping key: the reference number as the order stores it (`orderNoKey`), null when blank. */
export const orderNoOf = (values: SheetValues): string | null => {
  const text = orderNoKey(values.customerOrderNo ?? '');
  return text === '' ? null : text;
};

/**
 * The grouping rule over rows handed in sheet order: rows sharing a reference number are one order led by
 * the first of them; a row without one leads its own order. Holds the number → lead map only.
 */
export class OrderGrouper {
  private readonly leads = new Map<string, number>();

  place(rowNumber: number, orderNo: string | null): { lead_row_number: number; is_lead: number } {
    const lead = orderNo === null ? undefined : this.leads.get(orderNo);
    if (lead !== undefined) return { lead_row_number: lead, is_lead: 0 };
    if (orderNo !== null) this.leads.set(orderNo, rowNumber);
    return { lead_row_number: rowNumber, is_lead: 1 };
  }
}

/**
 * The mapping's default values a row takes: every field without a column that has one — an item field on
 * every row, an order, consignee or parcel field on each order's first row only (so an order of three
 * item rows gets one parcel of the default weight, not three).
 */
export function withDefaults(
  values: SheetValues,
  mapping: OrderSheetMapping,
  defaults: OrderSheetDefaults,
  isLead: boolean,
): SheetValues {
  const filled = { ...values };
  for (const [field, value] of Object.entries(defaults) as [keyof OrderSheetDefaults, string][]) {
    if (mapping[field] !== undefined || value === '') continue;
    if (isLead || ORDER_SHEET_COLUMN[field].part === 'item') filled[field] = value;
  }
  return filled;
}

/** A row's mapped columns (with the mapping's default values), its grouping key and its place in its order. */
export function mappedRow(
  cells: readonly string[],
  mapping: OrderSheetMapping,
  rowNumber: number,
  grouper: OrderGrouper,
  defaults: OrderSheetDefaults = {},
) {
  const values = mappedValues(cells, mapping);
  const orderNo = orderNoOf(values);
  const place = grouper.place(rowNumber, orderNo);
  return {
    field_values: JSON.stringify(withDefaults(values, mapping, defaults, place.is_lead === 1)),
    customer_order_no: orderNo,
    ...place,
  };
}

/** What every chunk of one pass shares: one pricer, the currencies' digits, the schema, the sender. */
export async function groupContext(
  db: Db,
  customerId: string,
  imported: repo.ImportRow,
): Promise<GroupContext> {
  const [pricer, currencies, sender] = await Promise.all([
    // Reasons are kept unworded (each reader words them), so the pricer's own language does not matter.
    loadOrderPricer(db, customerId, 'en-US'),
    db.selectFrom('currencies').select(['code', 'minor_units']).execute(),
    imported.shipper_address_id
      ? addressRepo.findAddress(db, customerId, imported.shipper_address_id)
      : Promise.resolve(undefined),
  ]);
  return {
    productCode: imported.product_code,
    shipperAddressId: sender ? sender.id : null,
    currencyDigits: new Map(currencies.map((c) => [c.code, Number(c.minor_units)])),
    schema: orderCreateSchema,
    pricer,
  };
}

/** Checks the orders led by `leads` and stores every row's outcome; answers the rows as stored. */
async function checkLeads(
  db: Db,
  customerId: string,
  importId: string,
  context: GroupContext,
  leads: readonly number[],
): Promise<repo.NewSheetRow[]> {
  const rows: repo.SheetRowRecord[] = [];
  for (let start = 0; start < leads.length; start += repo.ROW_CHUNK)
    rows.push(...(await repo.rowsOfLeads(db, importId, leads.slice(start, start + repo.ROW_CHUNK))));
  const groups = new Map<number, repo.SheetRowRecord[]>();
  for (const row of rows) {
    const group = groups.get(row.lead_row_number) ?? [];
    group.push(row);
    groups.set(row.lead_row_number, group);
  }
  const leadOrderNos = [...groups.values()]
    .map((group) => group[0]!.customer_order_no)
    .filter((n) => n !== null);
  const used = await repo.usedOrderNos(db, customerId, leadOrderNos);

  const stored: repo.NewSheetRow[] = [];
  for (const group of groups.values()) {
    const lead = group[0]!;
    const sheetRows = group.map((row) => ({
      rowNumber: row.row_number,
      values: JSON.parse(row.field_values ?? '{}') as SheetValues,
    }));
    const result = checkOrderGroup(sheetRows, context);
    if (lead.customer_order_no !== null && used.has(lead.customer_order_no)) {
      const leadErrors = result.errors.get(lead.row_number) ?? [];
      if (!leadErrors.some((e) => e.field === 'customerOrderNo'))
        leadErrors.push({
          field: 'customerOrderNo',
          key: 'orderImport.customerOrderNoTaken',
          params: { customerOrderNo: lead.customer_order_no },
        });
      result.errors.set(lead.row_number, leadErrors);
      result.input = null;
      result.charge = null;
    }
    // An order is excluded as a whole: its lead row's flag is every row's.
    const excluded = lead.excluded;
    const state = excluded ? 'excluded' : result.input ? 'valid' : 'invalid';
    for (const row of group) {
      const isLead = row.row_number === lead.row_number;
      const errors: StoredCellError[] | undefined = result.errors.get(row.row_number);
      stored.push({
        ...row,
        excluded,
        state,
        errors: errors && errors.length > 0 ? JSON.stringify(errors) : null,
        order_input: isLead && result.input ? JSON.stringify(result.input) : null,
        charge_amount: isLead && result.charge ? result.charge.amount : null,
        charge_currency_code: isLead && result.charge ? result.charge.currencyCode : null,
        chargeable_weight_g: isLead && result.charge ? result.charge.chargeableWeightGrams : null,
      });
    }
  }
  await repo.rewriteRows(db, importId, stored);
  return stored;
}

/** Re-derives every row's values and order from its cells by the import's mapping (chunk by chunk). */
async function remapRows(db: Db, imported: repo.ImportRow) {
  const mapping = JSON.parse(imported.mapping) as OrderSheetMapping;
  const defaults = JSON.parse(imported.defaults) as OrderSheetDefaults;
  const grouper = new OrderGrouper();
  const last = await repo.lastRowNumber(db, imported.id);
  for (let after = 0; after < last; after += repo.ROW_CHUNK) {
    const rows = await repo.rowsInWindow(db, imported.id, after, after + repo.ROW_CHUNK);
    if (rows.length === 0) continue;
    await repo.rewriteRows(
      db,
      imported.id,
      rows.map((row) => ({
        ...row,
        ...mappedRow(JSON.parse(row.cells) as string[], mapping, row.row_number, grouper, defaults),
        // A new mapping groups the rows anew: the orders an exclusion named may no longer exist.
        excluded: 0,
      })),
    );
  }
}

/**
 * Checks every order of an import (the caller's customer's): with `remap`, first (re)derives every row's
 * values from its cells by the import's mapping and groups them. Checks, prices, stores, recounts; an import
 * waiting for its mapping becomes `ready`. Refused (409) once a commit started.
 */
export async function checkImport(
  db: Db,
  auth: ScopedCaller,
  importId: string,
  options: { remap?: boolean } = {},
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const imported = await findOwnImport(trx, auth, importId);
    if (imported.status === 'committing' || imported.status === 'committed') throw notEditable();
    // The grouping follows the values: kept by the remap here, by the preview's read, by an edit.
    if (options.remap) await remapRows(trx, imported);
    const context = await groupContext(trx, auth.customerId, imported);
    // Windows of row numbers: at most CHECK_CHUNK_ORDERS orders each (see repo.leadsInWindow).
    const last = await repo.lastRowNumber(trx, importId);
    for (let after = 0; after < last; after += CHECK_CHUNK_ORDERS) {
      const leads = await repo.leadsInWindow(trx, importId, after, after + CHECK_CHUNK_ORDERS);
      if (leads.length > 0) await checkLeads(trx, auth.customerId, importId, context, leads);
    }
    await repo.recount(trx, auth.customerId, importId);
    await repo.updateImport(trx, auth.customerId, importId, { status: 'ready', updated_at: nowIso() });
  });
}

/**
 * Checks the orders an edit touched: the orders of these reference numbers and these rows (regrouped
 * first), then recounts. Answers every row of those orders as stored.
 */
export async function checkOrders(
  db: Db,
  customerId: string,
  imported: repo.ImportRow,
  touched: { orderNos: string[]; rowNumbers: number[] },
): Promise<repo.NewSheetRow[]> {
  await repo.regroup(db, imported.id, touched);
  const leads = new Set(await repo.leadsOfOrderNos(db, imported.id, touched.orderNos));
  for (const row of await repo.findRows(db, imported.id, touched.rowNumbers)) leads.add(row.lead_row_number);
  const context = await groupContext(db, customerId, imported);
  const stored = await checkLeads(db, customerId, imported.id, context, [...leads]);
  await repo.recount(db, customerId, imported.id);
  await repo.updateImport(db, customerId, imported.id, { updated_at: nowIso() });
  return stored.sort((a, b) => a.row_number - b.row_number);
}

/** One stored row as the grid reads it, its errors in the reader's language. */
export function rowAnswer(row: repo.NewSheetRow, language: Language): OrderImportRow {
  const errors = row.errors ? (JSON.parse(row.errors) as StoredCellError[]) : [];
  return {
    rowNumber: row.row_number,
    values: row.field_values ? (JSON.parse(row.field_values) as SheetValues) : {},
    errors: errors.map((error) => ({ field: error.field, message: wordCellError(error, language) })),
    state: row.state ?? 'invalid',
    isLead: row.is_lead === 1,
    leadRowNumber: row.lead_row_number,
    chargeableWeight: row.chargeable_weight_g == null ? null : gramsToKg(Number(row.chargeable_weight_g)),
    chargeAmount: row.charge_amount == null ? null : Number(row.charge_amount),
    chargeCurrencyCode: row.charge_currency_code ?? null,
    orderId: row.order_id ?? null,
    customerOrderNo: row.customer_order_no ?? null,
  };
}

/** The import as every call answers it (counts as of its last check, totals against the wallets now). */
export async function importSummary(
  db: Db,
  auth: ScopedCaller & AccessSubject,
  importId: string,
  language: Language,
): Promise<OrderImportSummary> {
  const imported = await findOwnImport(db, auth, importId);
  const [totals, available, mappingRow, sampleRows] = await Promise.all([
    repo.validTotals(db, importId),
    repo.wallets(db, auth.customerId),
    imported.mapping_id
      ? db
          .selectFrom('order_import_mappings')
          .select('name')
          .where('customer_id', '=', auth.customerId)
          .where('id', '=', imported.mapping_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    imported.status === 'mapping'
      ? repo.sampleCells(db, importId, ORDER_IMPORT_SAMPLE_ROWS)
      : Promise.resolve([]),
  ]);
  const commitError = imported.commit_error
    ? (JSON.parse(imported.commit_error) as { key: string; params?: Record<string, string | number> })
    : null;
  // The company's balance, as figures, only for those who may read it (wallet.routes.ts).
  const readsBalance = hasPermission(auth, Permission.FinanceView);
  if (commitError?.key === 'orderImport.insufficientBalance' && !readsBalance)
    Object.assign(commitError, { key: 'wallet.insufficientBalanceAskFinance', params: {} });
  return {
    id: imported.id,
    status: imported.status,
    fileName: imported.file_name,
    productCode: imported.product_code,
    shipperAddressId: imported.shipper_address_id,
    headers: JSON.parse(imported.headers) as string[],
    mapping: JSON.parse(imported.mapping) as OrderSheetMapping,
    mappingName: mappingRow?.name ?? null,
    defaults: JSON.parse(imported.defaults) as OrderSheetDefaults,
    sampleRows,
    rowCount: imported.row_count,
    orderCount: imported.order_count,
    validOrderCount: imported.valid_order_count,
    invalidOrderCount: imported.invalid_order_count,
    excludedOrderCount: imported.excluded_order_count,
    createdOrderCount: imported.created_order_count,
    errorCount: imported.error_count,
    totals: totals.map((total) => {
      const money = available.get(total.currencyCode) ?? 0;
      return { ...total, available: readsBalance ? money : null, insufficient: total.amount > money };
    }),
    progress: imported.progress,
    submit: imported.submit === null ? null : imported.submit === 1,
    commitError: commitError ? translate(language, commitError.key, commitError.params ?? {}) : null,
    createdAt: imported.created_at,
    committedAt: imported.committed_at,
    expiresAt: imported.expires_at,
  };
}
