import type { ReactNode } from 'react';
import { Card, Descriptions, Drawer, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { BillDetail, CurrencyAmount } from '@portal/contracts/bill';
import { ExportButton } from '../../../components/export-button';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useListPaging } from '../../../lib/list-pagination';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useBill } from '../api/get-bill';
import { useBillLines } from '../api/query-bill-lines';
import { BillStatusTag } from './bill-status-tag';
import { DueDate } from './bill-table';
import { LedgerTable } from './ledger-table';
import { LedgerTypeTag } from './ledger-type-tag';
import { MoneyText } from './money-text';

interface BillDetailDrawerProps {
  billId: string | null;
  onClose: () => void;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      {children}
    </Card>
  );
}

/** One bill: its header, amounts per currency, subtotals per type, its lines (paged) and its write-offs. */
export function BillDetailDrawer({ billId, onClose }: BillDetailDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const detail = useBill(billId);
  return (
    <Drawer
      open={billId !== null}
      onClose={onClose}
      title={detail.data ? t('bill.detail.title', { number: detail.data.billNo }) : t('bill.detail.loading')}
      size={isMobile ? '100%' : 900}
      destroyOnHidden
      extra={
        detail.data ? (
          <ExportButton
            kind="billDetail"
            source={() => ({ ids: [detail.data.id] })}
            label={t('bill.detail.export')}
            isCompact={isMobile}
            testId="bill-detail-export"
          />
        ) : null
      }
      data-testid="bill-detail"
    >
      {detail.isError ? (
        <ListLoadError
          error={detail.error}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      ) : !detail.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <BillDetailBody bill={detail.data} />
      )}
    </Drawer>
  );
}

/** The three lists of a bill side by side, one row per currency that appears in any of them. */
function amountRows(bill: BillDetail) {
  const codes = [
    ...new Set([...bill.totals, ...bill.writtenOff, ...bill.outstanding].map((a) => a.currencyCode)),
  ];
  codes.sort((a, b) => (a === 'CNY' ? -1 : b === 'CNY' ? 1 : a.localeCompare(b)));
  const of = (list: CurrencyAmount[], code: string) => list.find((a) => a.currencyCode === code)?.amount ?? 0;
  return codes.map((code) => ({
    currencyCode: code,
    total: of(bill.totals, code),
    writtenOff: of(bill.writtenOff, code),
    outstanding: of(bill.outstanding, code),
  }));
}

function BillDetailBody({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const paging = useListPaging();
  const lines = useBillLines(bill.id, paging.page, paging.pageSize);

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        data-testid="bill-detail-header"
        items={[
          {
            key: 'billNo',
            label: t('bill.column.billNo'),
            children: <Typography.Text copyable>{bill.billNo}</Typography.Text>,
          },
          { key: 'period', label: t('bill.column.period'), children: bill.periodLabel },
          { key: 'status', label: t('bill.column.status'), children: <BillStatusTag status={bill.status} /> },
          { key: 'orderCount', label: t('bill.column.orderCount'), children: bill.orderCount },
          { key: 'dueDate', label: t('bill.column.dueDate'), children: <DueDate bill={bill} /> },
          {
            key: 'issuedAt',
            label: t('bill.column.issuedAt'),
            children: formatDateTime(bill.issuedAt, language),
          },
          ...(bill.settledAt
            ? [
                {
                  key: 'settledAt',
                  label: t('bill.detail.settledAt'),
                  children: formatDateTime(bill.settledAt, language),
                },
              ]
            : []),
        ]}
      />

      <Section title={t('bill.detail.amounts')} testId="bill-detail-amounts">
        <Table
          rowKey="currencyCode"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={amountRows(bill)}
          columns={[
            { key: 'currency', title: t('consumptionFlow.column.currency'), dataIndex: 'currencyCode' },
            {
              key: 'total',
              title: t('bill.column.totals'),
              align: 'right',
              render: (_, row) => <MoneyText amount={row.total} currencyCode={row.currencyCode} />,
            },
            {
              key: 'writtenOff',
              title: t('bill.column.writtenOff'),
              align: 'right',
              render: (_, row) => <MoneyText amount={row.writtenOff} currencyCode={row.currencyCode} />,
            },
            {
              key: 'outstanding',
              title: t('bill.column.outstanding'),
              align: 'right',
              render: (_, row) => (
                <MoneyText amount={row.outstanding} currencyCode={row.currencyCode} strong />
              ),
            },
          ]}
        />
      </Section>

      <Section title={t('bill.detail.subtotals')} testId="bill-detail-subtotals">
        <Table
          rowKey={(row) => `${row.entryType}|${row.currencyCode}`}
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={bill.subtotals}
          locale={{ emptyText: t('bill.detail.noSubtotals') }}
          columns={[
            {
              key: 'type',
              title: t('consumptionFlow.column.type'),
              render: (_, row) => <LedgerTypeTag type={row.entryType} />,
            },
            { key: 'currency', title: t('consumptionFlow.column.currency'), dataIndex: 'currencyCode' },
            {
              key: 'count',
              title: t('bill.detail.count'),
              align: 'right',
              render: (_, row) => t('bill.detail.subtotalCount', { count: row.count }),
            },
            {
              key: 'amount',
              title: t('consumptionFlow.column.amount'),
              align: 'right',
              render: (_, row) => <MoneyText amount={row.amount} currencyCode={row.currencyCode} />,
            },
          ]}
        />
      </Section>

      <Section title={t('bill.detail.lines')} testId="bill-detail-lines">
        {lines.isError ? (
          <ListLoadError
            error={lines.error}
            onRetry={() => void lines.refetch()}
            isRetrying={lines.isFetching}
          />
        ) : lines.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <LedgerTable
            rows={lines.data.list}
            isLoading={lines.isFetching && lines.isPlaceholderData}
            emptyText={t('bill.detail.noLines')}
            pagination={{ ...paging.paginationOf(lines.data.total), size: 'small' }}
            testId="bill-lines-table"
            showBill={false}
          />
        )}
      </Section>

      <Section title={t('bill.detail.writeOffs')} testId="bill-detail-write-offs">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={bill.writeOffs}
          locale={{ emptyText: t('bill.detail.noWriteOffs') }}
          columns={[
            {
              key: 'time',
              title: t('bill.detail.writeOffTime'),
              render: (_, row) => (
                <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, language)}</span>
              ),
            },
            {
              key: 'source',
              title: t('bill.detail.writeOffSource'),
              render: (_, row) => t(`bill.source.${row.source}`),
            },
            {
              key: 'amount',
              title: t('bill.detail.writeOffAmount'),
              align: 'right',
              render: (_, row) => <MoneyText amount={row.amount} currencyCode={row.currencyCode} />,
            },
            { key: 'remark', title: t('bill.detail.writeOffRemark'), render: (_, row) => row.remark ?? '-' },
          ]}
        />
      </Section>
    </Flex>
  );
}
