import { Card, Divider, Flex, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import type { OrderImportSummary } from '@portal/contracts/order-import';
import { TOP_UP_FORM_PATH } from '../../../lib/app-paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

function Figure({
  label,
  value,
  testId,
  type,
}: {
  label: string;
  value: number;
  testId: string;
  type?: 'danger' | 'secondary';
}) {
  const language = useLanguage();
  return (
    <Flex vertical gap={0}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong type={type} data-testid={testId} data-value={value}>
        {value.toLocaleString(language)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The totals bar: rows, orders, valid, invalid, excluded, and per currency the total charge of the valid
 * orders against the available balance — insufficient in red with the way to top up.
 */
export function ImportTotals({ summary }: { summary: OrderImportSummary }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Card size="small" data-testid="order-import-totals">
      <Flex gap={24} wrap align="center">
        <Figure
          label={t('orderImport.totals.rows')}
          value={summary.rowCount}
          testId="order-import-total-rows"
        />
        <Figure
          label={t('orderImport.totals.orders')}
          value={summary.orderCount}
          testId="order-import-total-orders"
        />
        <Figure
          label={t('orderImport.totals.valid')}
          value={summary.validOrderCount}
          testId="order-import-total-valid"
        />
        <Figure
          label={t('orderImport.totals.invalid')}
          value={summary.invalidOrderCount}
          type={summary.invalidOrderCount > 0 ? 'danger' : undefined}
          testId="order-import-total-invalid"
        />
        <Figure
          label={t('orderImport.totals.excluded')}
          value={summary.excludedOrderCount}
          testId="order-import-total-excluded"
        />
        {summary.totals.length > 0 ? <Divider orientation="vertical" style={{ height: 36 }} /> : null}
        {summary.totals.map((total) => (
          <Flex
            vertical
            gap={0}
            key={total.currencyCode}
            data-testid={`order-import-charge-${total.currencyCode}`}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('orderImport.totals.charge', { currency: total.currencyCode })}
            </Typography.Text>
            <Typography.Text strong type={total.insufficient ? 'danger' : undefined}>
              {formatMoney(total.amount, total.currencyCode, language)}
              <Typography.Text
                type={total.insufficient ? 'danger' : 'secondary'}
                style={{ fontWeight: 'normal' }}
              >
                {total.available === null
                  ? null
                  : ` / ${t('orderImport.totals.available', {
                      amount: formatMoney(total.available, total.currencyCode, language),
                    })}`}
              </Typography.Text>
            </Typography.Text>
            {total.insufficient && total.available === null ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="order-import-insufficient">
                {t('orderImport.totals.insufficientAskFinance')}
              </Typography.Text>
            ) : total.insufficient ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="order-import-insufficient">
                {t('orderImport.totals.insufficient', {
                  amount: formatMoney(total.amount - (total.available ?? 0), total.currencyCode, language),
                })}{' '}
                <Link to={TOP_UP_FORM_PATH} style={{ textDecoration: 'underline' }}>
                  {t('orderImport.totals.topUp')}
                </Link>
              </Typography.Text>
            ) : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
