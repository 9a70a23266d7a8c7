import { Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { Notification } from '@portal/contracts/notification';
import { formatDateTime } from '../lib/format-date';
import { MESSAGE_LIST_PATH, internalLinkOf } from '../lib/notifications/notification-link';
import { useMarkNotificationsRead, useNewNotifications } from '../lib/notifications/notifications';

interface NotificationBellProps {
  color: string;
}

/**
 * The header's bell: the unread count as a badge (polled every ~30 s while the tab is visible) and, on
 * click, the newest unread notifications; opening one marks it read and follows its link.
 */
export function NotificationBell({ color }: NotificationBellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isError, refetch } = useNewNotifications({ poll: true });
  const markRead = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;

  const open = (item: Notification) => {
    markRead.mutate([item.id]);
    void navigate(internalLinkOf(item.link) ?? MESSAGE_LIST_PATH);
  };

  const content = (
    <Flex vertical gap={8} style={{ width: 'min(340px, 80vw)' }} data-testid="notification-popover">
      {isError ? (
        <Flex vertical align="center" gap={8} style={{ padding: 12 }}>
          <Typography.Text type="secondary">{t('messages.loadFailed')}</Typography.Text>
          <Button size="small" onClick={() => void refetch()} data-testid="notification-bell-retry">
            {t('common.retry')}
          </Button>
        </Flex>
      ) : data && data.items.length > 0 ? (
        <List
          size="small"
          dataSource={data.items}
          renderItem={(item) => (
            <List.Item key={item.id} style={{ paddingInline: 0 }}>
              <button
                type="button"
                className="notification-bell-item"
                onClick={() => open(item)}
                data-testid="notification-bell-item"
                style={{
                  all: 'unset',
                  cursor: 'pointer',
                  display: 'block',
                  width: '100%',
                }}
              >
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {item.title}
                </Typography.Text>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {item.body}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(item.createdAt)}
                </Typography.Text>
              </button>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noUnread')} />
      )}
      <Flex justify="space-between">
        <Button
          size="small"
          type="link"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(null)}
          data-testid="notification-bell-mark-all"
        >
          {t('messages.markAllRead')}
        </Button>
        <Button size="small" type="link" onClick={() => void navigate(MESSAGE_LIST_PATH)}>
          {t('messages.viewAll')}
        </Button>
      </Flex>
    </Flex>
  );

  const label = t('messages.bellLabel', { count: unread });
  return (
    <Popover trigger="click" placement="bottomRight" title={t('messages.title')} content={content}>
      <Button
        type="text"
        aria-label={label}
        title={label}
        style={{ color }}
        data-testid="notification-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notification-badge">
            <BellOutlined style={{ color, fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
