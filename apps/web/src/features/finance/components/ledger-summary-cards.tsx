import { Alert, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LedgerSummary } from '@portal/contracts/consumption-flow';
import { ListLoadError } from '../../../components/list-load-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { summaryIdentity } from '../lib/currency-amounts';
import { MoneyText } from './money-text';

interface LedgerSummaryCardsProps {
  summary: LedgerSummary | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}

/**
 * One card per currency for the period: opening balance, money in, money out and closing balance, with
 * the identity written out under them (opening + in − out = closing) so a reader can check it.
 */
export function LedgerSummaryCards({
  summary,
  isPending,
  error,
  onRetry,
  isRetrying,
}: LedgerSummaryCardsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (error) return <ListLoadError error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  if (isPending || !summary)
    return <Skeleton active paragraph={{ rows: 2 }} data-testid="ledger-summary-loading" />;
  if (summary.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('consumptionFlow.summary.none')}
        data-testid="ledger-summary-empty"
      />
    );

  return (
    <Flex gap={12} wrap data-testid="ledger-summary">
      {summary.map((row) => {
        const identity = summaryIdentity(row, language);
        const figure = (label: string, amount: number, key: string) => (
          <Flex vertical gap={2} style={{ minWidth: 120, flex: '1 1 120px' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label}
            </Typography.Text>
            <MoneyText
              amount={amount}
              currencyCode={row.currencyCode}
              strong
              testId={`ledger-summary-${key}`}
            />
          </Flex>
        );
        return (
          <Card
            key={row.currencyCode}
            size="small"
            title={t('consumptionFlow.summary.title', { currency: row.currencyCode })}
            extra={
              <Typography.Text type="secondary">
                {t('consumptionFlow.summary.rows', { count: row.rowCount })}
              </Typography.Text>
            }
            style={{ flex: '1 1 420px', maxWidth: '100%' }}
            data-testid="ledger-summary-card"
            data-currency={row.currencyCode}
          >
            <Flex gap={12} wrap>
              {figure(t('consumptionFlow.summary.opening'), row.opening, 'opening')}
              {figure(t('consumptionFlow.summary.moneyIn'), row.moneyIn, 'in')}
              {figure(t('consumptionFlow.summary.moneyOut'), row.moneyOut, 'out')}
              {figure(t('consumptionFlow.summary.closing'), row.closing, 'closing')}
            </Flex>
            <Typography.Paragraph
              type="secondary"
              style={{ margin: '8px 0 0', fontSize: 12, overflowWrap: 'anywhere' }}
              title={t('consumptionFlow.summary.identity')}
              data-testid="ledger-summary-identity"
            >
              {identity.text}
            </Typography.Paragraph>
            {identity.holds ? null : (
              <Alert type="error" showIcon title={t('consumptionFlow.summary.identityBroken')} />
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
