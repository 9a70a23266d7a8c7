import { Button, Card, Empty, Flex, Skeleton, Statistic, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { TOP_UP_FORM_PATH } from '../../../lib/app-paths';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useWalletBalance } from '../../../lib/wallet-balance';

/**
 * The prepaid wallet per currency: balance, the part held by submitted orders, what a new order may
 * still take (balance + credit limit) and the credit limit; a top-up button for users who may top up,
 * which opens the recharge records with the top-up form open.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { can } = useAccess();
  const { data, isPending, isError, error, refetch, isFetching } = useWalletBalance();

  const topUp = can(Permission.FinanceTopUp) ? (
    <Button
      type="primary"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => navigate(TOP_UP_FORM_PATH)}
      data-testid="balance-top-up"
    >
      {t('home.topUp')}
    </Button>
  ) : null;

  let body;
  if (isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (isError)
    body = (
      <Flex vertical align="center" gap={8} style={{ padding: 16 }} data-testid="balance-error">
        <Typography.Text type="secondary">
          {isApiError(error) ? error.message : t('home.balanceLoadFailed')}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  else if (data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noBalance')} />;
  else
    body = (
      <Flex vertical gap={16}>
        {data.map((wallet) => {
          const money = (amount: number) => formatMoney(amount, wallet.currencyCode, language);
          return (
            <div
              key={wallet.currencyCode}
              className="home-balance"
              data-testid={`balance-${wallet.currencyCode}`}
            >
              <Statistic
                title={t('home.balanceOf', { currency: wallet.currencyCode })}
                value={money(wallet.balance)}
                styles={{ content: { fontSize: 26 } }}
                data-testid="balance-amount"
              />
              <dl className="home-balance-facts">
                <div>
                  <dt>
                    <Typography.Text type="secondary">{t('home.held')}</Typography.Text>
                  </dt>
                  <dd data-testid="balance-held">{money(wallet.held)}</dd>
                </div>
                <div>
                  <dt>
                    <Typography.Text type="secondary">{t('home.available')}</Typography.Text>
                  </dt>
                  <dd data-testid="balance-available">{money(wallet.available)}</dd>
                </div>
                <div>
                  <dt>
                    <Typography.Text type="secondary">{t('home.creditLimit')}</Typography.Text>
                  </dt>
                  <dd data-testid="balance-credit">{money(wallet.creditLimit)}</dd>
                </div>
              </dl>
            </div>
          );
        })}
      </Flex>
    );

  return (
    <Card
      title={
        <span>
          <WalletOutlined style={{ marginInlineEnd: 8 }} />
          {t('home.balance')}
        </span>
      }
      extra={topUp}
      style={{ height: '100%' }}
      data-testid="balance-card"
    >
      {body}
    </Card>
  );
}
