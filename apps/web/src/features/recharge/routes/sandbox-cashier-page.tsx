import { Alert, Button, Descriptions, Flex, Result, Skeleton, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, ExperimentOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useApplicationInfo } from '../../../lib/session/application-info';
import { useDecideSandboxPayment, useSandboxCashier } from '../api/sandbox-cashier';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { payResultPath, samePortalPath } from '../lib/pay-links';

/**
 * `/sandboxCashier?rechargeNo=&payToken=` (public): the sandbox provider's cashier, where the payer
 * approves or declines. It exists only while a channel's provider is the sandbox (default, demo, tests);
 * the server then notifies itself exactly as a real provider would, and the page goes to the returnUrl.
 */
export default function SandboxCashierPage() {
  return (
    <PublicQueryProvider>
      <SandboxCashier />
    </PublicQueryProvider>
  );
}

function SandboxCashier() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { data: info } = useApplicationInfo();
  const [params] = useSearchParams();
  const rechargeNo = params.get('rechargeNo') ?? '';
  const payToken = params.get('payToken') ?? '';
  const cashier = useSandboxCashier(rechargeNo, payToken);
  const decide = useDecideSandboxPayment();

  const goOn = (returnUrl: string | undefined) => {
    const url = returnUrl || payResultPath(rechargeNo, payToken);
    const own = samePortalPath(url);
    if (own) void navigate(own, { replace: true });
    else window.location.assign(url);
  };

  const sandboxTitle = (
    <Flex align="center" gap={8} wrap>
      {t('recharge.cashier.title')}
      <Tag color="warning" icon={<ExperimentOutlined />} style={{ fontWeight: 'normal' }}>
        SANDBOX
      </Tag>
    </Flex>
  );

  let body;
  if (!rechargeNo || !payToken) body = <Result status="warning" title={t('recharge.payResult.missing')} />;
  else if (cashier.isError)
    body = (
      <Result
        status="error"
        title={t('recharge.cashier.loadFailed')}
        subTitle={isApiError(cashier.error) ? cashier.error.message : undefined}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void cashier.refetch()}
            loading={cashier.isFetching}
          >
            {t('common.retry')}
          </Button>
        }
        data-testid="cashier-error"
      />
    );
  else if (cashier.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else {
    const data = cashier.data;
    const amount = formatMoney(data.amount, data.currencyCode, language);
    body = (
      <Flex vertical gap={16}>
        <Flex vertical align="center" gap={4} style={{ paddingBlock: 8 }}>
          <span style={{ fontSize: 32, fontWeight: 600 }} data-testid="cashier-amount">
            {amount}
          </span>
        </Flex>
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{ label: { width: '38%' } }}
          items={[
            {
              key: 'payee',
              label: t('recharge.cashier.payee'),
              children: info?.webName || t('app.defaultName'),
            },
            {
              key: 'payer',
              label: t('recharge.cashier.payer'),
              children: <span data-testid="cashier-payer">{data.maskedCompanyName}</span>,
            },
            { key: 'number', label: t('recharge.cashier.number'), children: data.rechargeNo },
            {
              key: 'channel',
              label: t('recharge.cashier.channel'),
              children: t(`recharge.channel.${data.channel}`),
            },
          ]}
        />
        {decide.isError && isApiError(decide.error) ? (
          <Alert type="error" showIcon title={decide.error.message} data-testid="cashier-decide-error" />
        ) : null}
        {data.status === 'pending' ? (
          <Flex gap={8} justify="flex-end" wrap>
            <Button
              danger
              size="large"
              icon={<CloseOutlined />}
              disabled={decide.isPending}
              loading={decide.isPending && decide.variables?.approve === false}
              onClick={() =>
                decide.mutate(
                  { rechargeNo, payToken, approve: false },
                  { onSuccess: (answer) => goOn(answer.returnUrl) },
                )
              }
              data-testid="cashier-decline"
            >
              {t('recharge.cashier.decline')}
            </Button>
            <Button
              type="primary"
              size="large"
              icon={<CheckOutlined />}
              disabled={decide.isPending}
              loading={decide.isPending && decide.variables?.approve === true}
              onClick={() =>
                decide.mutate(
                  { rechargeNo, payToken, approve: true },
                  { onSuccess: (answer) => goOn(answer.returnUrl) },
                )
              }
              data-testid="cashier-approve"
            >
              {t('recharge.cashier.approve')}
            </Button>
          </Flex>
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('recharge.cashier.decided', { status: t(`recharge.status.${data.status}`) })}
            action={
              <Button size="small" onClick={() => goOn(data.returnUrl)}>
                {t('recharge.cashier.continue')}
              </Button>
            }
            data-testid="cashier-decided"
          />
        )}
      </Flex>
    );
  }

  return (
    <PublicPayPage title={t('recharge.cashier.title')} testId="sandbox-cashier-page" subtitle={undefined}>
      <Alert
        type="warning"
        showIcon
        icon={<ExperimentOutlined />}
        title={sandboxTitle}
        description={t('recharge.cashier.sandboxNotice')}
        style={{ marginBottom: 16 }}
        data-testid="cashier-sandbox-notice"
      />
      {body}
    </PublicPayPage>
  );
}
