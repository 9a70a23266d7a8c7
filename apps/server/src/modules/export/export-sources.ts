import type { ExportKind } from '@portal/contracts/export-task';
import { billDetailExportSource, billsExportSource } from '../bill/bill-export.ts';
import { labelExportSource } from '../label/label-export-source.ts';
import { endDataExportSource, ordersExportSource } from '../order/order-export.ts';
import type { ExportSource } from './export-source.ts';

/**
 * Every export kind's source, one per kind of EXPORT_KINDS. The order list module gives `orders` and
 * `endData`; the label module gives `labels`; the bill module `bills` and `billDetail` (xlsx lines, pdf statements).
 */
export const EXPORT_SOURCES: Partial<Record<ExportKind, ExportSource>> = {
  orders: ordersExportSource,
  endData: endDataExportSource,
  labels: labelExportSource,
  bills: billsExportSource,
  billDetail: billDetailExportSource,
};
