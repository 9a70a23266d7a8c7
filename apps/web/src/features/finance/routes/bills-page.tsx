import { useState } from 'react';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { listPagination, useUrlPageWithinTotal } from '../../../lib/list-pagination';
import { readPageSize } from '../../../lib/page-size';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useBills } from '../api/query-bills';
import { BillDetailDrawer } from '../components/bill-detail-drawer';
import { BillFilters } from '../components/bill-filters';
import { BillTable } from '../components/bill-table';
import {
  billFilterOf,
  billQueryOf,
  billSearchParams,
  EMPTY_BILL_SEARCH,
  hasNarrowingBillFilters,
  parseBillSearch,
  type BillSearch,
} from '../lib/bill-search';

/**
 * `/user/settlement/billingInquiries` (permission finance:bill): the customer's bills with their totals,
 * written-off and outstanding amounts per currency, status and due date; filters in the URL; a bill opens
 * its detail, which exports it as xlsx or PDF; the list exports under its filters.
 */
export default function BillsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseBillSearch(searchParams);
  const [pageSize, setPageSize] = useState(readPageSize);
  const list = useBills(billQueryOf(search, pageSize));
  const [detailId, setDetailId] = useState<string | null>(null);

  const bills = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const go = (next: BillSearch) => setSearchParams(billSearchParams(next));

  // A page past the end (the last rows gone, or an old link) shows the page that now is the last.
  useUrlPageWithinTotal(list, search.page, pageSize, (page) =>
    setSearchParams(billSearchParams({ ...search, page }), { replace: true }),
  );

  const content = (() => {
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="bill-skeleton" />;
    if (total === 0 && !hasNarrowingBillFilters(search) && !list.isPlaceholderData)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          style={{ padding: '32px 0' }}
          description={
            <Flex vertical gap={4} align="center">
              <Typography.Text strong>{t('bill.empty.title')}</Typography.Text>
              <Typography.Text type="secondary">{t('bill.empty.hint')}</Typography.Text>
            </Flex>
          }
          data-testid="bill-empty"
        />
      );
    return (
      <BillTable
        bills={bills}
        isLoading={list.isFetching && list.isPlaceholderData}
        onDetail={(bill) => setDetailId(bill.id)}
        emptyText={
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bill.empty.noMatch')}>
            <Button onClick={() => go(EMPTY_BILL_SEARCH)}>{t('bill.filter.reset')}</Button>
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
    <Card data-testid="bills-page">
      <Flex vertical gap={16}>
        <Flex gap={12} justify="space-between" wrap>
          <BillFilters search={search} onSearch={go} />
          <ExportButton
            kind="bills"
            source={() => ({ billFilter: billFilterOf(search) })}
            label={t('bill.export')}
            testId="bill-export"
          />
        </Flex>
        {content}
      </Flex>
      <BillDetailDrawer billId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
