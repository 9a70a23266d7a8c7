import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import {
  GlobalOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { formatDateTime } from '../../../lib/format-date';
import { useSecuritySetting } from '../api/get-security-setting';
import { ChangePasswordForm } from './change-password-form';
import { ChangePhoneModal } from './change-phone-modal';
import { WeChatBinding } from './wechat-binding';

/** Security overview (`GET /api/User/SecuritySetting`) beside the change-password form. */
export function SecurityPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: security, isPending, isError, refetch } = useSecuritySetting();
  const [isChangingPhone, setIsChangingPhone] = useState(false);

  let overview;
  if (isPending) overview = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (isError || !security) {
    overview = (
      <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
        <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Flex>
    );
  } else {
    const notSet = <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>;
    const rows = [
      {
        key: 'password',
        icon: <LockOutlined />,
        title: t('userCenter.loginPassword'),
        value: security.isInitPassword ? (
          <Tag color="warning">{t('userCenter.initPassword')}</Tag>
        ) : security.passwordChangedAt ? (
          t('userCenter.passwordChangedAt', { time: formatDateTime(security.passwordChangedAt) })
        ) : (
          notSet
        ),
      },
      {
        key: 'phone',
        icon: <MobileOutlined />,
        title: t('userCenter.boundPhone'),
        value: (
          <Flex align="center" gap={8}>
            <span data-testid="security-phone">{security.maskedPhone || notSet}</span>
            <Button size="small" onClick={() => setIsChangingPhone(true)} data-testid="change-phone">
              {t('smsCode.changePhone')}
            </Button>
          </Flex>
        ),
      },
      {
        key: 'email',
        icon: <MailOutlined />,
        title: t('userCenter.boundEmail'),
        value: security.maskedEmail || notSet,
      },
      {
        key: 'wechat',
        icon: <WechatOutlined />,
        title: t('userCenter.weChat'),
        value: (
          <span>
            <Tag color={security.isWeChatBound ? 'success' : 'default'} data-testid="wechat-binding-state">
              {security.isWeChatBound ? t('userCenter.bound') : t('userCenter.unbound')}
            </Tag>
            <WeChatBinding isBound={security.isWeChatBound} />
          </span>
        ),
      },
      {
        key: 'lastLogin',
        icon: <GlobalOutlined />,
        title: t('userCenter.lastLoginIp'),
        value: security.lastLoginIp
          ? `${security.lastLoginIp} · ${formatDateTime(security.lastLoginAt)}`
          : t('common.never'),
      },
    ];
    overview = (
      <ul className="security-list" data-testid="security-overview">
        {rows.map((row) => (
          <li key={row.key} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
            <Typography.Text>
              <span style={{ marginInlineEnd: 8 }}>{row.icon}</span>
              {row.title}
            </Typography.Text>
            <span>{row.value}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        {overview}
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('userCenter.changePassword')}>
          <ChangePasswordForm />
        </Card>
      </Col>
      {isChangingPhone ? (
        <ChangePhoneModal
          currentPhone={security?.maskedPhone ?? null}
          onClose={() => setIsChangingPhone(false)}
        />
      ) : null}
    </Row>
  );
}
