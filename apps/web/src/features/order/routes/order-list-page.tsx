import { useState } from 'react';
import { Button, Card, Empty, Flex, Modal, Skeleton, Tabs, Tag, Typography } from 'antd';
import {
  CloseCircleOutlined,
  CloseOutlined,
  NodeIndexOutlined,
  PlusOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderListItem } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import { Access } from '../../../components/access';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { CREATE_ORDER_PATH } from '../../../lib/app-paths';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { listPagination, useUrlPageWithinTotal } from '../../../lib/list-pagination';
import { readPageSize } from '../../../lib/page-size';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCancelOrders } from '../api/cancel-orders';
import { useOrders } from '../api/query-orders';
import { LabelSizeSelect } from '../components/label-size-select';
import { NotFoundNumbers } from '../components/not-found-numbers';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { OrderFilters } from '../components/order-filters';
import type { ActionOrder } from '../components/order-row-actions';
import { OrderTable } from '../components/order-table';
import { TrackingModal } from '../components/tracking-modal';
import {
  EMPTY_ORDER_SEARCH,
  hasNarrowingFilters,
  orderFilterOf,
  orderQueryOf,
  orderSearchParams,
  parseOrderSearch,
  type OrderListSearch,
} from '../lib/order-list-search';
import { orderActionsOf, STATUS_TABS, tabCount } from '../lib/order-list-status';
import { useLabelPrinter } from '../lib/use-label-printer';

/** Which key marks the batch print in `printing` (row prints use the order id). */
const BATCH = 'batch';

/**
 * `/user/orders/order` (permission order:view): the status tabs with their counts, the filters, the
 * table with row and batch actions, the detail drawer and tracking. Every filter, the tab and the page
 * live in the URL (`?status=exception`), so links open the list filtered and back/forward walk through
 * searches; the page size is the user's (local storage).
 */
export default function OrderListPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseOrderSearch(searchParams);
  const [pageSize, setPageSize] = useState(readPageSize);
  const query = orderQueryOf(search, pageSize);
  const list = useOrders(query);
  const cancel = useCancelOrders();
  const labels = useLabelPrinter();
  const [modal, modalHolder] = Modal.useModal();

  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState({ key: '', ids: [] as string[] });
  const selectedIds = selection.key === queryKey ? selection.ids : [];
  const [detailId, setDetailId] = useState<string | null>(null);
  const [tracking, setTracking] = useState<{ numbers: string[] } | null>(null);

  const orders = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const counts = list.data?.statusCounts;
  const selectedOrders = selectedIds
    .map((id) => orders.find((order) => order.id === id))
    .filter((order): order is OrderListItem => order !== undefined);

  const go = (next: OrderListSearch) => setSearchParams(orderSearchParams(next));

  // A page past the end (the last rows gone, or an old link) shows the page that now is the last.
  useUrlPageWithinTotal(list, search.page, pageSize, (page) =>
    setSearchParams(orderSearchParams({ ...search, page }), { replace: true }),
  );

  const print = (ids: string[], key: string) => void labels.printLabels(ids, key);

  const confirmCancel = (targets: ActionOrder[]) => {
    const submitted = targets.filter((order) => order.status === 'submitted').length;
    modal.confirm({
      title: t('orderList.cancel.title', { count: targets.length }),
      content: (
        <Flex vertical gap={4}>
          <span>{targets.map((order) => order.customerOrderNo).join(', ')}</span>
          {submitted > 0 ? (
            <Typography.Text type="secondary">
              {t('orderList.cancel.releasesHold', { count: submitted })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
      okText: t('orderList.cancel.ok'),
      okButtonProps: { danger: true, className: 'order-cancel-confirm' },
      cancelText: t('orderList.cancel.keep'),
      onOk: async () => {
        try {
          const result = await cancel.mutateAsync(targets.map((order) => order.id));
          uiEffects.showSuccess(t('orderList.cancel.done', { count: result.cancelled }));
          setSelection({ key: queryKey, ids: selectedIds.filter((id) => !targets.some((o) => o.id === id)) });
        } catch (error) {
          // The request layer has shown why (an order moved past submitted meanwhile).
          if (!isApiError(error)) throw error;
        }
      },
    });
  };

  const handlers = {
    onDetail: (order: ActionOrder) => setDetailId(order.id),
    onEdit: (order: ActionOrder) =>
      void navigate(`${CREATE_ORDER_PATH}?edit=${encodeURIComponent(order.id)}`),
    onCopy: (order: ActionOrder) =>
      void navigate(`${CREATE_ORDER_PATH}?copy=${encodeURIComponent(order.id)}`),
    onCancel: (order: ActionOrder) => confirmCancel([order]),
    onPrint: (order: ActionOrder) => print([order.id], order.id),
    onTrack: (order: ActionOrder) => setTracking({ numbers: [order.waybillNo ?? order.customerOrderNo] }),
  };

  const printable = selectedOrders.filter((order) => orderActionsOf(order).canPrintLabel);
  const cancellable = selectedOrders.filter((order) => orderActionsOf(order).canCancel);

  const toolbar = (
    <Flex
      gap={8}
      wrap
      justify="space-between"
      align="center"
      style={{ margin: '16px 0' }}
      data-testid="order-toolbar"
    >
      <Flex gap={8} wrap align="center">
        <Typography.Text type="secondary" data-testid="order-selected-count">
          {t('orderList.selected', { count: selectedIds.length })}
        </Typography.Text>
        <Button
          icon={<PrinterOutlined />}
          disabled={printable.length === 0}
          loading={labels.printing === BATCH}
          onClick={() =>
            print(
              printable.map((order) => order.id),
              BATCH,
            )
          }
          data-testid="order-batch-print"
        >
          {t('orderList.batch.print', { count: printable.length })}
        </Button>
        <ExportButton
          kind="orders"
          // The selected orders, or every order under the current filters when none is selected.
          source={() => (selectedIds.length > 0 ? { ids: selectedIds } : { filter: orderFilterOf(search) })}
          label={
            selectedIds.length > 0
              ? t('orderList.export.selected', { count: selectedIds.length })
              : t('orderList.export.filtered')
          }
          testId="order-export"
        />
        <Access permission={Permission.OrderCreate}>
          <Button
            danger
            icon={<CloseCircleOutlined />}
            disabled={cancellable.length === 0}
            onClick={() => confirmCancel(cancellable)}
            data-testid="order-batch-cancel"
          >
            {t('orderList.batch.cancel', { count: cancellable.length })}
          </Button>
        </Access>
        {labels.printing !== null ? (
          <Typography.Text type="secondary" aria-live="polite" data-testid="order-label-progress">
            {t('orderList.label.renderingShort')}
          </Typography.Text>
        ) : null}
      </Flex>
      <Flex gap={8} wrap align="center">
        <LabelSizeSelect value={labels.size} onChange={labels.setSize} />
        <Button
          icon={<NodeIndexOutlined />}
          onClick={() => setTracking({ numbers: [] })}
          data-testid="order-track"
        >
          {t('orderList.tracking.button')}
        </Button>
        <Access permission={Permission.OrderCreate}>
          <Link to={CREATE_ORDER_PATH}>
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
              {t('orderList.create')}
            </Button>
          </Link>
        </Access>
      </Flex>
    </Flex>
  );

  const noOrders = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '32px 0' }}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{t('orderList.empty.title')}</Typography.Text>
          <Typography.Text type="secondary">{t('orderList.empty.hint')}</Typography.Text>
        </Flex>
      }
      data-testid="order-empty"
    >
      <Access permission={Permission.OrderCreate}>
        <Link to={CREATE_ORDER_PATH}>
          <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
            {t('orderList.create')}
          </Button>
        </Link>
      </Access>
    </Empty>
  );
  const noMatch = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderList.empty.noMatch')}>
      <Button onClick={() => go({ ...EMPTY_ORDER_SEARCH, status: search.status })}>
        {t('orderList.filter.reset')}
      </Button>
    </Empty>
  );

  const content = (() => {
    if (list.isError)
      return (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      );
    if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="order-skeleton" />;
    if (counts?.all === 0 && !hasNarrowingFilters(search) && !list.isPlaceholderData) return noOrders;
    return (
      <OrderTable
        orders={orders}
        isLoading={list.isFetching && list.isPlaceholderData}
        selectedIds={selectedIds}
        onSelect={(ids) => setSelection({ key: queryKey, ids })}
        printingId={labels.printing}
        emptyText={noMatch}
        pagination={{
          ...listPagination({
            page: search.page,
            pageSize,
            total,
            showTotal: (count) => t('common.total', { total: count }),
            onPage: (nextPage) => go({ ...search, page: nextPage }),
            onPageSize: (size) => {
              setPageSize(size);
              go({ ...search, page: 1 });
            },
          }),
          size: isMobile ? 'small' : undefined,
        }}
        {...handlers}
      />
    );
  })();

  return (
    <Card styles={{ body: { paddingTop: 8 } }} data-testid="order-list-page">
      {modalHolder}
      <Tabs
        activeKey={search.status ?? 'all'}
        onChange={(key) =>
          go({ ...search, status: key === 'all' ? null : (key as OrderListSearch['status']), page: 1 })
        }
        items={STATUS_TABS.map((tab) => {
          const count = tabCount(counts, tab);
          return {
            key: tab,
            label: (
              <span data-testid={`order-tab-${tab}`}>
                {t(tab === 'all' ? 'orderList.allStatuses' : `orderStatus.${tab}`)}
                {count !== null ? (
                  <Typography.Text
                    type={tab === 'exception' && count > 0 ? 'danger' : 'secondary'}
                    style={{ marginInlineStart: 6 }}
                    data-testid={`order-tab-count-${tab}`}
                    data-count={count}
                  >
                    {count.toLocaleString(language)}
                  </Typography.Text>
                ) : null}
              </span>
            ),
          };
        })}
      />
      <OrderFilters search={search} onSearch={go} />
      {search.importId ? (
        <div style={{ marginBottom: 12 }}>
          <Tag
            closable
            closeIcon={<CloseOutlined aria-label={t('orderList.filter.removeImport')} />}
            onClose={() => go({ ...search, importId: null, page: 1 })}
            data-testid="order-import-filter"
          >
            {t('orderList.filter.importTag')}
          </Tag>
        </div>
      ) : null}
      {toolbar}
      <NotFoundNumbers numbers={list.isPlaceholderData ? [] : (list.data?.notFoundNumbers ?? [])} />
      {content}
      <OrderDetailDrawer
        orderId={detailId}
        isPrinting={detailId !== null && labels.printing === detailId}
        onClose={() => setDetailId(null)}
        onEdit={handlers.onEdit}
        onCopy={handlers.onCopy}
        onCancel={handlers.onCancel}
        onPrint={handlers.onPrint}
        onTrack={handlers.onTrack}
      />
      <TrackingModal
        open={tracking !== null}
        initialNumbers={tracking?.numbers ?? []}
        onClose={() => setTracking(null)}
      />
    </Card>
  );
}
