import { Button, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useLoginUserInfo } from '../../../lib/session/use-login-user-info';

const STATUS_COLOR = { active: 'success', arrears: 'warning', frozen: 'error' } as const;

/** The signed-in user and their customer, from `GET /api/Common/GetLoginUserInfo`. */
export function ProfilePanel() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useLoginUserInfo();
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError || !user) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
        <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Flex>
    );
  }
  const notSet = <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>;
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, sm: 1, md: 2 }}
      data-testid="profile"
      items={[
        { key: 'loginName', label: t('userCenter.loginName'), children: user.loginName },
        { key: 'userName', label: t('userCenter.userName'), children: user.userName || notSet },
        { key: 'phone', label: t('userCenter.phone'), children: user.phone || notSet },
        { key: 'email', label: t('userCenter.email'), children: user.email || notSet },
        { key: 'userType', label: t('userCenter.userType'), children: t(`userType.${user.userType}`) },
        {
          key: 'customerCode',
          label: t('userCenter.customerCode'),
          children: <Typography.Text copyable>{user.customer.customerCode}</Typography.Text>,
        },
        { key: 'companyName', label: t('userCenter.companyName'), children: user.customer.companyName },
        { key: 'level', label: t('userCenter.level'), children: user.customer.levelName || notSet },
        {
          key: 'status',
          label: t('userCenter.status'),
          children: (
            <Tag color={STATUS_COLOR[user.customer.status]}>
              {t(`customerStatus.${user.customer.status}`)}
            </Tag>
          ),
        },
        {
          key: 'lastLoginAt',
          label: t('userCenter.lastLoginAt'),
          children: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('common.never'),
        },
      ]}
    />
  );
}
