import { useEffect, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from './i18n/use-translation';
import { PAGE_SIZE_OPTIONS, readPageSize, savePageSize } from './page-size';
import { useIsMobile } from './use-is-mobile';

export interface ListPaginationInput {
  page: number;
  pageSize: number;
  total: number;
  /** The total's text; left out on phones, where the pager has no room for it. */
  showTotal?: (total: number) => string;
  onPage: (page: number) => void;
  /** A size the user picked, already saved as theirs for every list. */
  onPageSize: (size: number) => void;
}

/** The pager of a paged list: the user's page sizes, a new size saved for every list. */
export function listPagination({
  page,
  pageSize,
  total,
  showTotal,
  onPage,
  onPageSize,
}: ListPaginationInput): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal,
    onChange: (nextPage, nextSize) => {
      if (nextSize !== pageSize) {
        savePageSize(nextSize);
        onPageSize(nextSize);
        return;
      }
      onPage(nextPage);
    },
  };
}

/**
 * Page and page size of a list kept in the component: the user's size to start with, page 1 again after
 * a new size; `paginationOf(total)` gives the pager (the total shown beside it but on phones).
 */
export function useListPaging() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [pageSize, setPageSize] = useState(readPageSize);
  const [page, setPage] = useState(1);
  const paginationOf = (total: number) =>
    listPagination({
      page,
      pageSize,
      total,
      showTotal: isMobile ? undefined : (count) => t('common.total', { total: count }),
      onPage: setPage,
      onPageSize: (size) => {
        setPageSize(size);
        setPage(1);
      },
    });
  return { page, pageSize, setPage, paginationOf };
}

/** After the last rows of the last page went (deleted, expired), shows the page that is now last. */
export function useLastPageWhenPastEnd(
  answer: { items: readonly unknown[]; total: number } | undefined,
  { page, pageSize, setPage }: { page: number; pageSize: number; setPage: (page: number) => void },
) {
  useEffect(() => {
    if (answer && answer.items.length === 0 && answer.total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(answer.total / pageSize)));
  }, [answer, page, pageSize, setPage]);
}

/**
 * The same for a list whose page lives in the URL: once a settled answer (not placeholder data) has no
 * rows and the page is past the last, `goToPage(last)` — which should replace the history entry.
 */
export function useUrlPageWithinTotal(
  list: { data: { list: readonly unknown[]; total: number } | undefined; isPlaceholderData: boolean },
  page: number,
  pageSize: number,
  goToPage: (page: number) => void,
) {
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const isPastEnd =
    list.data !== undefined && !list.isPlaceholderData && list.data.list.length === 0 && page > lastPage;
  useEffect(() => {
    if (isPastEnd) goToPage(lastPage);
    // `goToPage` is a new function on every render; the flag and the last page say when to move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPastEnd, lastPage]);
}
