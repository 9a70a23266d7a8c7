import { useState } from 'react';
import { Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoginLogEntry } from '@portal/contracts/auth';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { listPagination } from '../../../lib/list-pagination';
import { readPageSize } from '../../../lib/page-size';
import { useLoginLog } from '../api/query-login-log';

const KNOWN_METHODS = ['password', 'sms', 'wechat', 'sso', 'refresh', 'password_change'] as const;
const KNOWN_RESULTS = [
  'success',
  'wrong_password',
  'wrong_code',
  'unknown_user',
  'disabled',
  'throttled',
] as const;

/** Every sign-in attempt on this account: time, address, device, method and result. */
export function LoginLogPanel() {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const { data, isFetching, isError, error, refetch } = useLoginLog({ pageIndex, pageSize });

  const methodLabel = (method: string) =>
    (KNOWN_METHODS as readonly string[]).includes(method)
      ? t(`loginMethod.${method as (typeof KNOWN_METHODS)[number]}`)
      : method;
  const resultLabel = (result: string) =>
    (KNOWN_RESULTS as readonly string[]).includes(result)
      ? t(`loginResult.${result as (typeof KNOWN_RESULTS)[number]}`)
      : result;

  const columns: TableColumnsType<LoginLogEntry> = [
    {
      key: 'time',
      title: t('userCenter.logTime'),
      dataIndex: 'time',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    { key: 'ip', title: t('userCenter.logIp'), dataIndex: 'ip', width: 150 },
    {
      // The server's readable device ("Chrome 131 · Windows 11"); the raw agent only when it names none.
      key: 'device',
      title: t('userCenter.logUserAgent'),
      dataIndex: 'device',
      ellipsis: { showTitle: false },
      render: (device: string, row) => (
        <Tooltip title={row.userAgent} placement="topLeft">
          <Typography.Text type={device ? undefined : 'secondary'}>{device || row.userAgent}</Typography.Text>
        </Tooltip>
      ),
    },
    { key: 'method', title: t('userCenter.logMethod'), dataIndex: 'method', width: 130, render: methodLabel },
    {
      key: 'result',
      title: t('userCenter.logResult'),
      dataIndex: 'result',
      width: 150,
      // Throttled attempts of one window are one row with a count.
      render: (v: string, row) => (
        <Tag color={v === 'success' ? 'success' : 'error'}>
          {resultLabel(v)}
          {row.attempts > 1 ? ` · ${t('userCenter.logAttempts', { count: row.attempts })}` : ''}
        </Tag>
      ),
    },
  ];

  // A failed load is never shown as an empty log.
  if (isError) return <ListLoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />;

  return (
    <Table<LoginLogEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={isFetching}
      scroll={{ x: 760 }}
      data-testid="login-log"
      pagination={listPagination({
        page: pageIndex,
        pageSize,
        total: data?.total ?? 0,
        showTotal: (total) => t('common.total', { total }),
        onPage: setPageIndex,
        onPageSize: (size) => {
          setPageSize(size);
          setPageIndex(1);
        },
      })}
    />
  );
}
