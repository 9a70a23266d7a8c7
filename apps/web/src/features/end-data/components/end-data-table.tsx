import type { ReactNode } from 'react';
import { Flex, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { EndDataItem } from '@portal/contracts/order-list';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { formatDateTime } from '../../../lib/format-date';
import { useCountryNames } from '../../../lib/reference/api/get-country';

export interface EndDataTableProps {
  items: EndDataItem[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  emptyText: ReactNode;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Per order what a marketplace asks for: the last-mile carrier and number (copyable), when the parcel
 * was handed over, with the order's own numbers and consignee country to match it up.
 */
export function EndDataTable({ items, isLoading, pagination, emptyText }: EndDataTableProps) {
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();

  const columns: TableColumnsType<EndDataItem> = [
    {
      title: t('endData.column.numbers'),
      key: 'numbers',
      width: 180,
      render: (_, item) => (
        <Flex vertical gap={2}>
          <Typography.Text copyable style={NO_WRAP} data-testid="end-data-reference">
            {item.customerOrderNo}
          </Typography.Text>
          {item.waybillNo ? (
            <Typography.Text type="secondary" copyable style={{ ...NO_WRAP, fontSize: 12 }}>
              {item.waybillNo}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('endData.column.lastMileCarrier'),
      dataIndex: 'lastMileCarrier',
      width: 110,
      render: (value: string) => (
        <Typography.Text strong style={NO_WRAP}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('endData.column.lastMileNo'),
      dataIndex: 'lastMileNo',
      width: 190,
      render: (value: string) => (
        <Typography.Text copyable style={NO_WRAP} data-testid="end-data-last-mile-no">
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('endData.column.handedOverAt'),
      dataIndex: 'handedOverAt',
      width: 140,
      render: (value: string | null) => (value ? <span style={NO_WRAP}>{formatDateTime(value)}</span> : dash),
    },
    {
      title: t('endData.column.destination'),
      key: 'destination',
      width: 150,
      render: (_, item) => (
        <Flex vertical gap={2}>
          <Tooltip title={`${nameOf(item.consigneeCountryCode)} (${item.consigneeCountryCode})`}>
            <span style={NO_WRAP}>{nameOf(item.consigneeCountryCode)}</span>
          </Tooltip>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: item.consigneeName }}
            style={{ maxWidth: 160, fontSize: 12 }}
          >
            {item.consigneeName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('endData.column.product'),
      dataIndex: 'productCode',
      width: 110,
      render: (value: string) => <span style={NO_WRAP}>{value}</span>,
    },
    {
      title: t('endData.column.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: EndDataItem['status']) => <OrderStatusTag order={{ status }} />,
    },
    {
      title: t('endData.column.createdAt'),
      dataIndex: 'createdAt',
      width: 140,
      render: (value: string) => <span style={NO_WRAP}>{formatDateTime(value)}</span>,
    },
  ];

  return (
    <Flex vertical>
      <Table<EndDataItem>
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={isLoading}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        data-testid="end-data-table"
      />
    </Flex>
  );
}
