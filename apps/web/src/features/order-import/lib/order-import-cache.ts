import type { QueryClient } from '@tanstack/react-query';
import type {
  OrderImportRows,
  OrderImportRowsChanged,
  OrderImportSummary,
} from '@portal/contracts/order-import';
import { orderImportKeys } from '../api/order-import-keys';
import { replaceRowsInPage } from './order-import-model';

/**
 * An edit or an exclusion answered: its rows replace theirs in every cached page of the import (so the
 * line the user fixed stays where it is, now valid), the summary is replaced, and the pages are marked
 * stale without a refetch — another view opened later asks again, the one on screen does not jump.
 */
export function applyRowsChanged(queryClient: QueryClient, { rows, summary }: OrderImportRowsChanged): void {
  const changed = new Map(rows.map((row) => [row.rowNumber, row]));
  queryClient.setQueriesData<OrderImportRows>({ queryKey: orderImportKeys.rows(summary.id) }, (page) =>
    page ? replaceRowsInPage(page, changed) : page,
  );
  void queryClient.invalidateQueries({ queryKey: orderImportKeys.rows(summary.id), refetchType: 'none' });
  queryClient.setQueryData(orderImportKeys.summary(summary.id), summary);
}

/** A new summary; when every row was checked again (settings, mapping), the row pages are asked again. */
export function replaceSummary(
  queryClient: QueryClient,
  summary: OrderImportSummary,
  { rowsChanged }: { rowsChanged: boolean },
): void {
  queryClient.setQueryData(orderImportKeys.summary(summary.id), summary);
  if (rowsChanged) void queryClient.invalidateQueries({ queryKey: orderImportKeys.rows(summary.id) });
}
