import { useState } from 'react';
import { Alert, Button, Flex, Input, Radio, Result, Skeleton, Tag, Typography } from 'antd';
import { CheckOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { useConfirmSandboxScan, useSandboxScene } from '../api/sandbox-scan';

/** The longest nickname (contracts SANDBOX_NICKNAME_MAX_LENGTH; that module brings zod to this page). */
const NICKNAME_MAX_LENGTH = 32;
const CUSTOM = '__custom__';

/**
 * `/wechatSandbox/scan?scanCode=` (public): what the sandbox's QR code opens — the phone's side of a
 * WeChat scan. The tester picks a WeChat identity (or types a nickname) and confirms; the browser showing
 * the QR then signs in or binds.
 */
export default function SandboxScanPage() {
  return (
    <PublicQueryProvider>
      <SandboxScan />
    </PublicQueryProvider>
  );
}

function SandboxScan() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const scanCode = params.get('scanCode') ?? '';
  const scene = useSandboxScene(scanCode);
  const confirm = useConfirmSandboxScan();
  const [choice, setChoice] = useState<string | null>(null);
  const [nickname, setNickname] = useState('');
  const [nicknameError, setNicknameError] = useState(false);

  // Inline only: the frame sets the subtitle in a paragraph.
  const subtitle = (
    <>
      <Tag color="warning" icon={<ExperimentOutlined />}>
        SANDBOX
      </Tag>
      {t('wechat.scan.subtitle')}
    </>
  );

  let body;
  if (!scanCode) body = <Result status="warning" title={t('wechat.scan.missing')} />;
  else if (scene.isError)
    body = (
      <Result
        status="error"
        title={t('wechat.scan.loadFailed')}
        subTitle={isApiError(scene.error) ? scene.error.message : undefined}
        data-testid="wechat-scan-error"
      />
    );
  else if (scene.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (confirm.isSuccess)
    body = <Result status="success" title={t('wechat.scan.confirmed')} data-testid="wechat-scan-confirmed" />;
  else if (scene.data.status !== 'waiting')
    body = (
      <Result
        status="warning"
        title={t(scene.data.status === 'expired' ? 'wechat.qr.expired' : 'wechat.scan.alreadyScanned')}
        data-testid="wechat-scan-closed"
      />
    );
  else {
    const identities = scene.data.identities;
    const selected = choice ?? identities[0] ?? CUSTOM;
    const submit = () => {
      const name = selected === CUSTOM ? nickname.trim() : selected;
      if (!name) {
        setNicknameError(true);
        document.getElementById('wechat-scan-nickname')?.focus();
        return;
      }
      confirm.mutate({ scanCode, nickname: name });
    };
    body = (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Flex vertical gap={16}>
          <Typography.Text>
            {t(scene.data.purpose === 'login' ? 'wechat.scan.purposeLogin' : 'wechat.scan.purposeBind')}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('wechat.scan.validUntil', { time: formatDateTime(scene.data.expiresAt) })}
          </Typography.Text>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={{ marginBottom: 8 }}>{t('wechat.scan.identity')}</legend>
            <Radio.Group
              value={selected}
              onChange={(event) => setChoice(event.target.value as string)}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              data-testid="wechat-scan-identities"
            >
              {identities.map((identity) => (
                <Radio key={identity} value={identity}>
                  {identity}
                </Radio>
              ))}
              <Radio value={CUSTOM} data-testid="wechat-scan-custom">
                {t('wechat.scan.custom')}
              </Radio>
            </Radio.Group>
          </fieldset>
          {selected === CUSTOM ? (
            <div>
              <label htmlFor="wechat-scan-nickname">{t('wechat.scan.nickname')}</label>
              <Input
                id="wechat-scan-nickname"
                autoFocus
                maxLength={NICKNAME_MAX_LENGTH}
                value={nickname}
                status={nicknameError ? 'error' : ''}
                aria-invalid={nicknameError || undefined}
                onChange={(event) => {
                  setNickname(event.target.value);
                  setNicknameError(false);
                }}
              />
              {nicknameError ? (
                <Typography.Text type="danger" role="alert">
                  {t('wechat.scan.nicknameRequired')}
                </Typography.Text>
              ) : null}
            </div>
          ) : null}
          {confirm.isError && isApiError(confirm.error) ? (
            <Alert
              type="error"
              showIcon
              title={confirm.error.message}
              data-testid="wechat-scan-confirm-error"
            />
          ) : null}
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            icon={<CheckOutlined />}
            loading={confirm.isPending}
            data-testid="wechat-scan-confirm"
          >
            {t('wechat.scan.confirm')}
          </Button>
        </Flex>
      </form>
    );
  }

  return (
    <PublicPayPage title={t('wechat.scan.title')} subtitle={subtitle} testId="wechat-scan-page">
      {body}
    </PublicPayPage>
  );
}
