import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { useLoginUserInfo } from '../../../lib/session/use-login-user-info';
import { AccountCard } from '../components/account-card';
import { BalanceCard } from '../components/balance-card';
import { OrderSummary } from '../components/order-summary';
import { RecentNotificationsCard } from '../components/recent-notifications-card';
import { SecurityCard } from '../components/security-card';
import { ShortcutsCard } from '../components/shortcuts-card';
import { WelcomeBanner } from '../components/welcome-banner';
import './home-page.css';

/**
 * `/user/index`, the shipper's morning view: orders by status (each a link to the filtered list), today's
 * and this month's shipments and charges, recent exceptions (all from one summary call, for users who may
 * see orders), the wallet balance per currency, shortcuts, recent notifications, the account and its security.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useLoginUserInfo();
  const { can } = useAccess();

  if (isPending) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (isError || !user) {
    return (
      <Card>
        <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
          <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Flex>
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <WelcomeBanner user={user} />
      {user.customer.status === 'arrears' ? (
        <Alert type="warning" showIcon title={t('http.arrears')} />
      ) : null}
      <Row gutter={[16, 16]}>
        {can(Permission.OrderView) ? <OrderSummary /> : null}
        {/* The balance is the company's money: for those who may read it (finance:view, whole company). */}
        {can(Permission.FinanceView) ? (
          <Col xs={24} lg={12} xl={8}>
            <BalanceCard />
          </Col>
        ) : null}
        <Col xs={24} lg={12} xl={8}>
          <ShortcutsCard />
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <RecentNotificationsCard />
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <AccountCard user={user} />
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <SecurityCard user={user} />
        </Col>
      </Row>
    </Flex>
  );
}
