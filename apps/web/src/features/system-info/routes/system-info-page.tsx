import { Button, Card, Descriptions, Skeleton, Space, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSystemInfo } from '../api/get-system-info';

/** "+08:00" from minutes east of UTC. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * `/user/userCenterManagement/systemInfo` (PRODUCT.md section 3): what runs — the application and its
 * build, the server and its database, the server's clock and time zone — and the currencies accepted.
 */
export default function SystemInfoPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { data, isPending, isError, error, refetch, isFetching } = useSystemInfo();

  return (
    <Card
      title={t('systemInfo.routeTitle')}
      data-testid="system-info"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isPending}>
          {t('systemInfo.refresh')}
        </Button>
      }
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError || !data ? (
        <ListLoadError error={error} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : (
        <Descriptions
          bordered
          column={isMobile ? 1 : 2}
          size="middle"
          items={[
            { key: 'name', label: t('systemInfo.applicationName'), children: data.applicationName },
            { key: 'version', label: t('systemInfo.applicationVersion'), children: data.applicationVersion },
            {
              key: 'build',
              label: t('systemInfo.buildTime'),
              children: data.buildTime ? formatDateTime(data.buildTime) : t('systemInfo.buildTimeUnknown'),
            },
            { key: 'server', label: t('systemInfo.serverVersion'), children: data.serverVersion },
            { key: 'framework', label: t('systemInfo.framework'), children: data.frameworkVersion },
            {
              key: 'database',
              label: t('systemInfo.database'),
              children: `${t(`systemInfo.databaseKinds.${data.databaseKind}`)} · ${data.databaseVersion}`,
            },
            {
              key: 'time',
              label: t('systemInfo.serverTime'),
              children: <span data-testid="system-info-time">{formatDateTime(data.serverTime)}</span>,
            },
            {
              key: 'zone',
              label: t('systemInfo.timeZone'),
              children: `${data.timeZone} (${t('systemInfo.utcOffset', { offset: offsetText(data.utcOffsetMinutes) })})`,
            },
            {
              key: 'currencies',
              label: t('systemInfo.currencies'),
              span: isMobile ? 1 : 2,
              children: (
                <Space size={[4, 4]} wrap>
                  {data.currencies.map((currency) => (
                    <Tag key={currency.code}>
                      {currency.code} · {currency.name}
                      {currency.symbol ? ` (${currency.symbol})` : ''}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
