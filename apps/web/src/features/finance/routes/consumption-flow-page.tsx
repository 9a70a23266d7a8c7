import { useState } from 'react';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { listPagination, useUrlPageWithinTotal } from '../../../lib/list-pagination';
import { readPageSize } from '../../../lib/page-size';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLedger } from '../api/query-ledger';
import { useLedgerSummary } from '../api/query-ledger-summary';
import { LedgerDetailDrawer } from '../components/ledger-detail-drawer';
import { LedgerFilters } from '../components/ledger-filters';
import { LedgerSummaryCards } from '../components/ledger-summary-cards';
import { LedgerTable } from '../components/ledger-table';
import {
  EMPTY_LEDGER_SEARCH,
  hasNarrowingFilters,
  ledgerFilterOf,
  ledgerQueryOf,
  ledgerSearchParams,
  ledgerSummaryFilterOf,
  parseLedgerSearch,
  type LedgerSearch,
} from '../lib/ledger-search';

/**
 * `/user/settlement/consumptionFlow` (permission finance:view): the customer's ledger. The filters live in
 * the URL; above the rows, per currency, the period's opening, in, out and closing; a row opens its detail;
 * the export writes the rows under the current filters.
 */
export default function ConsumptionFlowPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseLedgerSearch(searchParams);
  const [pageSize, setPageSize] = useState(readPageSize);
  const list = useLedger(ledgerQueryOf(search, pageSize));
  const summary = useLedgerSummary(ledgerSummaryFilterOf(search));
  const [detailId, setDetailId] = useState<string | null>(null);

  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const go = (next: LedgerSearch) => setSearchParams(ledgerSearchParams(next));

  // A page past the end (the last rows gone, or an old link) shows the page that now is the last.
  useUrlPageWithinTotal(list, search.page, pageSize, (page) =>
    setSearchParams(ledgerSearchParams({ ...search, page }), { replace: true }),
  );

  const content = (() => {
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="ledger-skeleton" />;
    if (total === 0 && !hasNarrowingFilters(search) && !list.isPlaceholderData)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          style={{ padding: '32px 0' }}
          description={
            <Flex vertical gap={4} align="center">
              <Typography.Text strong>{t('consumptionFlow.empty.title')}</Typography.Text>
              <Typography.Text type="secondary">{t('consumptionFlow.empty.hint')}</Typography.Text>
            </Flex>
          }
          data-testid="ledger-empty"
        />
      );
    return (
      <LedgerTable
        rows={rows}
        isLoading={list.isFetching && list.isPlaceholderData}
        onDetail={(row) => setDetailId(row.id)}
        emptyText={
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('consumptionFlow.empty.noMatch')}>
            <Button onClick={() => go(EMPTY_LEDGER_SEARCH)}>{t('consumptionFlow.filter.reset')}</Button>
          </Empty>
        }
        pagination={{
          ...listPagination({
            page: search.page,
            pageSize,
            total,
            showTotal: isMobile ? undefined : (count) => t('common.total', { total: count }),
            onPage: (page) => go({ ...search, page }),
            onPageSize: (size) => {
              setPageSize(size);
              go({ ...search, page: 1 });
            },
          }),
          size: isMobile ? 'small' : undefined,
        }}
      />
    );
  })();

  return (
    <Card data-testid="consumption-flow-page">
      <Flex vertical gap={16}>
        <LedgerFilters search={search} onSearch={go} />
        <LedgerSummaryCards
          summary={summary.data}
          isPending={summary.isPending}
          error={summary.isError ? summary.error : null}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        />
        <Flex justify="flex-end">
          <ExportButton
            kind="ledger"
            source={() => ({ ledgerFilter: ledgerFilterOf(search) })}
            label={t('consumptionFlow.export')}
            testId="ledger-export"
          />
        </Flex>
        {content}
      </Flex>
      <LedgerDetailDrawer entryId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
