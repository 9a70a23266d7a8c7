import {
  ORDER_SHEET_COLUMNS,
  TEMPLATE_HEADER_FIELDS,
  normaliseSheetHeader,
  type OrderSheetField,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import type { Db } from '../../db/database.ts';

/**
 * Which sheet column fills which field. A sheet whose header row holds every required template column (in
 * any interface language) is a template sheet and needs no mapping step; any other sheet (a marketplace
 * export) gets a guess and the mapping step.
 */

/** The template's columns found in the header row: field → 0-based column (the first column of a field wins). */
export function templateMapping(headers: readonly string[]): OrderSheetMapping {
  const mapping: OrderSheetMapping = {};
  headers.forEach((header, index) => {
    const field = TEMPLATE_HEADER_FIELDS.get(normaliseSheetHeader(header));
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** True when the mapping has a column for every field a template sheet must have. */
export function coversRequiredColumns(mapping: OrderSheetMapping): boolean {
  return ORDER_SHEET_COLUMNS.every((column) => !column.required || mapping[column.field] !== undefined);
}

/** The required fields the mapping leaves without a column. */
export function missingRequiredFields(mapping: OrderSheetMapping): OrderSheetField[] {
  return ORDER_SHEET_COLUMNS.filter((c) => c.required && mapping[c.field] === undefined).map((c) => c.field);
}

export interface ResolvedMapping {
  mapping: OrderSheetMapping;
  /** The saved mapping applied (its id and name), if one was. */
  mappingId: string | null;
  mappingName: string | null;
  /** False: the rows can be checked at once; true: the user names the columns first (`status: 'mapping'`). */
  needsMapping: boolean;
}

/**
 * The mapping an upload starts with: the saved mapping asked for (`mappingId`, the caller's own), else a
 * template sheet's own columns, else a guess that the user confirms. The guess and the saved mappings are
 * `order-import-mappings.ts`'s (issue 12, mapping step); this is the one entry point the preview calls.
 */
export async function resolveMapping(
  _db: Db,
  _customerId: string,
  headers: readonly string[],
  _mappingId?: string,
): Promise<ResolvedMapping> {
  const mapping = templateMapping(headers);
  return { mapping, mappingId: null, mappingName: null, needsMapping: !coversRequiredColumns(mapping) };
}
