import { Card, Descriptions, Tag, Typography } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoginUserInfo } from '@portal/contracts/auth';

const STATUS_COLOR = { active: 'success', arrears: 'warning', frozen: 'error' } as const;

/** The customer account: code, company, level and status. */
export function AccountCard({ user }: { user: LoginUserInfo }) {
  const { t } = useTranslation();
  const { customer } = user;
  return (
    <Card
      title={
        <span>
          <IdcardOutlined style={{ marginInlineEnd: 8 }} />
          {t('home.account')}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'code',
            label: t('home.customerCode'),
            children: (
              <Typography.Text copyable strong data-testid="customer-code">
                {customer.customerCode}
              </Typography.Text>
            ),
          },
          { key: 'company', label: t('home.companyName'), children: customer.companyName },
          {
            key: 'level',
            label: t('home.level'),
            children: <span data-testid="customer-level">{customer.levelName || t('common.notSet')}</span>,
          },
          {
            key: 'status',
            label: t('home.status'),
            children: (
              <Tag color={STATUS_COLOR[customer.status]}>{t(`customerStatus.${customer.status}`)}</Tag>
            ),
          },
          { key: 'login', label: t('home.loginName'), children: user.loginName },
        ]}
      />
    </Card>
  );
}
