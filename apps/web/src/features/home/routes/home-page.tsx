import { Suspense, lazy } from 'react';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { useAllMessagesAfterPaint } from '../../../lib/i18n/use-all-messages-after-paint';
import { importWithTimeout } from '../../../lib/lazy-page';
import { useLoginUserInfo } from '../../../lib/session/use-login-user-info';
import { BalanceCard } from '../components/balance-card';
import { OrderSummary } from '../components/order-summary';
import { ShortcutsCard } from '../components/shortcuts-card';
import { WelcomeBanner } from '../components/welcome-banner';
import './home-page.css';

// The last cards (below the first screen on a phone) load after the page has painted; a skeleton holds
// their place meanwhile.
const RecentNotificationsCard = lazy(() =>
  importWithTimeout(() => import('../components/recent-notifications-card')).then((m) => ({
    default: m.RecentNotificationsCard,
  })),
);
const AccountCard = lazy(() =>
  importWithTimeout(() => import('../components/account-card')).then((m) => ({ default: m.AccountCard })),
);
const SecurityCard = lazy(() =>
  importWithTimeout(() => import('../components/security-card')).then((m) => ({ default: m.SecurityCard })),
);
const CARD_PLACEHOLDER = (
  <Card style={{ height: '100%' }}>
    <Skeleton active paragraph={{ rows: 3 }} />
  </Card>
);

/**
 * `/user/index`, the shipper's morning view: orders by status (each a link to the filtered list), today's
 * and this month's shipments and charges, recent exceptions (all from one summary call, for users who may
 * see orders), the wallet balance per currency, shortcuts, recent notifications, the account and its security.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useLoginUserInfo();
  const { can } = useAccess();
  useAllMessagesAfterPaint();

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
          <Suspense fallback={CARD_PLACEHOLDER}>
            <RecentNotificationsCard />
          </Suspense>
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <Suspense fallback={CARD_PLACEHOLDER}>
            <AccountCard user={user} />
          </Suspense>
        </Col>
        <Col xs={24} lg={12} xl={8}>
          <Suspense fallback={CARD_PLACEHOLDER}>
            <SecurityCard user={user} />
          </Suspense>
        </Col>
      </Row>
    </Flex>
  );
}
