import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { ArrowLeftOutlined, BankOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link } from 'react-router';
import { ApiCode } from '@portal/contracts/envelope';
import { TopUpLookupSchema, type TopUpCustomer } from '@portal/contracts/recharge';
import { isApiError } from '../../../lib/http/api-error';
import { useLookUpCustomer } from '../api/top-up-lookup';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { TopUpForm } from '../components/top-up-form';

type Step =
  { kind: 'code' } | { kind: 'confirm'; customer: TopUpCustomer } | { kind: 'pay'; customer: TopUpCustomer };

/**
 * `/topUp` (public): paying money in needs no password, so a customer in arrears, who cannot sign in,
 * pays here. The customer code → the masked company name to confirm → the top-up form → the payment.
 * The look-up is rate-limited per address on the server; its refusal is shown under the field.
 */
export default function TopUpPage() {
  return (
    <PublicQueryProvider>
      <TopUp />
    </PublicQueryProvider>
  );
}

function TopUp() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'code' });

  return (
    <PublicPayPage
      title={t('recharge.topUpPage.title')}
      subtitle={step.kind === 'code' ? t('recharge.topUpPage.subtitle') : undefined}
      footer={
        <Link to="/login" data-testid="top-up-to-login">
          <ArrowLeftOutlined /> {t('recharge.topUpPage.backToLogin')}
        </Link>
      }
      testId="top-up-page"
    >
      {step.kind === 'code' ? (
        <CustomerCodeStep onFound={(customer) => setStep({ kind: 'confirm', customer })} />
      ) : step.kind === 'confirm' ? (
        <Flex vertical gap={16} data-testid="top-up-confirm">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('recharge.topUpPage.confirmTitle')}
          </Typography.Title>
          <Alert
            type="info"
            icon={<BankOutlined />}
            showIcon
            title={<strong data-testid="top-up-company">{step.customer.maskedCompanyName}</strong>}
            description={step.customer.customerCode}
          />
          <Flex gap={8} wrap justify="flex-end">
            <Button onClick={() => setStep({ kind: 'code' })} data-testid="top-up-confirm-no">
              {t('recharge.topUpPage.confirmNo')}
            </Button>
            <Button
              type="primary"
              onClick={() => setStep({ kind: 'pay', customer: step.customer })}
              data-testid="top-up-confirm-yes"
            >
              {t('recharge.topUpPage.confirmYes')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <TopUpForm
          payer={{ kind: 'public', lookupToken: step.customer.lookupToken }}
          currencies={step.customer.currencies.length > 0 ? step.customer.currencies : ['CNY']}
          header={
            <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 16 }}>
              <Typography.Text strong data-testid="top-up-paying-for">
                {t('recharge.form.payingFor', {
                  company: step.customer.maskedCompanyName,
                  code: step.customer.customerCode,
                })}
              </Typography.Text>
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 0 }}
                onClick={() => setStep({ kind: 'code' })}
              >
                {t('recharge.topUpPage.changeCustomer')}
              </Button>
            </Flex>
          }
          onDone={() => setStep({ kind: 'code' })}
        />
      )}
    </PublicPayPage>
  );
}

function CustomerCodeStep({ onFound }: { onFound: (customer: TopUpCustomer) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ customerCode: string }>();
  const lookUp = useLookUpCustomer();
  const [problem, setProblem] = useState<{ text: string; isRateLimited: boolean } | null>(null);

  const submit = ({ customerCode }: { customerCode: string }) => {
    setProblem(null);
    lookUp.mutate(customerCode.trim().toUpperCase(), {
      onSuccess: onFound,
      onError: (error) => {
        if (!isApiError(error)) return;
        const isRateLimited = error.code === ApiCode.TooManyRequests;
        setProblem({ text: error.message, isRateLimited });
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={submit}
      data-testid="top-up-lookup"
    >
      <Form.Item
        name="customerCode"
        label={t('recharge.topUpPage.customerCode')}
        rules={[
          { required: true, message: t('recharge.topUpPage.customerCodeRequired') },
          {
            validator: (_, value?: string) =>
              !value || TopUpLookupSchema.safeParse({ customerCode: value }).success
                ? Promise.resolve()
                : Promise.reject(new Error(t('recharge.topUpPage.customerCodeInvalid'))),
          },
        ]}
      >
        <Input
          size="large"
          maxLength={20}
          autoComplete="off"
          autoFocus
          placeholder={t('recharge.topUpPage.customerCodePlaceholder')}
          onChange={() => problem && setProblem(null)}
          data-testid="top-up-customer-code"
        />
      </Form.Item>
      {problem ? (
        <Alert
          type={problem.isRateLimited ? 'warning' : 'error'}
          showIcon
          title={problem.text || (problem.isRateLimited ? t('recharge.topUpPage.rateLimited') : '')}
          style={{ marginBottom: 16 }}
          data-testid={problem.isRateLimited ? 'top-up-rate-limited' : 'top-up-lookup-error'}
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={lookUp.isPending}
        data-testid="top-up-next"
      >
        {t('recharge.topUpPage.next')}
      </Button>
    </Form>
  );
}
