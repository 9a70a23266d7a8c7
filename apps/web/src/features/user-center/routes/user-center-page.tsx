import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginLogPanel } from '../components/login-log-panel';
import { ProfilePanel } from '../components/profile-panel';
import { SecurityPanel } from '../components/security-panel';
import './user-center-page.css';

const TABS = ['profile', 'security', 'loginLog'] as const;
type TabKey = (typeof TABS)[number];

/** `/user/userCenterManagement/userCenter`: profile, security (password) and the sign-in log. */
export default function UserCenterPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: TabKey = TABS.includes(requested as TabKey) ? (requested as TabKey) : 'profile';

  return (
    <Card styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'profile', label: t('userCenter.profileTab'), children: <ProfilePanel /> },
          { key: 'security', label: t('userCenter.securityTab'), children: <SecurityPanel /> },
          { key: 'loginLog', label: t('userCenter.loginLogTab'), children: <LoginLogPanel /> },
        ]}
      />
    </Card>
  );
}
