import { useCallback, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { OrderImportRows, OrderImportView } from '@portal/contracts/order-import';
import { orderImportKeys } from '../api/order-import-keys';
import { queryOrderImportRows } from '../api/query-order-import-rows';
import { GRID_PAGE_SIZE, gridRowsOf, type GridRow } from './order-import-model';

export interface ImportRowPages {
  rows: GridRow[];
  /** Lines in the view (known once its first page answered). */
  total: number | null;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
  /** A placeholder line was drawn: its page is asked for (once; then it stays cached). */
  ensurePage: (page: number) => void;
}

/**
 * The grid's rows, page by page: only the pages whose lines were drawn are asked for (the virtual table
 * draws the visible lines only), each cached on its own (TanStack Query, key = import, view, page).
 */
export function useImportRowPages(id: string, view: OrderImportView): ImportRowPages {
  const [wanted, setWanted] = useState<{ key: string; pages: number[] }>({
    key: `${id}:${view}`,
    pages: [0],
  });
  const key = `${id}:${view}`;
  const pages = wanted.key === key ? wanted.pages : [0];
  if (wanted.key !== key) setWanted({ key, pages: [0] });

  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: orderImportKeys.rowsPage(id, view, page),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        queryOrderImportRows(id, view, page * GRID_PAGE_SIZE, GRID_PAGE_SIZE, signal),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    })),
  });

  const ensurePage = useCallback(
    (page: number) =>
      setWanted((current) =>
        current.key !== key || current.pages.includes(page)
          ? current
          : { key, pages: [...current.pages, page] },
      ),
    [key],
  );

  const dataKey = results.map((result) => result.dataUpdatedAt).join(',');
  const firstData = results[0]?.data;
  const rows = useMemo(() => {
    const byPage = new Map<number, OrderImportRows>();
    results.forEach((result, at) => {
      const page = pages[at];
      if (result.data && page !== undefined) byPage.set(page, result.data);
    });
    const total = firstData?.total ?? 0;
    return gridRowsOf(total, byPage);
    // dataKey stands for the answers' identity; results itself is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey, firstData, pages.join(',')]);

  const failed = results.find((result) => result.isError);
  return {
    rows,
    total: firstData ? firstData.total : null,
    isLoading: !firstData && !results[0]?.isError,
    error: failed?.error ?? null,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
    ensurePage,
  };
}
