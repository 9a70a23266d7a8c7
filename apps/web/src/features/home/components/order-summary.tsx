import { Button, Card, Col, Flex, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { isApiError } from '../../../lib/http/api-error';
import { useHomeSummary } from '../api/query-home-summary';
import { OrderStatusCard } from './order-status-card';
import { RecentExceptionsCard } from './recent-exceptions-card';
import { ShipmentsCard } from './shipments-card';

/**
 * The morning view's order cards, all from one summary call: orders by status, shipments and charges,
 * recent exceptions. Skeletons while it loads; one error with a retry in place of all three if it fails.
 * Rendered as grid columns of the home page's row.
 */
export function OrderSummary() {
  const { t } = useTranslation();
  const summary = useHomeSummary();

  if (summary.isPending)
    return (
      <>
        {[0, 1, 2].map((index) => (
          <Col key={index} xs={24} lg={12} xl={8}>
            <Card style={{ height: '100%' }} data-testid="home-summary-skeleton">
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </>
    );
  if (summary.isError)
    return (
      <Col xs={24}>
        <Card>
          <Flex vertical align="center" gap={8} style={{ padding: 16 }} data-testid="home-summary-error">
            <Typography.Text type="secondary">
              {isApiError(summary.error) && summary.error.message
                ? summary.error.message
                : t('homeSummary.loadFailed')}
            </Typography.Text>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void summary.refetch()}
              loading={summary.isFetching}
            >
              {t('common.retry')}
            </Button>
          </Flex>
        </Card>
      </Col>
    );

  const { statusCounts, today, month, recentExceptions } = summary.data;
  return (
    <>
      <Col xs={24} xl={16}>
        <OrderStatusCard counts={statusCounts} />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <ShipmentsCard today={today} month={month} />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <RecentExceptionsCard orders={recentExceptions} />
      </Col>
    </>
  );
}
