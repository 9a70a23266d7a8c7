import type { OrderImportView } from '@portal/contracts/order-import';

/**
 * Query keys of the batch-create page. Everything of one import shares `orderImportKeys.import(id)`, so
 * a change of settings or a mapping drops every cached page of its rows at once.
 */
export const orderImportKeys = {
  all: ['orderImport'] as const,
  import: (id: string) => ['orderImport', id] as const,
  summary: (id: string) => ['orderImport', id, 'summary'] as const,
  rows: (id: string) => ['orderImport', id, 'rows'] as const,
  rowsView: (id: string, view: OrderImportView) => ['orderImport', id, 'rows', view] as const,
  rowsPage: (id: string, view: OrderImportView, page: number) =>
    ['orderImport', id, 'rows', view, page] as const,
  mappings: ['orderImport', 'mappings'] as const,
};
