import { Card, Tabs } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { ApiTokensPanel } from '../components/api-tokens-panel';
import { BalanceWarningPanel } from '../components/balance-warning-panel';
import { CertificationPanel } from '../components/certification-panel';
import { InvoiceTitleForm } from '../components/invoice-title-form';
import { LoginLogPanel } from '../components/login-log-panel';
import { ProfilePanel } from '../components/profile-panel';
import { SecurityPanel } from '../components/security-panel';
import './user-center-page.css';

const TABS = [
  'profile',
  'certification',
  'security',
  'loginLog',
  'invoiceTitle',
  'balanceWarning',
  'apiTokens',
] as const;
type TabKey = (typeof TABS)[number];

/**
 * `/user/userCenterManagement/userCenter`: profile, certification (org:manage), security (password), the
 * sign-in log and, for users holding finance:bill, the invoice title; for users holding finance:view, the
 * low-balance warnings; for users holding api:token, the open API's tokens.
 */
export default function UserCenterPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = useAccess();
  const tabs = TABS.filter(
    (tab) =>
      (tab !== 'invoiceTitle' || can(Permission.FinanceBill)) &&
      (tab !== 'balanceWarning' || can(Permission.FinanceView)) &&
      (tab !== 'certification' || can(Permission.OrgManage)) &&
      (tab !== 'apiTokens' || can(Permission.ApiToken)),
  );
  const requested = searchParams.get('tab');
  const active: TabKey = tabs.includes(requested as TabKey) ? (requested as TabKey) : 'profile';

  return (
    <Card styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'profile', label: t('userCenter.profileTab'), children: <ProfilePanel /> },
          ...(tabs.includes('certification')
            ? [
                {
                  key: 'certification',
                  label: t('customerInfo.certificationTab'),
                  children: <CertificationPanel />,
                },
              ]
            : []),
          { key: 'security', label: t('userCenter.securityTab'), children: <SecurityPanel /> },
          { key: 'loginLog', label: t('userCenter.loginLogTab'), children: <LoginLogPanel /> },
          ...(tabs.includes('invoiceTitle')
            ? [{ key: 'invoiceTitle', label: t('invoiceTitle.tab'), children: <InvoiceTitleForm /> }]
            : []),
          ...(tabs.includes('balanceWarning')
            ? [
                {
                  key: 'balanceWarning',
                  label: t('messages.threshold.title'),
                  children: <BalanceWarningPanel />,
                },
              ]
            : []),
          ...(tabs.includes('apiTokens')
            ? [{ key: 'apiTokens', label: t('apiDocs.tokens.tab'), children: <ApiTokensPanel /> }]
            : []),
        ]}
      />
    </Card>
  );
}
