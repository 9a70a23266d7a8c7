import { Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { MESSAGE_LIST_PATH, internalLinkOf } from '../../../lib/notifications/notification-link';
import { useNewNotifications } from '../../../lib/notifications/notifications';

/** PRODUCT.md section 3, home: the newest unread notifications (the header's poll keeps them fresh). */
export function RecentNotificationsCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data, isPending, isError, refetch } = useNewNotifications();

  return (
    <Card
      title={
        <span>
          <BellOutlined style={{ marginInlineEnd: 8 }} />
          {t('messages.recentTitle')}
        </span>
      }
      extra={<Link to={MESSAGE_LIST_PATH}>{t('messages.viewAll')}</Link>}
      style={{ height: '100%' }}
      data-testid="home-notifications-card"
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError ? (
        <Flex vertical align="center" gap={8}>
          <Typography.Text type="secondary">{t('messages.loadFailed')}</Typography.Text>
          <Button size="small" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Flex>
      ) : data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noUnread')} />
      ) : (
        <ul className="home-exceptions">
          {data.items.map((item) => (
            <li key={item.id} style={{ borderColor: token.colorSplit }}>
              <Flex justify="space-between" gap={8} align="baseline">
                <Link to={internalLinkOf(item.link) ?? MESSAGE_LIST_PATH}>{item.title}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {formatDateTime(item.createdAt)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {item.body}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
