import { Alert, Button, Card, Flex, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { formatDateTime } from '../../../lib/format-date';
import { USER_CENTER_PATH } from '../shortcuts';

/** Whether the password still needs changing, and the last sign-in. */
export function SecurityCard({ user }: { user: LoginUserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined style={{ marginInlineEnd: 8 }} />
          {t('home.security')}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Flex vertical gap={16}>
        {user.isInitPassword ? (
          <Alert type="warning" showIcon title={t('home.initPasswordWarning')} />
        ) : (
          <Alert type="success" showIcon title={t('home.passwordOk')} />
        )}
        <Typography.Text type="secondary">
          {t('home.lastLogin')}: {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('common.never')}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button
            type={user.isInitPassword ? 'primary' : 'default'}
            onClick={() => navigate(`${USER_CENTER_PATH}?tab=security`)}
          >
            {t('home.changePassword')}
          </Button>
          <Button onClick={() => navigate(`${USER_CENTER_PATH}?tab=loginLog`)}>{t('home.loginLog')}</Button>
        </Flex>
      </Flex>
    </Card>
  );
}
