import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton, Spin, Typography, theme } from 'antd';
import { CheckCircleFilled, DownOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { QuoteAnswer, QuoteUsable } from '@portal/contracts/product';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

export interface QuotePanelProps {
  /** The form does not describe a shipment yet (no destination or no complete parcel). */
  isIncomplete: boolean;
  answer: QuoteAnswer | undefined;
  /** A request is on its way (the answer shown may be the previous one). */
  isFetching: boolean;
  /** The newest request failed; its message. */
  error: string | null;
  onRetry: () => void;
  selected: string | null;
  onSelect: (productCode: string) => void;
}

function UsableProduct({
  product,
  isSelected,
  onSelect,
}: {
  product: QuoteUsable;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = theme.useToken();
  const [isOpen, setIsOpen] = useState(false);
  const breakdownId = `quote-breakdown-${product.productCode}`;
  return (
    <div
      className={`quote-product${isSelected ? ' quote-product-selected' : ''}`}
      style={{
        borderColor: isSelected ? token.colorPrimary : token.colorBorderSecondary,
        background: isSelected ? token.colorPrimaryBg : token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
      }}
      data-testid="quote-usable"
      data-product-code={product.productCode}
    >
      <button
        type="button"
        className="quote-product-choose"
        onClick={onSelect}
        aria-pressed={isSelected}
        style={{ color: token.colorText }}
        data-testid={`quote-choose-${product.productCode}`}
      >
        <Flex justify="space-between" align="start" gap={8}>
          <span className="quote-product-name">
            {isSelected ? (
              <CheckCircleFilled style={{ color: token.colorPrimary, marginInlineEnd: 6 }} aria-hidden />
            ) : null}
            <Typography.Text strong>{product.productName}</Typography.Text>
          </span>
          <Typography.Text strong className="quote-product-price" data-testid="quote-price">
            {formatMoney(product.totalAmount, product.currencyCode, language)}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" className="quote-product-facts">
          {t('order.quote.facts', {
            weight: product.chargeableWeight.toFixed(3),
            days: product.transitDays,
          })}
        </Typography.Text>
      </button>
      <Button
        type="link"
        size="small"
        className="quote-breakdown-toggle"
        aria-expanded={isOpen}
        aria-controls={breakdownId}
        onClick={() => setIsOpen((open) => !open)}
        icon={isOpen ? <UpOutlined /> : <DownOutlined />}
        iconPlacement="end"
      >
        {t(isOpen ? 'order.quote.hideBreakdown' : 'order.quote.showBreakdown')}
      </Button>
      {isOpen ? (
        <table id={breakdownId} className="quote-breakdown" data-testid="quote-breakdown">
          <tbody>
            {product.breakdown.map((line, index) => (
              <tr key={`${line.code}-${index}`}>
                <th scope="row">
                  <Typography.Text>{line.label}</Typography.Text>
                  {line.detail ? (
                    <Typography.Text type="secondary" className="quote-breakdown-detail">
                      {line.detail}
                    </Typography.Text>
                  ) : null}
                </th>
                <td>
                  <Typography.Text type={line.amount < 0 ? 'success' : undefined}>
                    {formatMoney(line.amount, product.currencyCode, language)}
                  </Typography.Text>
                </td>
              </tr>
            ))}
            <tr className="quote-breakdown-total">
              <th scope="row">
                <Typography.Text strong>{t('order.quote.total')}</Typography.Text>
              </th>
              <td>
                <Typography.Text strong>
                  {formatMoney(product.totalAmount, product.currencyCode, language)}
                </Typography.Text>
              </td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/**
 * The live quote beside the form: every usable product with its price, chargeable weight, transit days
 * and an expandable breakdown, cheapest first; the products that cannot take this shipment greyed with
 * every reason. Choosing a product is a button (keyboard: Tab, Enter/Space).
 */
export function QuotePanel({
  isIncomplete,
  answer,
  isFetching,
  error,
  onRetry,
  selected,
  onSelect,
}: QuotePanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const selectedGone =
    selected !== null && answer !== undefined && !answer.usable.some((p) => p.productCode === selected);

  let body;
  if (isIncomplete) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('order.quote.incomplete')}
        data-testid="quote-incomplete"
      />
    );
  } else if (!answer && isFetching) {
    body = <Skeleton active paragraph={{ rows: 5 }} data-testid="quote-loading" />;
  } else if (!answer && error) {
    body = null;
  } else if (answer && answer.usable.length === 0 && answer.unusable.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.quote.noProducts')} />;
  } else if (answer) {
    body = (
      <Flex vertical gap={8}>
        {answer.usable.length === 0 ? (
          <Alert
            type="warning"
            showIcon
            title={t('order.quote.noneUsable')}
            data-testid="quote-none-usable"
          />
        ) : null}
        {answer.usable.map((product) => (
          <UsableProduct
            key={product.productCode}
            product={product}
            isSelected={product.productCode === selected}
            onSelect={() => onSelect(product.productCode)}
          />
        ))}
        {answer.unusable.length > 0 ? (
          <Typography.Text type="secondary" className="quote-unusable-title">
            {t('order.quote.unusableTitle')}
          </Typography.Text>
        ) : null}
        {answer.unusable.map((product) => (
          <div
            key={product.productCode}
            className="quote-product quote-product-unusable"
            style={{
              borderColor: token.colorBorderSecondary,
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadiusLG,
            }}
            aria-disabled="true"
            data-testid="quote-unusable"
            data-product-code={product.productCode}
          >
            <Typography.Text type="secondary" strong>
              {product.productName}
            </Typography.Text>
            <ul className="quote-reasons">
              {product.reasons.map((reason) => (
                <li key={reason}>
                  <Typography.Text type="secondary">{reason}</Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <Card
      title={t('order.quote.title')}
      extra={isFetching ? <Spin size="small" aria-label={t('order.quote.updating')} /> : null}
      className="order-quote-card"
      data-testid="quote-panel"
      aria-busy={isFetching}
    >
      <Flex vertical gap={12}>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={t('order.quote.failed')}
            description={error}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                {t('common.retry')}
              </Button>
            }
            data-testid="quote-error"
          />
        ) : null}
        {selectedGone ? (
          <Alert
            type="warning"
            showIcon
            title={t('order.quote.selectedGone')}
            data-testid="quote-selected-gone"
          />
        ) : null}
        {body}
      </Flex>
    </Card>
  );
}
