import { Button, Descriptions, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderCreated } from '@portal/contracts/order';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';

export interface OrderResultProps {
  order: OrderCreated;
  onCreateAnother: () => void;
}

/** After Create: the waybill number (submitted) or the saved draft, the charge, and what to do next. */
export function OrderResult({ order, onCreateAnother }: OrderResultProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const isSubmitted = order.status !== 'draft';
  const charge = formatMoney(order.estimatedCharge.totalAmount, order.estimatedCharge.currencyCode, language);
  return (
    <Result
      status="success"
      title={t(isSubmitted ? 'order.result.submitted' : 'order.result.draftSaved')}
      subTitle={t(isSubmitted ? 'order.result.submittedHint' : 'order.result.draftHint', { charge })}
      extra={[
        <Button
          key="again"
          type="primary"
          onClick={onCreateAnother}
          data-testid="order-create-another"
          autoFocus
        >
          {t('order.result.createAnother')}
        </Button>,
        <Button key="home" onClick={() => navigate('/user/index')}>
          {t('order.result.toHome')}
        </Button>,
      ]}
      data-testid="order-result"
    >
      <Descriptions column={1} bordered size="small">
        {order.waybillNo ? (
          <Descriptions.Item label={t('order.result.waybillNo')}>
            <Typography.Text copyable strong data-testid="order-waybill-no">
              {order.waybillNo}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('order.form.customerOrderNo')}>
          <Typography.Text copyable data-testid="order-customer-order-no">
            {order.customerOrderNo}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t(isSubmitted ? 'order.result.charge' : 'order.result.estimate')}>
          <Typography.Text strong data-testid="order-charge">
            {charge}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
