import { Typography } from 'antd';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { signedMoney } from '../lib/currency-amounts';

interface MoneyTextProps {
  amount: number;
  currencyCode: string;
  /** Write the sign of a positive amount too (+¥100.00): a ledger movement. */
  signed?: boolean;
  strong?: boolean;
  testId?: string;
}

/** An amount in its currency, red when negative; the minor units ride along for tests and copying. */
export function MoneyText({ amount, currencyCode, signed = false, strong = false, testId }: MoneyTextProps) {
  const language = useLanguage();
  const text = signed
    ? signedMoney(amount, currencyCode, language)
    : formatMoney(amount, currencyCode, language);
  return (
    <Typography.Text
      type={amount < 0 ? 'danger' : undefined}
      strong={strong}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid={testId}
      data-amount={amount}
      data-currency={currencyCode}
    >
      {text}
    </Typography.Text>
  );
}
