import { Button, Result, Space, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { OrderImportSummary, OrderImportTotal } from '@portal/contracts/order-import';
import { orderListPathForImport } from '../../../lib/app-paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

interface ImportResultProps {
  summary: OrderImportSummary;
  /** The charges of the committed orders, per currency (as the grid last showed them). */
  heldTotals: readonly OrderImportTotal[];
  onDownloadErrors: () => void;
  isDownloadingErrors: boolean;
  onAnother: () => void;
}

/** After the commit: what was created (drafts or submitted), what is held, the orders, the rows left out. */
export function ImportResult({
  summary,
  heldTotals,
  onDownloadErrors,
  isDownloadingErrors,
  onAnother,
}: ImportResultProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const held = heldTotals.map((total) => formatMoney(total.amount, total.currencyCode, language)).join(' + ');
  const leftOut = summary.orderCount - summary.createdOrderCount;
  return (
    <Result
      status="success"
      title={
        <span data-testid="order-import-result-title" data-count={summary.createdOrderCount}>
          {t(summary.submit ? 'orderImport.result.submitted' : 'orderImport.result.drafts', {
            count: summary.createdOrderCount,
          })}
        </span>
      }
      subTitle={
        <Space orientation="vertical" size={2}>
          {summary.submit && held ? (
            <Typography.Text data-testid="order-import-result-held">
              {t('orderImport.result.held', { amount: held })}
            </Typography.Text>
          ) : null}
          {leftOut > 0 ? (
            <Typography.Text type="secondary">
              {t('orderImport.result.leftOut', { count: leftOut })}
            </Typography.Text>
          ) : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Button
            type="primary"
            icon={<UnorderedListOutlined />}
            onClick={() => void navigate(orderListPathForImport(summary.id))}
            data-testid="order-import-view-orders"
          >
            {t('orderImport.result.viewOrders')}
          </Button>
          {leftOut > 0 ? (
            <Button
              icon={<DownloadOutlined />}
              loading={isDownloadingErrors}
              onClick={onDownloadErrors}
              data-testid="order-import-result-errors"
            >
              {t('orderImport.downloadErrors')}
            </Button>
          ) : null}
          <Button icon={<PlusOutlined />} onClick={onAnother} data-testid="order-import-another">
            {t('orderImport.result.another')}
          </Button>
        </Space>
      }
      data-testid="order-import-result"
    />
  );
}
