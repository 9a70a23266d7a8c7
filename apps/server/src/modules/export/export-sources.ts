import type { ExportKind } from '@portal/contracts/export-task';
import { ledgerExportSource } from '../consumption-flow/consumption-flow-export.ts';
import { rechargesExportSource } from '../recharge/recharge-export.ts';
import { billDetailExportSource, billsExportSource } from '../bill/bill-export.ts';
import { labelExportSource } from '../label/label-export-source.ts';
import { endDataExportSource, ordersExportSource } from '../order/order-export.ts';
import type { ExportSource } from './export-source.ts';

/**
 * Every export kind's source, one per kind of EXPORT_KINDS. The order list module gives `orders` and
 * `endData`; the label module gives `labels`; the consumption flow gives `ledger`, the recharge module `recharges`; the bill
 * module `bills` and `billDetail` (xlsx lines, pdf statements).
 */
export const EXPORT_SOURCES: Partial<Record<ExportKind, ExportSource>> = {
  orders: ordersExportSource,
  endData: endDataExportSource,
  labels: labelExportSource,
  ledger: ledgerExportSource,
  recharges: rechargesExportSource,
  bills: billsExportSource,
  billDetail: billDetailExportSource,
};
