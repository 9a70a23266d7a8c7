import { Card, Empty, Flex, Typography, theme } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import type { OrderListItem } from '@portal/contracts/order-list';
import { formatDateTime } from '../../../lib/format-date';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import { orderLinkPath } from '../lib/home-summary-model';

/** The newest orders in exception: number, issue, destination and when; each opens the order. */
export function RecentExceptionsCard({ orders }: { orders: OrderListItem[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { nameOf } = useCountryNames();
  // Shown by when each last changed (its time on the right), latest first.
  const latestFirst = [...orders].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  return (
    <Card
      title={
        <span>
          <WarningOutlined style={{ marginInlineEnd: 8 }} />
          {t('homeSummary.recentExceptions')}
        </span>
      }
      style={{ height: '100%' }}
      data-testid="home-exceptions-card"
    >
      {orders.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('homeSummary.noExceptions')} />
      ) : (
        <ul className="home-exceptions">
          {latestFirst.map((order) => (
            <li key={order.id} style={{ borderColor: token.colorSplit }}>
              <Flex justify="space-between" gap={8} align="baseline">
                <Link to={orderLinkPath(order.customerOrderNo)} data-testid="home-exception-link">
                  {order.waybillNo ?? order.customerOrderNo}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {formatDateTime(order.updatedAt)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {[
                  order.issueKindName ?? t('homeSummary.exceptionNoKind'),
                  nameOf(order.consigneeCountryCode),
                  order.consigneeName,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
