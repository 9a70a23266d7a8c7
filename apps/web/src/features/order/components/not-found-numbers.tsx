import { Alert, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** The pasted numbers no order matched: how many, and the numbers themselves, copyable as one list. */
export function NotFoundNumbers({ numbers }: { numbers: readonly string[] }) {
  const { t } = useTranslation();
  if (numbers.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('orderList.notFound.title', { count: numbers.length })}
      description={
        <Typography.Paragraph
          copyable={{
            text: numbers.join('\n'),
            tooltips: [t('orderList.notFound.copy'), t('orderList.notFound.copied')],
          }}
          style={{ marginBottom: 0, wordBreak: 'break-all' }}
          data-testid="order-not-found-numbers"
        >
          {numbers.join(', ')}
        </Typography.Paragraph>
      }
      style={{ marginBottom: 16 }}
      data-testid="order-not-found"
    />
  );
}
