import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_IMPORT_KEEP_DAYS,
  type OrderImportPreviewFields,
  type OrderImportRows,
  type OrderImportRowsChanged,
  type OrderImportSummary,
  type OrderImportView,
  type OrderSheetField,
} from '@portal/contracts/order-import';
import { AddressType } from '@portal/contracts/address';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as addressRepo from '../address/address.repository.ts';
import { resolveMapping } from './order-import-mapping.ts';
import {
  checkImport,
  checkOrders,
  findOwnImport,
  importSummary,
  inTransaction,
  mappedRow,
  notEditable,
  OrderGrouper,
  orderNoOf,
  rowAnswer,
} from './order-import-check.ts';
import * as repo from './order-import.repository.ts';
import type { SheetValues } from './order-row-check.ts';
import { readOrderSheet } from './order-sheet-reader.ts';

/**
 * The batch import's calls: the preview (upload → stored rows → mapping or check), the grid's pages,
 * an edit of one row, excluding orders, the settings, discarding. The check itself is order-import-check.ts.
 */

const senderNotFound = () => new AppError(ApiCode.NotFound, 'order.shipperAddressNotFound');
const rowNotFound = (row: number) => new AppError(ApiCode.NotFound, 'orderImport.rowNotFound', { row });

/** The sender: the address asked for (of the caller's book), else the default sender, else none. */
async function resolveSender(db: Db, customerId: string, asked: string | undefined) {
  if (asked) {
    const address = await addressRepo.findAddress(db, customerId, asked);
    if (!address) throw senderNotFound();
    return address.id;
  }
  return (await addressRepo.findDefaultAddress(db, customerId, AddressType.Sender))?.id ?? null;
}

export interface PreviewUpload {
  bytes: Buffer;
  fileName: string;
  fields: OrderImportPreviewFields;
  /** The upload kept in file management: its id, and `keep` to record it with the import. */
  stored: { id: string; keep(db: Db): Promise<void> };
}

/**
 * Reads the upload into a new import, all in one transaction (a failure part-way leaves no import):
 * the rows are inserted chunk by chunk as the sheet streams; a template sheet (or a saved mapping) is
 * checked at once, any other sheet waits for its mapping.
 */
export async function previewImport(
  db: Db,
  auth: AuthContext,
  upload: PreviewUpload,
  maxRows: number,
  language: Language,
): Promise<OrderImportSummary> {
  const sender = await resolveSender(db, auth.customerId, upload.fields.shipperAddressId);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await repo.insertImport(trx, {
      id,
      customer_id: auth.customerId,
      created_by: auth.userId,
      status: 'mapping',
      file_name: upload.fileName,
      file_id: upload.stored.id,
      headers: '[]',
      mapping: '{}',
      mapping_id: null,
      defaults: '{}',
      product_code: upload.fields.productCode,
      shipper_address_id: sender,
      row_count: 0,
      order_count: 0,
      valid_order_count: 0,
      invalid_order_count: 0,
      excluded_order_count: 0,
      created_order_count: 0,
      error_count: 0,
      progress: 0,
      submit: null,
      task_id: null,
      commit_error: null,
      committed_at: null,
      created_at: now,
      updated_at: now,
      expires_at: new Date(Date.parse(now) + ORDER_IMPORT_KEEP_DAYS * 86_400_000).toISOString(),
    });
    // A template sheet (or a saved mapping) is mapped and grouped as it streams in; any other sheet
    // keeps its cells only until the user names its columns.
    let resolved: Awaited<ReturnType<typeof resolveMapping>> | undefined;
    let grouper = new OrderGrouper();
    const sheet = await readOrderSheet(upload.bytes, maxRows, {
      onHeaders: async (headers) => {
        resolved = await resolveMapping(trx, auth.customerId, headers, upload.fields.mappingId);
      },
      onRows: (rows) =>
        repo.insertRows(
          trx,
          rows.map((row) => ({
            import_id: id,
            row_number: row.rowNumber,
            cells: JSON.stringify(row.cells),
            ...(resolved && !resolved.needsMapping
              ? mappedRow(row.cells, resolved.mapping, row.rowNumber, grouper, resolved.defaults)
              : { field_values: null, customer_order_no: null, lead_row_number: row.rowNumber, is_lead: 1 }),
            state: 'invalid',
            excluded: 0,
          })),
        ),
      restart: async () => {
        grouper = new OrderGrouper();
        await repo.deleteRows(trx, id);
      },
    });
    if (!resolved) throw new Error('the sheet reader answered without its header row');
    await repo.updateImport(trx, auth.customerId, id, {
      headers: JSON.stringify(sheet.headers),
      mapping: JSON.stringify(resolved.mapping),
      mapping_id: resolved.mappingId,
      defaults: JSON.stringify(resolved.defaults),
      row_count: sheet.rowCount,
    });
    if (!resolved.needsMapping) await checkImport(trx, auth, id);
    await upload.stored.keep(trx);
  });
  return importSummary(db, auth, id, language);
}

export async function listRows(
  db: Db,
  auth: AuthContext,
  query: { id: string; view: OrderImportView; offset: number; limit: number },
  language: Language,
): Promise<OrderImportRows> {
  await findOwnImport(db, auth, query.id);
  const page = await repo.pageRows(db, query.id, query.view, query.offset, query.limit);
  return { total: page.total, rows: page.rows.map((row) => rowAnswer(row, language)) };
}

/** An import whose rows may still change (`ready`), else the 409. */
async function editableImport(db: Db, caller: AuthContext, id: string) {
  const imported = await findOwnImport(db, caller, id);
  if (imported.status !== 'ready') throw notEditable();
  return imported;
}

/**
 * Replaces cells of one row (blank clears) and checks again the orders it touches: the one it belonged
 * to and the one its (new) reference number puts it in. Answers those orders' rows and the summary.
 */
export async function updateRow(
  db: Db,
  auth: AuthContext,
  body: { id: string; rowNumber: number; values: Partial<Record<OrderSheetField, string>> },
  language: Language,
): Promise<OrderImportRowsChanged> {
  const rows = await inTransaction(db, async (trx) => {
    const imported = await editableImport(trx, auth, body.id);
    const [row] = await repo.findRows(trx, imported.id, [body.rowNumber]);
    if (!row) throw rowNotFound(body.rowNumber);
    const values = JSON.parse(row.field_values ?? '{}') as SheetValues;
    for (const [field, text] of Object.entries(body.values) as [OrderSheetField, string][]) {
      if (text.trim() === '') delete values[field];
      else values[field] = text.trim();
    }
    const orderNo = orderNoOf(values);
    // A row joining an order takes that order's exclusion, so an order left out stays out whichever row leads it.
    const joined =
      orderNo !== row.customer_order_no ? await repo.excludedOfOrderNo(trx, imported.id, orderNo) : undefined;
    await repo.rewriteRows(trx, imported.id, [
      {
        ...row,
        field_values: JSON.stringify(values),
        customer_order_no: orderNo,
        excluded: joined ?? row.excluded,
      },
    ]);
    const orderNos = [...new Set([row.customer_order_no, orderNo].filter((n) => n !== null))];
    return checkOrders(trx, auth.customerId, imported, {
      orderNos,
      rowNumbers: [body.rowNumber, row.lead_row_number],
    });
  });
  return {
    rows: rows.map((row) => rowAnswer(row, language)),
    summary: await importSummary(db, auth, body.id, language),
  };
}

/** Leaves whole orders out (or takes them back in): the orders of the rows named. */
export async function excludeOrders(
  db: Db,
  auth: AuthContext,
  body: { id: string; rowNumbers: number[]; excluded: boolean },
  language: Language,
): Promise<{ summary: OrderImportSummary; orders: number }> {
  const orders = await inTransaction(db, async (trx) => {
    const imported = await editableImport(trx, auth, body.id);
    const wanted = [...new Set(body.rowNumbers)];
    const leads = new Set<number>();
    for (let start = 0; start < wanted.length; start += repo.ROW_CHUNK) {
      const chunk = wanted.slice(start, start + repo.ROW_CHUNK);
      const found = await repo.findRows(trx, imported.id, chunk);
      if (found.length !== chunk.length) {
        const known = new Set(found.map((row) => row.row_number));
        throw rowNotFound(chunk.find((n) => !known.has(n))!);
      }
      for (const row of found) leads.add(row.lead_row_number);
    }
    await repo.setExcluded(trx, imported.id, [...leads], body.excluded);
    await repo.recount(trx, auth.customerId, imported.id);
    await repo.updateImport(trx, auth.customerId, imported.id, { updated_at: nowIso() });
    return leads.size;
  });
  return { summary: await importSummary(db, auth, body.id, language), orders };
}

/** Another product for rows that name none, or another sender: every order is checked again. */
export async function changeSettings(
  db: Db,
  auth: AuthContext,
  body: { id: string; productCode: string; shipperAddressId: string },
  language: Language,
): Promise<OrderImportSummary> {
  await inTransaction(db, async (trx) => {
    const imported = await findOwnImport(trx, auth, body.id);
    if (imported.status !== 'ready' && imported.status !== 'mapping') throw notEditable();
    const sender = await resolveSender(trx, auth.customerId, body.shipperAddressId);
    await repo.updateImport(trx, auth.customerId, imported.id, {
      product_code: body.productCode,
      shipper_address_id: sender,
      updated_at: nowIso(),
    });
    if (imported.status === 'ready') await checkImport(trx, auth, imported.id);
  });
  return importSummary(db, auth, body.id, language);
}

/** Deletes an import and its rows, unless its commit is running. */
export async function discardImport(db: Db, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const imported = await findOwnImport(trx, auth, id);
    if (imported.status === 'committing') throw notEditable();
    await repo.deleteImport(trx, auth.customerId, id);
  });
}
