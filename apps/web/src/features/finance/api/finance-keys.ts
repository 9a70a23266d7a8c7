import type { BillQueryInput } from '@portal/contracts/bill';
import type { LedgerFilterInput, LedgerQueryInput } from '@portal/contracts/consumption-flow';

/** Query keys of the consumption flow and the bills; a write-off or new ledger row refreshes under `all`. */
export const ledgerKeys = {
  all: ['consumptionFlow'] as const,
  list: (query: LedgerQueryInput) => ['consumptionFlow', 'list', query] as const,
  summary: (filter: LedgerFilterInput) => ['consumptionFlow', 'summary', filter] as const,
  detail: (id: string) => ['consumptionFlow', 'detail', id] as const,
};

export const billKeys = {
  all: ['customerBill'] as const,
  list: (query: BillQueryInput) => ['customerBill', 'list', query] as const,
  detail: (id: string) => ['customerBill', 'detail', id] as const,
  lines: (billId: string, pageIndex: number, pageSize: number) =>
    ['customerBill', 'lines', billId, pageIndex, pageSize] as const,
};
