import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { OrderListItem } from '@portal/contracts/order-list';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { formatMoney } from '../../../lib/money';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { formatKg } from '../lib/order-text';
import { nextSelection } from '../lib/selection-order';
import { OrderRowActions, type OrderActionHandlers } from './order-row-actions';
import { OrderStatusTag } from '../../../components/order-status-tag';

export interface OrderTableProps extends OrderActionHandlers {
  orders: OrderListItem[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  /** The order whose labels are being rendered (its print action spins). */
  printingId: string | null;
  emptyText: ReactNode;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const dash = <Typography.Text type="secondary">-</Typography.Text>;

/** A number with a copy button; the copy icon is named for screen readers by antd. */
function CopyableNumber({ value, strong, testId }: { value: string; strong?: boolean; testId: string }) {
  return (
    <Typography.Text copyable={{ text: value }} strong={strong} style={NO_WRAP} data-testid={testId}>
      {value}
    </Typography.Text>
  );
}

/**
 * The select-all checkbox of the header. antd also renders every column title into a hidden measuring
 * row (`aria-hidden`); the copy there is made inert, so the hidden row holds nothing focusable.
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element?.closest('.ant-table-measure-row')) element.inert = true;
  });
  return <span ref={ref}>{checkbox}</span>;
}

/**
 * The order list: numbers (copyable), consignee and country, product, the three weights, the charge
 * (estimate or final, marked), status, times and the row's actions. Scrolls sideways inside itself on
 * narrow screens; the actions stay pinned on the right.
 */
export function OrderTable(props: OrderTableProps) {
  const { orders, isLoading, pagination, selectedIds, onSelect, printingId, emptyText } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  const { nameOf } = useCountryNames();

  const weightLine = (label: string, value: number | null) => (
    <span style={NO_WRAP}>
      <Typography.Text type="secondary">{label} </Typography.Text>
      {formatKg(value, language) ?? '-'}
    </span>
  );

  const columns: TableColumnsType<OrderListItem> = [
    {
      title: t('orderList.column.numbers'),
      key: 'numbers',
      width: 190,
      render: (_, order) => (
        <Flex vertical gap={2}>
          <CopyableNumber value={order.customerOrderNo} strong testId="order-reference" />
          {order.waybillNo ? (
            <CopyableNumber value={order.waybillNo} testId="order-waybill" />
          ) : (
            <Typography.Text type="secondary">{t('orderList.noWaybill')}</Typography.Text>
          )}
          {order.lastMileNo ? (
            <span style={NO_WRAP}>
              {order.lastMileCarrier ? (
                <Typography.Text type="secondary">{order.lastMileCarrier} </Typography.Text>
              ) : null}
              <CopyableNumber value={order.lastMileNo} testId="order-last-mile" />
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('orderList.column.consignee'),
      key: 'consignee',
      width: 170,
      render: (_, order) => (
        <Flex vertical gap={2}>
          <Typography.Text style={NO_WRAP}>{order.consigneeName}</Typography.Text>
          {order.consigneeCompany ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: order.consigneeCompany }}
              style={{ maxWidth: 150 }}
            >
              {order.consigneeCompany}
            </Typography.Text>
          ) : null}
          <Typography.Text
            type="secondary"
            ellipsis={{
              tooltip: `${nameOf(order.consigneeCountryCode)} (${order.consigneeCountryCode}) · ${order.consigneeCity}`,
            }}
            style={{ maxWidth: 150 }}
          >
            {nameOf(order.consigneeCountryCode)} · {order.consigneeCity}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('orderList.column.product'),
      key: 'product',
      width: 120,
      // Long English names wrap between words; a Chinese name stays whole (keep-all).
      render: (_, order) => (
        <Tooltip title={order.productCode}>
          <div style={{ maxWidth: 150, wordBreak: 'keep-all' }}>{order.productName}</div>
        </Tooltip>
      ),
    },
    {
      title: t('orderList.column.weights'),
      key: 'weights',
      width: 140,
      render: (_, order) => (
        <Flex vertical gap={0}>
          {weightLine(t('orderList.weight.forecast'), order.forecastWeight)}
          {weightLine(t('orderList.weight.actual'), order.actualWeight)}
          {weightLine(t('orderList.weight.chargeable'), order.chargeableWeight)}
        </Flex>
      ),
    },
    {
      title: t('orderList.column.charge'),
      key: 'charge',
      width: 110,
      align: 'right',
      render: (_, order) =>
        order.charge ? (
          <Flex vertical gap={2} align="end">
            <span style={NO_WRAP} data-testid="order-charge">
              {formatMoney(order.charge.amount, order.charge.currencyCode, language)}
            </span>
            <Tag
              color={order.chargeFinal ? 'success' : 'default'}
              variant="outlined"
              style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
            >
              {t(order.chargeFinal ? 'orderList.chargeFinal' : 'orderList.chargeEstimate')}
            </Tag>
          </Flex>
        ) : (
          dash
        ),
    },
    {
      title: t('orderList.column.status'),
      key: 'status',
      width: 110,
      render: (_, order) => <OrderStatusTag order={order} />,
    },
    {
      title: t('orderList.column.times'),
      key: 'times',
      width: 190,
      // The header names both lines (created, then submitted), which keeps the column narrow.
      render: (_, order) => (
        <Flex vertical gap={0}>
          <Tooltip title={t('orderList.time.created')} placement="left">
            <span style={NO_WRAP}>{formatDateTime(order.createdAt, language)}</span>
          </Tooltip>
          {order.submittedAt ? (
            <Tooltip title={t('orderList.time.submitted')} placement="left">
              <Typography.Text type="secondary" style={NO_WRAP}>
                {formatDateTime(order.submittedAt, language)}
              </Typography.Text>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('orderList.column.actions'),
      key: 'actions',
      width: 180,
      // Pinned on wide screens; on a phone a pinned column would cover the row, so it scrolls with it.
      fixed: isMobile ? undefined : 'right',
      render: (_, order) => (
        <OrderRowActions
          order={order}
          isPrinting={printingId === order.id}
          onDetail={props.onDetail}
          onEdit={props.onEdit}
          onCopy={props.onCopy}
          onCancel={props.onCancel}
          onPrint={props.onPrint}
          onTrack={props.onTrack}
        />
      ),
    },
  ];

  return (
    <Table<OrderListItem>
      rowKey="id"
      columns={columns}
      dataSource={orders}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      size="middle"
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(nextSelection(selectedIds, keys.map(String))),
        preserveSelectedRowKeys: false,
        columnWidth: 40,
        columnTitle: (checkbox) => <SelectAllTitle checkbox={checkbox} />,
      }}
      data-testid="order-table"
    />
  );
}
