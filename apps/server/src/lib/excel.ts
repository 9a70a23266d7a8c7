import type * as ExcelModule from 'exceljs';

type ExcelJS = typeof ExcelModule;

/**
 * ExcelJS, loaded on first use: it is the heaviest module the server uses (about half a second to
 * import), and only spreadsheet imports and exports need it, so start-up does not pay for it.
 */
let excel: Promise<ExcelJS> | undefined;

export async function loadExcel(): Promise<ExcelJS> {
  excel ??= import('exceljs').then((module) => ('default' in module ? (module.default as ExcelJS) : module));
  return excel;
}
