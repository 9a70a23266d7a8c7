import { Alert, Flex } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import type { CustomsHint } from '../lib/customs-hints';

/** The customs sanity hints as warnings; nothing when all is well. */
export function CustomsHints({ hints }: { hints: readonly CustomsHint[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (hints.length === 0) return null;
  const text = (hint: CustomsHint): string => {
    switch (hint.kind) {
      case 'hsCode':
        return t('order.hint.hsCode', { index: hint.item });
      case 'iossShape':
        return t('order.hint.iossShape');
      case 'iossRequired':
        return t('order.hint.iossRequired', { product: hint.product });
      case 'battery':
        return t('order.hint.battery', { product: hint.product });
      case 'declaredOverLimit':
        return t('order.hint.declaredOverLimit', {
          product: hint.product,
          declared: formatMoney(hint.declared, hint.currencyCode, language),
          limit: formatMoney(hint.limit, hint.currencyCode, language),
        });
    }
  };
  return (
    <Flex vertical gap={8} data-testid="customs-hints" role="status">
      {hints.map((hint) => (
        <Alert key={JSON.stringify(hint)} type="warning" showIcon title={text(hint)} />
      ))}
    </Flex>
  );
}
