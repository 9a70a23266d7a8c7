import { Suspense, lazy } from 'react';
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { importWithTimeout } from '../../lib/lazy-page';
import { useCurrUserInfo } from '../../lib/session/curr-user-info';
import { useImage } from '../../lib/session/customer-image';
import { useLoginUserInfo } from '../../lib/session/use-login-user-info';
import { useSignOut } from './use-sign-out';

const USER_CENTER_PATH = '/user/userCenterManagement/userCenter';

// The bell (badge, popover, list) loads after the shell has painted: the count arrives from the server later
// anyway. Until then a space of the button's size keeps the header from shifting.
const NotificationBell = lazy(() =>
  importWithTimeout(() => import('../../components/notification-bell')).then((m) => ({
    default: m.NotificationBell,
  })),
);
const BELL_PLACEHOLDER = <span style={{ display: 'inline-block', width: 32, height: 32 }} aria-hidden />;

interface HeaderActionsProps {
  color: string;
  isCompact: boolean;
  onOpenSettings: () => void;
}

/** Right side of the header: notifications, language, display settings and the signed-in user's menu. */
export function HeaderActions({ color, isCompact, onOpenSettings }: HeaderActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { token } = theme.useToken();
  const { data: user } = useLoginUserInfo();
  const name = user?.userName || user?.loginName || '';
  // The avatar the user uploaded in the user centre, once it has loaded; the icon until then.
  const { data: profile } = useCurrUserInfo();
  const { data: avatar } = useImage({ kind: 'avatar' }, profile?.images.avatar ?? null);

  return (
    <Flex align="center" gap={4} style={{ flex: 'none', lineHeight: 'normal' }}>
      <Suspense fallback={BELL_PLACEHOLDER}>
        <NotificationBell color={color} />
      </Suspense>
      <LanguageSwitch color={color} isCompact={isCompact} />
      <Button
        type="text"
        icon={<SettingOutlined />}
        onClick={onOpenSettings}
        aria-label={t('header.settings')}
        title={t('header.settings')}
        style={{ color }}
        data-testid="open-settings"
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'userCenter', icon: <UserOutlined />, label: t('header.userCenter') },
            { type: 'divider' },
            { key: 'signOut', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'userCenter') navigate(USER_CENTER_PATH);
            else void signOut();
          },
        }}
      >
        <Button
          type="text"
          style={{ color, paddingInline: 6 }}
          data-testid="user-menu"
          aria-label={name || t('header.userCenter')}
        >
          <Avatar
            size={28}
            src={avatar}
            alt=""
            icon={<UserOutlined />}
            style={{ flex: 'none', background: token.colorPrimary }}
          />
          {isCompact ? null : (
            <Typography.Text ellipsis style={{ color, maxWidth: 140 }}>
              {name}
            </Typography.Text>
          )}
        </Button>
      </Dropdown>
    </Flex>
  );
}
