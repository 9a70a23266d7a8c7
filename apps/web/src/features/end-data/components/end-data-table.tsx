import type { ReactNode } from 'react';
import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndDataItem } from '@portal/contracts/order-list';
import { formatDateTime } from '../../../lib/format-date';
import { ORDER_STATUS_COLOR } from '../../../lib/order-status';
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
      title: t('endData.column.customerOrderNo'),
      dataIndex: 'customerOrderNo',
      width: 180,
      render: (value: string) => (
        <Typography.Text copyable style={NO_WRAP} data-testid="end-data-reference">
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('endData.column.waybillNo'),
      dataIndex: 'waybillNo',
      width: 170,
      render: (value: string | null) =>
        value ? (
          <Typography.Text copyable style={NO_WRAP}>
            {value}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    {
      title: t('endData.column.lastMileCarrier'),
      dataIndex: 'lastMileCarrier',
      width: 130,
      render: (value: string) => (
        <Typography.Text strong style={NO_WRAP}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('endData.column.lastMileNo'),
      dataIndex: 'lastMileNo',
      width: 200,
      render: (value: string) => (
        <Typography.Text copyable style={NO_WRAP} data-testid="end-data-last-mile-no">
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('endData.column.handedOverAt'),
      dataIndex: 'handedOverAt',
      width: 160,
      render: (value: string | null) => (value ? <span style={NO_WRAP}>{formatDateTime(value)}</span> : dash),
    },
    {
      title: t('endData.column.country'),
      dataIndex: 'consigneeCountryCode',
      width: 130,
      render: (code: string) => (
        <Tooltip title={`${nameOf(code)} (${code})`}>
          <span style={NO_WRAP}>{nameOf(code)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('endData.column.consignee'),
      dataIndex: 'consigneeName',
      width: 150,
      ellipsis: true,
    },
    {
      title: t('endData.column.product'),
      dataIndex: 'productCode',
      width: 130,
      render: (value: string) => <span style={NO_WRAP}>{value}</span>,
    },
    {
      title: t('endData.column.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: EndDataItem['status']) => (
        <Tag color={ORDER_STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }}>
          {t(`orderStatus.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('endData.column.createdAt'),
      dataIndex: 'createdAt',
      width: 160,
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
