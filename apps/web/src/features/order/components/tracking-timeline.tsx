import { Empty, Flex, Timeline, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TrackingEvent } from '@portal/contracts/order-list';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';

/** A parcel's journey, newest first (as the server answers), each with its time and location. */
export function TrackingTimeline({ events }: { events: readonly TrackingEvent[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (events.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('orderList.tracking.noEvents')}
        data-testid="tracking-empty"
      />
    );
  return (
    <Timeline
      data-testid="tracking-timeline"
      items={events.map((event, index) => ({
        key: event.id,
        color: index === 0 ? 'blue' : 'gray',
        content: (
          <Flex vertical gap={2} data-testid="tracking-event">
            <Typography.Text strong={index === 0}>{event.description}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(event.occurredAt, language)}
              {event.location ? (
                <>
                  {' · '}
                  <EnvironmentOutlined aria-hidden /> {event.location}
                </>
              ) : null}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}
