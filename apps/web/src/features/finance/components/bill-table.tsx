import type { ReactNode } from 'react';
import { Button, Flex, Table, Tag, Typography, type TablePaginationConfig } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Bill } from '@portal/contracts/bill';
import { calendarDayOf, formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsMobile } from '../../../lib/use-is-mobile';
import dayjs from 'dayjs';
import { isOverdue } from '../lib/bill-search';
import { BillStatusTag } from './bill-status-tag';
import { CurrencyAmountList } from './currency-amount-list';

interface BillTableProps {
  bills: Bill[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  emptyText: ReactNode;
  onDetail: (bill: Bill) => void;
}

/** A bill's due date, marked when it has passed and the bill is not settled. */
export function DueDate({ bill }: { bill: Pick<Bill, 'status' | 'dueDate'> }) {
  const { t } = useTranslation();
  const overdue = isOverdue(bill, calendarDayOf(dayjs()));
  return (
    <Flex gap={4} align="center" wrap={false} style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type={overdue ? 'danger' : undefined}>{bill.dueDate}</Typography.Text>
      {overdue ? (
        <Tag color="error" data-testid="bill-overdue">
          {t('bill.overdue')}
        </Tag>
      ) : null}
    </Flex>
  );
}

/**
 * Bills, newest period first: number, period, orders, the totals, what is written off and what is still
 * outstanding (each a list with one line per currency), status and due date. Scrolls inside itself on a phone.
 */
export function BillTable({ bills, isLoading, pagination, emptyText, onDetail }: BillTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = useIsMobile();
  return (
    <Table<Bill>
      rowKey="id"
      size={isMobile ? 'small' : 'middle'}
      dataSource={bills}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 1100 }}
      locale={{ emptyText }}
      onRow={(bill) =>
        ({ 'data-testid': 'bill-row', 'data-id': bill.id }) as React.HTMLAttributes<HTMLElement>
      }
      data-testid="bill-table"
      columns={[
        {
          key: 'billNo',
          title: t('bill.column.billNo'),
          width: 180,
          render: (_, bill) => (
            <Typography.Text copyable={{ text: bill.billNo }} style={{ whiteSpace: 'nowrap' }}>
              {bill.billNo}
            </Typography.Text>
          ),
        },
        { key: 'period', title: t('bill.column.period'), dataIndex: 'periodLabel', width: 90 },
        {
          key: 'orderCount',
          title: t('bill.column.orderCount'),
          dataIndex: 'orderCount',
          width: 80,
          align: 'right',
        },
        {
          key: 'totals',
          title: t('bill.column.totals'),
          align: 'right',
          width: 140,
          render: (_, bill) => <CurrencyAmountList amounts={bill.totals} testId="bill-totals" />,
        },
        {
          key: 'writtenOff',
          title: t('bill.column.writtenOff'),
          align: 'right',
          width: 140,
          render: (_, bill) => <CurrencyAmountList amounts={bill.writtenOff} testId="bill-written-off" />,
        },
        {
          key: 'outstanding',
          title: t('bill.column.outstanding'),
          align: 'right',
          width: 140,
          render: (_, bill) => (
            <CurrencyAmountList amounts={bill.outstanding} isOwed testId="bill-outstanding" />
          ),
        },
        {
          key: 'status',
          title: t('bill.column.status'),
          width: 120,
          render: (_, bill) => <BillStatusTag status={bill.status} />,
        },
        {
          key: 'dueDate',
          title: t('bill.column.dueDate'),
          width: 170,
          render: (_, bill) => <DueDate bill={bill} />,
        },
        {
          key: 'issuedAt',
          title: t('bill.column.issuedAt'),
          width: 170,
          render: (_, bill) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bill.issuedAt, language)}</span>
          ),
        },
        {
          key: 'actions',
          title: t('bill.column.actions'),
          width: 90,
          fixed: isMobile ? undefined : 'right',
          render: (_, bill) => (
            <Button type="link" size="small" onClick={() => onDetail(bill)} data-testid="bill-detail-button">
              {t('bill.detail.button')}
            </Button>
          ),
        },
      ]}
    />
  );
}
