import { useEffect } from 'react';
import { Alert, Button, Descriptions, Flex, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResultStatusType } from 'antd/es/result';
import { TOP_UP_FORM_PATH, TOP_UP_PATH } from '../../../lib/app-paths';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useStored } from '../../../lib/use-stored';
import { walletBalanceKey } from '../../../lib/wallet-balance';
import { usePayResult } from '../api/query-pay-result';
import { rechargeKeys } from '../api/recharge-keys';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { RechargeStatusTag } from '../components/recharge-status-tag';
import { payResultView, type PayResultView } from '../lib/pay-result-polling';
import { TOP_UP_PAGE } from '../lib/pay-links';

const RESULT_STATUS: Record<Exclude<PayResultView, 'loading'>, ResultStatusType> = {
  paid: 'success',
  failed: 'error',
  closed: 'warning',
  waiting: 'info',
  stalled: 'warning',
};

/**
 * `/payResult?rechargeNo=&payToken=` (public): the outcome of a recharge, polled with a growing delay
 * until it is final (lib/pay-result-polling.ts), with a manual refresh. Signed in it links to the
 * recharge records; signed out (the arrears journey) to the sign-in page.
 */
export default function PayResultPage() {
  return (
    <PublicQueryProvider>
      <PayResult />
    </PublicQueryProvider>
  );
}

function PayResult() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rechargeNo = params.get('rechargeNo') ?? '';
  const payToken = params.get('payToken') ?? '';
  const isSignedIn = useStored('authorization') !== null;
  const result = usePayResult(rechargeNo, payToken);
  const data = result.data;
  const view = payResultView(data?.status, result.polls);

  useEffect(() => {
    // The money arrived: the balance and the records this tab may have cached are out of date.
    if (view === 'paid' && isSignedIn) {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: rechargeKeys.all });
    }
  }, [view, isSignedIn, queryClient]);

  const links = (
    <Flex gap={8} wrap justify="center">
      {isSignedIn ? (
        <Button
          type={view === 'paid' ? 'primary' : 'default'}
          onClick={() => void navigate(TOP_UP_PATH)}
          data-testid="pay-result-records"
        >
          {t('recharge.payResult.toRecords')}
        </Button>
      ) : (
        <Button
          type={view === 'paid' ? 'primary' : 'default'}
          onClick={() => void navigate('/login')}
          data-testid="pay-result-sign-in"
        >
          {t('recharge.payResult.signIn')}
        </Button>
      )}
      {view === 'failed' || view === 'closed' ? (
        <Button type="primary" onClick={() => void navigate(isSignedIn ? TOP_UP_FORM_PATH : TOP_UP_PAGE)}>
          {t('recharge.payResult.topUpAgain')}
        </Button>
      ) : null}
    </Flex>
  );

  let body;
  if (!rechargeNo || !payToken)
    body = <Result status="warning" title={t('recharge.payResult.missing')} extra={links} />;
  else if (result.isError && !data)
    body = (
      <Result
        status="error"
        title={t('recharge.payResult.loadFailed')}
        subTitle={isApiError(result.error) ? result.error.message : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} loading={result.isFetching}>
            {t('common.retry')}
          </Button>
        }
        data-testid="pay-result-error"
      />
    );
  else if (view === 'loading' || !data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else {
    const amount = formatMoney(data.amount, data.currencyCode, language);
    const isPending = view === 'waiting' || view === 'stalled';
    body = (
      <Result
        status={RESULT_STATUS[view]}
        title={<span data-testid="pay-result-title">{t(`recharge.payResult.${view}`)}</span>}
        subTitle={
          view === 'paid'
            ? t('recharge.payResult.paidHint', { amount })
            : view === 'waiting'
              ? t('recharge.payResult.waitingHint')
              : view === 'stalled'
                ? t('recharge.payResult.stalledHint')
                : undefined
        }
        style={{ paddingBlock: 16, paddingInline: 0 }}
        extra={
          <Flex vertical gap={16} align="stretch" style={{ textAlign: 'start' }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { width: '38%' } }}
              items={[
                { key: 'number', label: t('recharge.payResult.number'), children: data.rechargeNo },
                {
                  key: 'amount',
                  label: t('recharge.payResult.amount'),
                  children: <strong data-testid="pay-result-amount">{amount}</strong>,
                },
                {
                  key: 'customer',
                  label: t('recharge.payResult.customer'),
                  children: `${data.maskedCompanyName} (${data.customerCode})`,
                },
                {
                  key: 'channel',
                  label: t('recharge.payResult.channel'),
                  children: t(`recharge.channel.${data.channel}`),
                },
                {
                  key: 'status',
                  label: t('recharge.records.column.status'),
                  children: <RechargeStatusTag status={data.status} channel={data.channel} />,
                },
                ...(data.paidAt
                  ? [
                      {
                        key: 'paidAt',
                        label: t('recharge.payResult.paidAt'),
                        children: formatDateTime(data.paidAt),
                      },
                    ]
                  : []),
                ...(data.statusReason
                  ? [{ key: 'reason', label: t('recharge.payResult.reason'), children: data.statusReason }]
                  : []),
              ]}
            />
            {result.isError && isApiError(result.error) ? (
              <Alert type="warning" showIcon title={result.error.message} />
            ) : null}
            <Flex gap={8} wrap justify="center">
              {isPending ? (
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => void result.refetch()}
                  loading={result.isFetching}
                  data-testid="pay-result-refresh"
                >
                  {t('recharge.payResult.refresh')}
                </Button>
              ) : null}
              {links}
            </Flex>
          </Flex>
        }
      />
    );
  }

  return (
    <PublicPayPage title={t('recharge.payResult.title')} testId="pay-result-page">
      <div data-testid="pay-result" data-view={view}>
        {body}
      </div>
    </PublicPayPage>
  );
}
