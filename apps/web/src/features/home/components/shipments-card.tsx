import { Card, Flex, Statistic, Typography } from 'antd';
import { RiseOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { HomeSummary } from '@portal/contracts/order-list';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

type Period = HomeSummary['today'];

/** Today's and this month's shipments (orders submitted) and their charges, one line per currency. */
export function ShipmentsCard({ today, month }: Pick<HomeSummary, 'today' | 'month'>) {
  const { t } = useTranslation();
  const language = useLanguage();

  const period = (key: 'today' | 'month', value: Period) => (
    <Flex vertical gap={4} style={{ flex: '1 1 120px', minWidth: 0 }} data-testid={`home-shipments-${key}`}>
      <Statistic
        title={t(key === 'today' ? 'homeSummary.today' : 'homeSummary.thisMonth')}
        value={value.orders}
        suffix={<span style={{ fontSize: 14 }}>{t('homeSummary.ordersUnit', { count: value.orders })}</span>}
        data-testid="home-shipments-count"
      />
      {value.charges.length === 0 ? (
        <Typography.Text type="secondary">{t('homeSummary.noCharges')}</Typography.Text>
      ) : (
        value.charges.map((charge) => (
          <Typography.Text key={charge.currencyCode} data-testid="home-shipments-charge">
            <Typography.Text type="secondary">{t('homeSummary.charges')} </Typography.Text>
            {formatMoney(charge.amount, charge.currencyCode, language)}
          </Typography.Text>
        ))
      )}
    </Flex>
  );

  return (
    <Card
      title={
        <span>
          <RiseOutlined style={{ marginInlineEnd: 8 }} />
          {t('homeSummary.shipments')}
        </span>
      }
      style={{ height: '100%' }}
      data-testid="home-shipments-card"
    >
      <Flex gap={24} wrap>
        {period('today', today)}
        {period('month', month)}
      </Flex>
    </Card>
  );
}
