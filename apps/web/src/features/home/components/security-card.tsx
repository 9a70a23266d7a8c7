import { Alert, Button, Card, Flex } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { USER_CENTER_PATH } from '../shortcuts';

/** Whether the password still needs changing; the last sign-in is in the welcome banner. */
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
