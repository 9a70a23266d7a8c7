import { Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CardListPager } from '../../../components/card-list-pager';
import { formatDateTime } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { RechargeStatusTag } from './recharge-status-tag';
import type { RechargeListProps } from './recharge-table';
import { VoucherLink } from './voucher-link';

/** The recharge records on phones: one card each, amount and state first, nothing scrolls sideways. */
export function RechargeCardList({ items, isLoading, pagination, emptyText }: RechargeListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={12} data-testid="recharge-cards">
        {items.length === 0 ? emptyText : null}
        {items.map((item) => (
          <Card key={item.id} size="small" styles={{ body: { padding: 12 } }} data-testid="recharge-card">
            <Flex vertical gap={2}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong style={{ fontSize: 16 }} data-testid="recharge-amount">
                  {formatMoney(item.amount, item.currencyCode, language)}
                </Typography.Text>
                <RechargeStatusTag status={item.status} channel={item.channel} reason={item.statusReason} />
              </Flex>
              <Typography.Text copyable data-testid="recharge-number">
                {item.rechargeNo}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t(`recharge.channel.${item.channel}`)} · {formatDateTime(item.createdAt)}
              </Typography.Text>
              {item.paidAt ? (
                <Typography.Text type="secondary">
                  {t('recharge.records.column.paidAt')}: {formatDateTime(item.paidAt)}
                </Typography.Text>
              ) : null}
              {item.statusReason ? (
                <Typography.Text type="danger">{item.statusReason}</Typography.Text>
              ) : null}
              {item.voucherFileId ? (
                <div>
                  <VoucherLink recharge={item} />
                </div>
              ) : null}
            </Flex>
          </Card>
        ))}
        <CardListPager pagination={pagination} />
      </Flex>
    </Spin>
  );
}
