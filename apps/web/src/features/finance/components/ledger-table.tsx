import type { ReactNode } from 'react';
import { Button, Table, Typography, type TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LedgerRow } from '@portal/contracts/consumption-flow';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { LedgerTypeTag } from './ledger-type-tag';
import { MoneyText } from './money-text';
import { RelatedNumber } from './related-number';

interface LedgerTableProps {
  rows: LedgerRow[];
  isLoading: boolean;
  pagination: TablePaginationConfig | false;
  emptyText?: ReactNode;
  /** Left out where rows have no detail of their own (a bill's lines). */
  onDetail?: (row: LedgerRow) => void;
  /** Whether the related number names the row's bill (not inside that bill's own detail). */
  showBill?: boolean;
  testId?: string;
}

/**
 * Ledger rows: time, type, the amount with its sign (negative red), the balance after, currency, what it
 * relates to and the remark. Scrolls sideways inside itself on a phone.
 */
export function LedgerTable({
  rows,
  isLoading,
  pagination,
  emptyText,
  onDetail,
  testId = 'ledger-table',
  showBill = true,
}: LedgerTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  return (
    <Table<LedgerRow>
      rowKey="id"
      size={isMobile ? 'small' : 'middle'}
      dataSource={rows}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 1100 }}
      locale={emptyText ? { emptyText } : undefined}
      onRow={(row) =>
        ({ 'data-testid': 'ledger-row', 'data-id': row.id }) as React.HTMLAttributes<HTMLElement>
      }
      data-testid={testId}
      columns={[
        {
          key: 'time',
          title: t('consumptionFlow.column.time'),
          width: 170,
          render: (_, row) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, language)}</span>
          ),
        },
        {
          key: 'type',
          title: t('consumptionFlow.column.type'),
          width: 120,
          render: (_, row) => <LedgerTypeTag type={row.entryType} />,
        },
        {
          key: 'amount',
          title: t('consumptionFlow.column.amount'),
          align: 'right',
          width: 140,
          render: (_, row) => (
            <MoneyText
              amount={row.amount}
              currencyCode={row.currencyCode}
              signed
              strong
              testId="ledger-amount"
            />
          ),
        },
        {
          key: 'balanceAfter',
          title: t('consumptionFlow.column.balanceAfter'),
          align: 'right',
          width: 140,
          render: (_, row) => <MoneyText amount={row.balanceAfter} currencyCode={row.currencyCode} />,
        },
        {
          key: 'currency',
          title: t('consumptionFlow.column.currency'),
          width: 80,
          dataIndex: 'currencyCode',
        },
        {
          key: 'related',
          title: t('consumptionFlow.column.related'),
          width: 220,
          render: (_, row) => <RelatedNumber row={row} showBill={showBill} />,
        },
        {
          key: 'remark',
          title: t('consumptionFlow.column.remark'),
          render: (_, row) =>
            row.remark ? (
              <Typography.Text ellipsis={{ tooltip: row.remark }} style={{ maxWidth: 240 }}>
                {row.remark}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">-</Typography.Text>
            ),
        },
        ...(onDetail
          ? [
              {
                key: 'actions',
                title: t('consumptionFlow.column.actions'),
                width: 90,
                fixed: isMobile ? undefined : ('right' as const),
                render: (_: unknown, row: LedgerRow) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onDetail(row)}
                    data-testid="ledger-detail-button"
                  >
                    {t('consumptionFlow.detail.button')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
