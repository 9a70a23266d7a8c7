import { Button, Card, Empty, Flex, Typography, theme } from 'antd';
import { PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import type { OrderStatusCounts } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import { Access } from '../../../components/access';
import { CREATE_ORDER_PATH } from '../../../lib/app-paths';
import { statusTiles } from '../lib/home-summary-model';

/** Orders by status; each count opens the order list filtered to that status. */
export function OrderStatusCard({ counts }: { counts: OrderStatusCounts }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();

  const body =
    counts.all === 0 ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t('homeSummary.noOrders')}</Typography.Text>
            <Typography.Text type="secondary">{t('homeSummary.noOrdersHint')}</Typography.Text>
          </Flex>
        }
        data-testid="home-no-orders"
      >
        <Access permission={Permission.OrderCreate}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_ORDER_PATH)}>
            {t('homeSummary.createFirst')}
          </Button>
        </Access>
      </Empty>
    ) : (
      <div className="home-status-grid">
        {statusTiles(counts).map((tile) => (
          <Link
            key={tile.key}
            to={tile.path}
            className="home-status-tile"
            style={{
              background:
                tile.key === 'exception' && tile.count > 0 ? token.colorErrorBg : token.colorFillQuaternary,
              borderRadius: token.borderRadiusLG,
              color: token.colorText,
            }}
            data-testid={`home-status-${tile.key}`}
          >
            <Typography.Text type="secondary" className="home-status-label">
              {tile.key === 'all' ? t('homeSummary.allOrders') : t(`orderStatus.${tile.key}`)}
            </Typography.Text>
            <span
              className="home-status-count"
              style={{
                color: tile.key === 'exception' && tile.count > 0 ? token.colorError : token.colorText,
              }}
              data-testid="home-status-count"
            >
              {tile.count.toLocaleString()}
            </span>
          </Link>
        ))}
      </div>
    );

  return (
    <Card
      title={
        <span>
          <ProfileOutlined style={{ marginInlineEnd: 8 }} />
          {t('homeSummary.ordersByStatus')}
        </span>
      }
      style={{ height: '100%' }}
      data-testid="home-status-card"
    >
      {body}
    </Card>
  );
}
