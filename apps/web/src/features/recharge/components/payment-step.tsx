import { useEffect } from 'react';
import { Button, Flex, QRCode, Result, Spin, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OnlineRechargeChannel, RechargeCreated } from '@portal/contracts/recharge';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { usePayResult } from '../api/query-pay-result';
import { startPayment } from '../api/start-payment';
import { isFinalRechargeStatus } from '../lib/pay-result-polling';
import { payResultPath, samePortalPath } from '../lib/pay-links';

/** Opens a page of the portal inside the app, anything else (a provider's cashier) in this tab. */
function useOpenUrl() {
  const navigate = useNavigate();
  return (url: string) => {
    const own = samePortalPath(url);
    if (own) void navigate(own);
    else window.location.assign(url);
  };
}

/**
 * After the recharge is created: a bank transfer is done (staff confirm it); an online one starts its
 * payment. Alipay opens the cashier; WeChat Pay shows the code to scan (with a link to the sandbox's
 * cashier when the sandbox plays the provider) and polls until the result is final, then shows it.
 */
export function PaymentStep({
  created,
  onBack,
  onDone,
}: {
  created: RechargeCreated;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { recharge, payToken } = created;
  const resultPath = payResultPath(recharge.rechargeNo, payToken);

  if (recharge.channel === 'bank_transfer')
    return (
      <Result
        status="success"
        title={t('recharge.pay.transferSubmitted')}
        subTitle={t('recharge.pay.transferSubmittedHint', { number: recharge.rechargeNo })}
        extra={[
          <Button key="result" onClick={() => void navigate(resultPath)}>
            {t('recharge.pay.viewResult')}
          </Button>,
          <Button key="done" type="primary" onClick={onDone} data-testid="top-up-done">
            {t('recharge.pay.done')}
          </Button>,
        ]}
        data-testid="top-up-transfer-submitted"
      />
    );
  return (
    <OnlinePayment
      channel={recharge.channel}
      rechargeNo={recharge.rechargeNo}
      payToken={payToken}
      amount={recharge.amount}
      currencyCode={recharge.currencyCode}
      resultPath={resultPath}
      onBack={onBack}
    />
  );
}

function OnlinePayment({
  channel,
  rechargeNo,
  payToken,
  amount,
  currencyCode,
  resultPath,
  onBack,
}: {
  channel: OnlineRechargeChannel;
  rechargeNo: string;
  payToken: string;
  amount: number;
  currencyCode: string;
  resultPath: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const openUrl = useOpenUrl();
  // A query, not an effect, so a re-render (or React's development double mount) starts the payment once.
  const started = useQuery({
    queryKey: ['pay', 'start', rechargeNo, payToken],
    queryFn: () => startPayment(channel, rechargeNo, payToken),
    staleTime: Infinity,
    gcTime: 0,
  });
  const isWeChat = channel === 'wechat';
  const result = usePayResult(rechargeNo, payToken, isWeChat && started.isSuccess);
  const cashierUrl = started.data?.cashierUrl ?? null;
  const finalStatus = result.data && isFinalRechargeStatus(result.data.status) ? result.data.status : null;

  useEffect(() => {
    if (!isWeChat && cashierUrl) openUrl(cashierUrl);
    // openUrl is a new function each render; the cashier opens once per URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isWeChat, cashierUrl]);
  useEffect(() => {
    if (finalStatus) void navigate(resultPath);
  }, [finalStatus, navigate, resultPath]);

  if (started.isError)
    return (
      <Result
        status="error"
        title={t('recharge.pay.startFailed')}
        subTitle={isApiError(started.error) ? started.error.message : undefined}
        extra={[
          <Button key="back" onClick={onBack}>
            {t('recharge.pay.back')}
          </Button>,
          <Button
            key="retry"
            type="primary"
            onClick={() => void started.refetch()}
            loading={started.isFetching}
          >
            {t('recharge.pay.retry')}
          </Button>,
        ]}
        data-testid="top-up-start-failed"
      />
    );
  if (!isWeChat || !started.data)
    return (
      <Flex vertical align="center" gap={16} style={{ padding: 32 }} data-testid="top-up-opening">
        <Spin />
        <Typography.Text type="secondary">{t('recharge.pay.openingCashier')}</Typography.Text>
      </Flex>
    );

  const payment = started.data;
  return (
    <Flex vertical align="center" gap={12} style={{ paddingBlock: 8 }} data-testid="top-up-wechat">
      <Typography.Title level={5} style={{ margin: 0, textAlign: 'center' }}>
        {t('recharge.pay.scanTitle', { amount: formatMoney(amount, currencyCode, language) })}
      </Typography.Title>
      {payment.codeUrl ? (
        <QRCode value={payment.codeUrl} size={200} bgColor="#fff" color="#000" data-testid="top-up-qr" />
      ) : null}
      <Typography.Text type="secondary">
        {t('recharge.pay.expiresAt', { time: formatDateTime(payment.expiresAt) })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        <Spin size="small" style={{ marginInlineEnd: 8 }} />
        {t('recharge.pay.scanHint')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: rechargeNo }}>
        {rechargeNo}
      </Typography.Text>
      <Flex gap={8} wrap justify="center">
        <Button onClick={onBack}>{t('recharge.pay.back')}</Button>
        {payment.provider === 'sandbox' && payment.cashierUrl ? (
          <Button
            type="primary"
            onClick={() => openUrl(payment.cashierUrl ?? '')}
            data-testid="top-up-open-sandbox"
          >
            {t('recharge.pay.openSandbox')}
          </Button>
        ) : null}
        <Button onClick={() => void navigate(resultPath)}>{t('recharge.pay.viewResult')}</Button>
      </Flex>
    </Flex>
  );
}
