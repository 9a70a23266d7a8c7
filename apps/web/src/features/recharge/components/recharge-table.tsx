import type { ReactNode } from 'react';
import { Flex, Table, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Recharge } from '@portal/contracts/recharge';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { RechargeStatusTag } from './recharge-status-tag';
import { VoucherLink } from './voucher-link';

export interface RechargeListProps {
  items: Recharge[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  emptyText: ReactNode;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The recharge records: number, amount, channel, state (with the reason of a failed or closed one), times, voucher. */
export function RechargeTable({ items, isLoading, pagination, emptyText }: RechargeListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: TableColumnsType<Recharge> = [
    {
      title: t('recharge.records.column.number'),
      dataIndex: 'rechargeNo',
      width: 200,
      render: (value: string) => (
        <Typography.Text copyable style={NO_WRAP} data-testid="recharge-number">
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('recharge.records.column.amount'),
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, item) => (
        <strong style={NO_WRAP} data-testid="recharge-amount">
          {formatMoney(item.amount, item.currencyCode, language)}
        </strong>
      ),
    },
    {
      title: t('recharge.records.column.channel'),
      dataIndex: 'channel',
      width: 120,
      render: (value: Recharge['channel']) => <span style={NO_WRAP}>{t(`recharge.channel.${value}`)}</span>,
    },
    {
      title: t('recharge.records.column.status'),
      key: 'status',
      width: 200,
      render: (_, item) => (
        <Flex vertical gap={2} align="flex-start">
          <RechargeStatusTag status={item.status} channel={item.channel} reason={item.statusReason} />
          {item.statusReason ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: item.statusReason }}
              style={{ maxWidth: 200, fontSize: 12 }}
            >
              {item.statusReason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('recharge.records.column.createdAt'),
      key: 'createdAt',
      width: 160,
      render: (_, item) => (
        <Flex vertical gap={2}>
          <span style={NO_WRAP}>{formatDateTime(item.createdAt)}</span>
          {item.createdByName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.createdByName}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('recharge.records.column.paidAt'),
      dataIndex: 'paidAt',
      width: 150,
      render: (value: string | null) => (value ? <span style={NO_WRAP}>{formatDateTime(value)}</span> : dash),
    },
    {
      title: t('recharge.records.column.voucher'),
      key: 'voucher',
      width: 120,
      render: (_, item) => (item.voucherFileId ? <VoucherLink recharge={item} /> : dash),
    },
  ];
  return (
    <Table<Recharge>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      data-testid="recharge-table"
    />
  );
}
