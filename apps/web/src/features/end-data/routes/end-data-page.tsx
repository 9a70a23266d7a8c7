import { useState } from 'react';
import { Alert, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrderFilterInput } from '@portal/contracts/order-list';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { useListPaging } from '../../../lib/list-pagination';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useEndData } from '../api/query-end-data';
import { EndDataFilters } from '../components/end-data-filters';
import { EndDataCardList } from '../components/end-data-card-list';
import { EndDataTable } from '../components/end-data-table';
import { toOrderFilter } from '../lib/end-data-filter';

/**
 * `/user/orders/endData`: per order the last-mile carrier, number and hand-over time, for shippers who
 * upload tracking to their marketplaces. Filters apply with "Search"; a new search starts at page 1;
 * the export takes every row the filters match (a background task, downloaded in file management).
 */
export default function EndDataPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<OrderFilterInput>({});
  const paging = useListPaging();
  const { page, pageSize, setPage } = paging;
  const list = useEndData({ ...filter, pageIndex: page, pageSize });
  const total = list.data?.total ?? 0;
  const notFound = list.isPlaceholderData ? [] : (list.data?.notFoundNumbers ?? []);
  const hasFilters = Object.values(filter).some((value) => value !== null && value !== undefined);

  const search = (next: OrderFilterInput) => {
    setFilter(next);
    setPage(1);
  };

  const content = (() => {
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="end-data-skeleton" />;
    const List = isMobile ? EndDataCardList : EndDataTable;
    return (
      <List
        items={list.data.list}
        isLoading={list.isFetching && list.isPlaceholderData}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} align="center">
                <Typography.Text strong>
                  {hasFilters ? t('endData.noMatch') : t('endData.empty')}
                </Typography.Text>
                {hasFilters ? null : (
                  <Typography.Text type="secondary" style={{ maxWidth: 440, textWrap: 'balance' }}>
                    {t('endData.emptyHint')}
                  </Typography.Text>
                )}
              </Flex>
            }
            data-testid="end-data-empty"
          />
        }
        pagination={paging.paginationOf(total)}
      />
    );
  })();

  return (
    <Card data-testid="end-data-page">
      <EndDataFilters
        isCollapsible={isMobile}
        onSearch={(values) => search(toOrderFilter(values))}
        onReset={() => search({})}
        isSearching={list.isFetching}
      />
      {notFound.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('endData.notFound', { count: notFound.length })}
          description={
            <Typography.Paragraph
              copyable={{ text: notFound.join('\n') }}
              style={{ marginBottom: 0, wordBreak: 'break-all' }}
              data-testid="end-data-not-found"
            >
              {notFound.join(', ')}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
          {t('endData.hint')}
        </Typography.Text>
        <ExportButton kind="endData" source={() => ({ filter })} testId="end-data-export" />
      </Flex>
      {content}
    </Card>
  );
}
