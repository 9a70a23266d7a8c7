import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Select, Spin } from 'antd';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { MonthlyParcelBands, PROSPECT_FIELD_MAX, type ProspectAnswers } from '@portal/contracts/registration';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { useLanguage } from '../../../lib/i18n/use-language';
import { getProspectLink, submitProspectLink } from '../api/registration';

/**
 * The prospect link pages: `/customerInfoLink/customerInfoLink?token=` (the link staff send), also reached
 * as `/customer?token=` and `/registerQuestionnaire?token=`. The company details and the questionnaire in
 * one form; a used, expired or tampered link shows why instead of the form; no token: how to get one.
 */
/** Public: outside the private area's query client provider, so it brings the shared client itself. */
export default function ProspectPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ProspectPageContent />
    </QueryClientProvider>
  );
}

function ProspectPageContent() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ProspectAnswers>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['registration', 'prospect', token],
    queryFn: () => getProspectLink(token),
    enabled: token !== '',
    retry: false,
  });

  const submit = async (values: ProspectAnswers) => {
    setError(null);
    setIsBusy(true);
    try {
      await submitProspectLink(token, { ...values, productCodes: values.productCodes ?? [] });
      setIsDone(true);
    } catch (caught) {
      if (!isApiError(caught) || caught.isHandled) return;
      const errors = fieldErrorsOf(caught.data).map((e) => ({
        ...e,
        field: e.field.replace(/^answers\./, ''),
      }));
      if (errors.length > 0)
        form.setFields(errors.map((e) => ({ name: e.field as never, errors: [e.message] })));
      else setError(caught.message);
    } finally {
      setIsBusy(false);
    }
  };

  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('registration.required', { label }),
  });
  const frame = (content: React.ReactNode) => (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        padding: '48px 16px',
      }}
    >
      <Card
        style={{ width: '100%', maxWidth: 640 }}
        title={t('prospectLink.title')}
        data-testid="prospect-page"
      >
        {content}
      </Card>
    </div>
  );

  if (!token)
    return frame(
      <Result
        status="info"
        title={t('prospectLink.noToken')}
        extra={<Link to="/register">{t('prospectLink.orRegister')}</Link>}
      />,
    );
  if (link.isPending) return frame(<Spin />);
  if (link.isError)
    return frame(
      <Result
        status="error"
        title={t('prospectLink.loadError')}
        extra={<Button onClick={() => void link.refetch()}>{t('prospectLink.retry')}</Button>}
      />,
    );
  if (isDone)
    return frame(
      <Result status="success" title={t('prospectLink.doneTitle')} subTitle={t('prospectLink.doneText')} />,
    );
  const state = link.data.state;
  if (state !== 'open')
    return frame(
      <Result
        status={state === 'submitted' ? 'success' : 'warning'}
        title={t(`prospectLink.state.${state}`)}
        data-testid={`prospect-state-${state}`}
      />,
    );

  return frame(
    <>
      {link.data.invitee ? <p>{t('prospectLink.greeting', { name: link.data.invitee })}</p> : null}
      {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
      <Form<ProspectAnswers>
        form={form}
        name="prospect"
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="companyName"
          label={t('prospectLink.companyName')}
          rules={[required(t('prospectLink.companyName'))]}
        >
          <Input maxLength={PROSPECT_FIELD_MAX.companyName} autoFocus />
        </Form.Item>
        <Form.Item name="uscc" label={t('prospectLink.uscc')} rules={[required(t('prospectLink.uscc'))]}>
          <Input maxLength={22} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('prospectLink.address')}
          rules={[required(t('prospectLink.address'))]}
        >
          <Input maxLength={PROSPECT_FIELD_MAX.address} />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('prospectLink.contactName')}
          rules={[required(t('prospectLink.contactName'))]}
        >
          <Input maxLength={PROSPECT_FIELD_MAX.contactName} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('prospectLink.contactPhone')}
          rules={[required(t('prospectLink.contactPhone'))]}
        >
          <Input type="tel" maxLength={PROSPECT_FIELD_MAX.contactPhone} />
        </Form.Item>
        <Form.Item
          name="contactEmail"
          label={t('prospectLink.contactEmail')}
          rules={[{ type: 'email', message: t('registration.emailInvalid') }]}
        >
          <Input maxLength={PROSPECT_FIELD_MAX.contactEmail} />
        </Form.Item>
        <Form.Item
          name="monthlyParcels"
          label={t('prospectLink.monthlyParcels')}
          rules={[
            {
              required: true,
              message: t('registration.required', { label: t('prospectLink.monthlyParcels') }),
            },
          ]}
        >
          <Select
            data-testid="prospect-monthly"
            showSearch={{ optionFilterProp: 'label' }}
            options={MonthlyParcelBands.map((band) => ({
              value: band,
              label: t(`prospectLink.band.${band}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="destinations"
          label={t('prospectLink.destinations')}
          rules={[
            {
              required: true,
              message: t('registration.required', { label: t('prospectLink.destinations') }),
            },
          ]}
        >
          <Select
            mode="multiple"
            data-testid="prospect-destinations"
            maxCount={PROSPECT_FIELD_MAX.destinations}
            showSearch={{ optionFilterProp: 'label' }}
            options={link.data.countries.map((c) => ({
              value: c.code,
              label: `${c.name[language]} (${c.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="productCodes" label={t('prospectLink.products')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={link.data.products.map((p) => ({ value: p.code, label: p.name[language] }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('prospectLink.remark')}>
          <Input.TextArea maxLength={PROSPECT_FIELD_MAX.remark} rows={3} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isBusy}>
          {t('prospectLink.submit')}
        </Button>
      </Form>
    </>,
  );
}
