import { Button, Descriptions, Divider, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { formatDateTime } from '../../../lib/format-date';
import { useLoginUserInfo } from '../../../lib/session/use-login-user-info';
import { useCurrUserInfo } from '../../../lib/session/curr-user-info';
import { CertificationStateTag } from './certification-state-tag';
import { CompanyProfileForm } from './company-profile-form';
import { LevelBenefits } from './level-benefits';
import { ProfilePictures } from './profile-pictures';

const STATUS_COLOR = { active: 'success', arrears: 'warning', frozen: 'error' } as const;

/**
 * The signed-in user and their customer (`GetLoginUserInfo`, `CustomerInfo/GetCurrUserInfo`), the
 * company's editable profile, the customer levels with their benefits, and the pictures.
 */
export function ProfilePanel() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useLoginUserInfo();
  const curr = useCurrUserInfo();
  if (isPending || curr.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError || !user || curr.isError) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
        <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
        <Button
          onClick={() => {
            void refetch();
            void curr.refetch();
          }}
        >
          {t('common.retry')}
        </Button>
      </Flex>
    );
  }
  const notSet = <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>;
  const customer = curr.data.customer;
  return (
    <Flex vertical gap={8}>
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
            children: <Typography.Text copyable>{customer.customerCode}</Typography.Text>,
          },
          { key: 'companyName', label: t('userCenter.companyName'), children: customer.companyName },
          { key: 'level', label: t('userCenter.level'), children: customer.levelName || notSet },
          {
            key: 'status',
            label: t('userCenter.status'),
            children: (
              <Tag color={STATUS_COLOR[customer.status]}>{t(`customerStatus.${customer.status}`)}</Tag>
            ),
          },
          {
            key: 'certification',
            label: t('customerInfo.certificationState'),
            children: <CertificationStateTag state={customer.certificationState} />,
          },
          {
            key: 'lastLoginAt',
            label: t('userCenter.lastLoginAt'),
            children: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('common.never'),
          },
        ]}
      />
      <Divider titlePlacement="start">{t('customerInfo.companyProfile')}</Divider>
      <CompanyProfileForm />
      <Divider titlePlacement="start">{t('customerInfo.levelsTitle')}</Divider>
      <LevelBenefits />
      <Divider titlePlacement="start">{t('customerInfo.picturesTitle')}</Divider>
      <ProfilePictures images={curr.data.images} maxBytes={curr.data.uploadLimits.imageMaxBytes} />
    </Flex>
  );
}
