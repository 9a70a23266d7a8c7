/**
 * ExcelJS, loaded on first use: it is the heaviest module the server uses (about half a second to
 * import), and only spreadsheet imports and exports need it, so start-up does not pay for it.
 */
let excel: Promise<typeof import('exceljs')> | undefined;

export async function loadExcel(): Promise<typeof import('exceljs')> {
  excel ??= import('exceljs').then((module) =>
    'default' in module ? (module.default as typeof import('exceljs')) : module,
  );
  return excel;
}
