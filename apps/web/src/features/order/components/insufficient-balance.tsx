import { Alert } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { TOP_UP_FORM_PATH } from '../../../lib/app-paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

/**
 * "Insufficient balance: ¥12.34 short", what the order needs and what is available, and a top-up link.
 * Without the figures (a user who may not read the company's balance), only that it falls short.
 */
export function InsufficientBalanceAlert({ shortfall }: { shortfall: InsufficientBalance }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMoney(amount, shortfall.currencyCode, language);
  if (shortfall.shortfall === null || shortfall.available === null)
    return (
      <Alert
        type="error"
        showIcon
        title={t('order.form.insufficientAskFinance')}
        description={t('order.form.insufficientRequired', { required: money(shortfall.required) })}
        data-testid="order-insufficient"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={t('order.form.insufficient', { shortfall: money(shortfall.shortfall) })}
      description={t('order.form.insufficientDetail', {
        required: money(shortfall.required),
        available: money(shortfall.available),
      })}
      action={<Link to={TOP_UP_FORM_PATH}>{t('order.form.topUp')}</Link>}
      data-testid="order-insufficient"
    />
  );
}
