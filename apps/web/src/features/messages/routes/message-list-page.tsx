import { useState } from 'react';
import { Badge, Button, Card, Empty, Flex, List, Pagination, Segmented, Select, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationReadFilter,
} from '@portal/contracts/notification';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { PAGE_SIZE_OPTIONS, readPageSize, savePageSize } from '../../../lib/page-size';
import { internalLinkOf } from '../../../lib/notifications/notification-link';
import { useMarkNotificationsRead } from '../../../lib/notifications/notifications';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useNotifications } from '../api/query-notifications';

const KIND_COLORS: Record<NotificationKind, string> = {
  system_announcement: 'blue',
  order_exception: 'red',
  weight_adjustment: 'orange',
  recharge_result: 'green',
  balance_warning: 'volcano',
  export_finished: 'cyan',
  bill_issued: 'purple',
  certification_decided: 'geekblue',
};

/**
 * `/userCenterManagement/messageList`: every notification of the user, newest first, filtered by read
 * state and type; one or all marked read; a notification's link opens the page it is about.
 */
export default function MessageListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [readFilter, setReadFilter] = useState<NotificationReadFilter>('all');
  const [kind, setKind] = useState<NotificationKind | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const list = useNotifications({ readFilter, kind, pageIndex, pageSize });
  const markRead = useMarkNotificationsRead();

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate([item.id]);
    const link = internalLinkOf(item.link);
    if (link) void navigate(link);
  };
  const emptyText =
    readFilter === 'unread'
      ? t('messages.emptyUnread')
      : readFilter === 'read'
        ? t('messages.emptyRead')
        : t('messages.empty');

  return (
    <Card
      title={t('messages.routeTitle')}
      data-testid="message-list"
      extra={
        <Button
          icon={<CheckOutlined />}
          onClick={() => markRead.mutate(null)}
          loading={markRead.isPending && markRead.variables === null}
          data-testid="message-mark-all"
        >
          {t('messages.markAllRead')}
        </Button>
      }
    >
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented<NotificationReadFilter>
          aria-label={t('messages.readFilter')}
          value={readFilter}
          onChange={(value) => {
            setReadFilter(value);
            setPageIndex(1);
          }}
          options={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: t('messages.unread') },
            { value: 'read', label: t('messages.read') },
          ]}
          data-testid="message-read-filter"
        />
        <Select<NotificationKind | 'all'>
          aria-label={t('messages.kindFilter')}
          value={kind ?? 'all'}
          style={{ minWidth: 160 }}
          onChange={(value) => {
            setKind(value === 'all' ? null : value);
            setPageIndex(1);
          }}
          options={[
            { value: 'all', label: t('messages.kindAll') },
            ...NOTIFICATION_KINDS.map((value) => ({ value, label: t(`messages.kinds.${value}`) })),
          ]}
          data-testid="message-kind-filter"
        />
      </Flex>
      {list.isError ? (
        <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : (
        <>
          <List
            loading={list.isPending}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
            renderItem={(item) => (
              <List.Item
                key={item.id}
                data-testid="message-item"
                data-read={item.isRead ? 'true' : 'false'}
                actions={[
                  ...(internalLinkOf(item.link)
                    ? [
                        <Button key="open" type="link" size="small" onClick={() => open(item)}>
                          {t('messages.open')}
                        </Button>,
                      ]
                    : []),
                  ...(item.isRead
                    ? []
                    : [
                        <Button
                          key="read"
                          type="link"
                          size="small"
                          onClick={() => markRead.mutate([item.id])}
                          data-testid="message-mark-read"
                        >
                          {t('messages.markRead')}
                        </Button>,
                      ]),
                ]}
              >
                <List.Item.Meta
                  avatar={<Badge dot={!item.isRead} status={item.isRead ? 'default' : 'processing'} />}
                  title={
                    <Flex gap={8} wrap align="center">
                      <Tag color={KIND_COLORS[item.kind]} style={{ marginInlineEnd: 0 }}>
                        {t(`messages.kinds.${item.kind}`)}
                      </Tag>
                      <Typography.Text strong={!item.isRead}>{item.title}</Typography.Text>
                    </Flex>
                  }
                  description={
                    <Flex vertical gap={2}>
                      <Typography.Text type={item.isRead ? 'secondary' : undefined}>
                        {item.body}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {formatDateTime(item.createdAt)}
                        {item.isRead ? ` · ${t('messages.read')}` : ` · ${t('messages.unread')}`}
                      </Typography.Text>
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
          {(list.data?.total ?? 0) > 0 ? (
            <Flex justify="flex-end" style={{ marginTop: 16 }}>
              <Pagination
                current={pageIndex}
                pageSize={pageSize}
                total={list.data?.total ?? 0}
                showSizeChanger
                pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
                showTotal={isMobile ? undefined : (total) => t('messages.total', { total })}
                simple={isMobile}
                onChange={(nextPage, nextSize) => {
                  if (nextSize !== pageSize) {
                    savePageSize(nextSize);
                    setPageSize(nextSize);
                    setPageIndex(1);
                  } else setPageIndex(nextPage);
                }}
              />
            </Flex>
          ) : null}
        </>
      )}
    </Card>
  );
}
