import { Flex, Typography } from 'antd';
import type { CurrencyAmount } from '@portal/contracts/bill';
import { useLanguage } from '../../../lib/i18n/use-language';
import { currencyAmountLines } from '../lib/currency-amounts';

interface CurrencyAmountListProps {
  amounts: readonly CurrencyAmount[];
  /** Red when positive: what is still owed. */
  isOwed?: boolean;
  testId?: string;
}

/** A list of (currencyCode, amount), one line per currency (PRODUCT.md "Bill"): ¥1,200.00 / US$35.00. */
export function CurrencyAmountList({ amounts, isOwed = false, testId }: CurrencyAmountListProps) {
  const language = useLanguage();
  return (
    <Flex vertical gap={0} data-testid={testId}>
      {currencyAmountLines(amounts, language).map((line) => (
        <Typography.Text
          key={line.currencyCode}
          type={line.amount < 0 || (isOwed && line.amount > 0) ? 'danger' : undefined}
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-currency={line.currencyCode}
          data-amount={line.amount}
        >
          {line.text}
        </Typography.Text>
      ))}
    </Flex>
  );
}
