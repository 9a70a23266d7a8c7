import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Result, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import type { OrderCreated } from '@portal/contracts/order';
import { InsufficientBalanceSchema, type InsufficientBalance } from '@portal/contracts/wallet';
import { isApiError } from '../../../lib/http/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatMoney } from '../../../lib/money';
import { useSubmitOrder } from '../api/submit-order';
import { InsufficientBalanceAlert } from './insufficient-balance';

export interface OrderResultProps {
  order: OrderCreated;
  onCreateAnother: () => void;
  /** A draft submitted from here: the page shows the submitted order. */
  onSubmitted: (order: OrderCreated) => void;
}

/**
 * After Create: the waybill number (submitted) or the saved draft, the charge, and what to do next; a
 * draft can be submitted from here.
 */
export function OrderResult({ order, onCreateAnother, onSubmitted }: OrderResultProps) {
  const { t } = useTranslation();
  const submit = useSubmitOrder();
  const [shortfall, setShortfall] = useState<InsufficientBalance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitDraft = async () => {
    setShortfall(null);
    setError(null);
    try {
      onSubmitted(await submit.mutateAsync(order.id));
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      const insufficient = InsufficientBalanceSchema.safeParse(failure.data);
      if (insufficient.success) setShortfall(insufficient.data);
      else if (!failure.isHandled) setError(failure.message);
    }
  };
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
        ...(isSubmitted
          ? []
          : [
              <Button
                key="submit"
                type="primary"
                onClick={() => void submitDraft()}
                loading={submit.isPending}
                data-testid="order-submit-draft"
              >
                {t('order.result.submitDraft')}
              </Button>,
            ]),
        <Button
          key="again"
          type={isSubmitted ? 'primary' : 'default'}
          onClick={onCreateAnother}
          data-testid="order-create-another"
          autoFocus
        >
          {t('order.result.createAnother')}
        </Button>,
        <Button key="home" onClick={() => navigate('/user/index')} data-testid="order-to-home">
          {t('order.result.toHome')}
        </Button>,
      ]}
      data-testid="order-result"
    >
      <Flex vertical gap={12}>
        {shortfall ? <InsufficientBalanceAlert shortfall={shortfall} /> : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
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
      </Flex>
    </Result>
  );
}
