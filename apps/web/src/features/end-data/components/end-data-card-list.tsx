import { Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CardListPager } from '../../../components/card-list-pager';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { formatDateTime } from '../../../lib/format-date';
import { useCountryNames } from '../../../lib/reference/api/get-country';
import type { EndDataTableProps } from './end-data-table';

/** The last-mile data on phones: one card per order, the last-mile number first, nothing scrolls sideways. */
export function EndDataCardList({ items, isLoading, pagination, emptyText }: EndDataTableProps) {
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={12} data-testid="end-data-cards">
        {items.length === 0 ? emptyText : null}
        {items.map((item) => (
          <Card key={item.id} size="small" styles={{ body: { padding: 12 } }} data-testid="end-data-card">
            <Flex vertical gap={2}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{item.lastMileCarrier}</Typography.Text>
                <OrderStatusTag order={item} />
              </Flex>
              <Typography.Text copyable strong style={{ fontSize: 15 }}>
                {item.lastMileNo}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('endData.column.handedOverAt')}:{' '}
                {item.handedOverAt ? formatDateTime(item.handedOverAt) : '-'}
              </Typography.Text>
              <Typography.Text copyable={{ text: item.customerOrderNo }}>
                {[item.customerOrderNo, item.waybillNo].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Typography.Text type="secondary">
                {[nameOf(item.consigneeCountryCode), item.consigneeName, item.productCode].join(' · ')}
              </Typography.Text>
            </Flex>
          </Card>
        ))}
        <CardListPager pagination={pagination} />
      </Flex>
    </Spin>
  );
}
