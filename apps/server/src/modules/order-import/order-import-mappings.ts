import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import {
  ORDER_IMPORT_MAX_MAPPINGS,
  ORDER_SHEET_COLUMN,
  type OrderImportSavedMapping,
  type OrderImportSummary,
  type OrderSheetDefaults,
  type OrderSheetField,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import {
  headerSignature,
  mappingColumns,
  NO_DEFAULT_FIELDS,
  unmappedRequiredFields,
} from './order-import-mapping.ts';
import * as repo from './order-import-mappings.repository.ts';
import {
  checkImport,
  findOwnImport,
  groupContext,
  importSummary,
  inTransaction,
  notEditable,
} from './order-import-check.ts';
import { updateImport } from './order-import.repository.ts';
import { columnLetter } from './order-import-template.ts';
import { checkOrderGroup, wordCellError } from './order-row-check.ts';
import './order-import-mapping.messages.ts';

/**
 * A customer's saved column mappings (header texts per field, so a mapping fits the next export of the
 * same shop whatever its column order) and the mapping step of an import.
 */

const toSavedMapping = (row: repo.SavedMappingRow): OrderImportSavedMapping => ({
  id: row.id,
  name: row.name,
  columns: JSON.parse(row.columns) as Partial<Record<OrderSheetField, string>>,
  defaults: JSON.parse(row.defaults) as OrderSheetDefaults,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export async function listSavedMappings(db: Db, auth: AuthContext): Promise<OrderImportSavedMapping[]> {
  return (await repo.listMappings(db, auth.customerId)).map(toSavedMapping);
}

export async function deleteSavedMapping(db: Db, auth: AuthContext, id: string): Promise<void> {
  if (!(await repo.deleteMapping(db, auth.customerId, id))) {
    throw new AppError(ApiCode.NotFound, 'orderImport.mappingNotFound');
  }
}

/**
 * Applies the user's columns to an import that is still being prepared (`mapping` or `ready`): every
 * column must be in the sheet and the fields without a default must all have one; with `saveAs` the
 * mapping is kept under that name too (replacing the customer's mapping of that name). Then every row is
 * mapped and checked again. Saving and storing happen together or not at all.
 */
export async function applyMapping(
  db: Db,
  auth: AuthContext,
  input: {
    id: string;
    mapping: OrderSheetMapping;
    defaults?: OrderSheetDefaults | undefined;
    saveAs?: string | undefined;
  },
  language: Language,
): Promise<OrderImportSummary> {
  const found = await findOwnImport(db, auth, input.id);
  if (found.status !== 'mapping' && found.status !== 'ready') throw notEditable();
  const headers = JSON.parse(found.headers) as string[];
  const outside = Object.values(input.mapping).find((index) => index >= headers.length);
  if (outside !== undefined) {
    throw new AppError(ApiCode.BadRequest, 'orderImport.mappingColumnOutside', {
      column: columnLetter(outside + 1),
    });
  }
  const defaults = input.defaults ?? {};
  const headerOf = (field: OrderSheetField) => ORDER_SHEET_COLUMN[field].header[language];
  for (const field of Object.keys(defaults) as OrderSheetField[]) {
    if (NO_DEFAULT_FIELDS.includes(field))
      throw new AppError(ApiCode.BadRequest, 'orderImport.defaultNotAllowed', { field: headerOf(field) });
    if (input.mapping[field] !== undefined)
      throw new AppError(ApiCode.BadRequest, 'orderImport.defaultWithColumn', { field: headerOf(field) });
  }
  const missing = unmappedRequiredFields(input.mapping, defaults);
  if (missing.length > 0) {
    const fields = missing.map((field) => ORDER_SHEET_COLUMN[field].header[language]);
    throw new AppError(ApiCode.BadRequest, 'orderImport.mappingMissingFields', {
      fields: fields.join(language === 'en-US' ? ', ' : '、'),
    });
  }

  await checkDefaults(db, auth.customerId, found, defaults, language);

  // The saved mapping, the import's columns and the check of every row: all or nothing.
  await inTransaction(db, async (trx) => {
    let mappingId: string | null = null;
    if (input.saveAs !== undefined) {
      const replacing = await repo.findMappingByName(trx, auth.customerId, input.saveAs);
      if (!replacing && (await repo.countMappings(trx, auth.customerId)) >= ORDER_IMPORT_MAX_MAPPINGS) {
        throw new AppError(ApiCode.BadRequest, 'orderImport.mappingLimit', {
          max: ORDER_IMPORT_MAX_MAPPINGS,
        });
      }
      mappingId = await repo.saveMapping(trx, {
        id: newId(),
        customer_id: auth.customerId,
        name: input.saveAs,
        columns: JSON.stringify(mappingColumns(input.mapping, headers)),
        defaults: JSON.stringify(defaults),
        header_signature: headerSignature(headers),
        created_by: auth.userId,
      });
    }
    await updateImport(trx, auth.customerId, input.id, {
      mapping: JSON.stringify(input.mapping),
      mapping_id: mappingId,
      defaults: JSON.stringify(defaults),
      updated_at: nowIso(),
    });
    // Refuses (409) an import whose commit started since it was read above.
    await checkImport(trx, auth, input.id, { remap: true });
  });
  return importSummary(db, auth, input.id, language);
}

/**
 * Each default value checked like the cell it fills: one order made of the defaults alone goes through the
 * sheet's own check (the create page's schema), and a problem found in a defaulted cell refuses the mapping
 * with that cell's message. Problems of the cells the order lacks (no consignee, no sender) are not the
 * defaults' and are left to the rows.
 */
async function checkDefaults(
  db: Db,
  customerId: string,
  imported: Awaited<ReturnType<typeof findOwnImport>>,
  defaults: OrderSheetDefaults,
  language: Language,
): Promise<void> {
  if (Object.keys(defaults).length === 0) return;
  const context = await groupContext(db, customerId, imported);
  const { errors } = checkOrderGroup([{ rowNumber: 2, values: defaults }], context);
  const problem = (errors.get(2) ?? []).find(
    (error) => defaults[error.field] !== undefined && error.key !== 'orderImport.noSender',
  );
  if (problem)
    throw new AppError(ApiCode.BadRequest, 'orderImport.defaultInvalid', {
      field: ORDER_SHEET_COLUMN[problem.field].header[language],
      message: wordCellError(problem, language),
    });
}
