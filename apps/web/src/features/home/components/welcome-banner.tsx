import { Avatar, Card, Flex, Tag, Typography, theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { formatDateTime } from '../../../lib/format-date';

function greetingKey(hour: number) {
  if (hour < 12) return 'home.greetingMorning' as const;
  if (hour < 18) return 'home.greetingAfternoon' as const;
  return 'home.greetingEvening' as const;
}

/** Greeting with the user's name, company and last sign-in. */
export function WelcomeBanner({ user }: { user: LoginUserInfo }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const name = user.userName || user.loginName;
  return (
    <Card styles={{ body: { padding: 24 } }}>
      <Flex align="center" gap={16} wrap>
        <Avatar size={56} icon={<UserOutlined />} style={{ background: token.colorPrimary, flex: 'none' }} />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-greeting">
            {t('home.greeting', { greeting: t(greetingKey(dayjs().hour())), name })}
          </Typography.Title>
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{user.customer.companyName}</Typography.Text>
            <Tag color={user.userType === 'main' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
              {t(`userType.${user.userType}`)}
            </Tag>
          </Flex>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="home-last-login">
          {t('home.lastLogin', {
            time: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('common.never'),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
