import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ListLoadError } from '../../../components/list-load-error';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { useLanguage } from '../../../lib/i18n/use-language';
import { uiEffects } from '../../../lib/ui-effects';
import { useConfirmDiscard } from '../../../lib/use-confirm-discard';
import { useInvoiceTitle } from '../api/get-invoice-title';
import { useSaveInvoiceTitle } from '../api/save-invoice-title';
import {
  INVOICE_TITLE_FIELDS,
  INVOICE_TITLE_MAX,
  invoiceTitleBodyOf,
  invoiceTitleFieldProblem,
  invoiceTitleValuesOf,
  isInvoiceTitleDirty,
  type InvoiceTitleField,
  type InvoiceTitleFormValues,
} from '../lib/invoice-title-form-model';

/** The field labels; the company name and tax number are required. */
const LABEL_KEYS = {
  companyName: 'invoiceTitle.companyName',
  taxNo: 'invoiceTitle.taxNo',
  address: 'invoiceTitle.address',
  phone: 'invoiceTitle.phone',
  bankName: 'invoiceTitle.bankName',
  bankAccount: 'invoiceTitle.bankAccount',
  email: 'invoiceTitle.email',
} as const satisfies Record<InvoiceTitleField, string>;

/**
 * The invoice title (`CustomerInvoiceTitle/Get` and `Save`, finance:bill): what the provider prints on the
 * customer's invoices. Fields are checked on blur and on save by the contracts' schema (the tax number's
 * check character included, with the server's own message); unsaved changes ask before they are dropped.
 */
export function InvoiceTitleForm() {
  const { t } = useTranslation();
  const title = useInvoiceTitle();
  if (title.isError)
    return (
      <ListLoadError error={title.error} onRetry={() => void title.refetch()} isRetrying={title.isFetching} />
    );
  if (title.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }} data-testid="invoice-title">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('invoiceTitle.hint')}
      </Typography.Paragraph>
      <InvoiceTitleFields
        saved={invoiceTitleValuesOf(title.data)}
        updatedAt={title.data?.updatedAt ?? null}
      />
    </Flex>
  );
}

function InvoiceTitleFields({
  saved,
  updatedAt,
}: {
  saved: InvoiceTitleFormValues;
  updatedAt: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<InvoiceTitleFormValues>();
  const save = useSaveInvoiceTitle();
  const [error, setError] = useState<string | null>(null);
  const savedKey = JSON.stringify(saved);
  const savedValues = useMemo(() => JSON.parse(savedKey) as InvoiceTitleFormValues, [savedKey]);
  const { requestClose, contextHolder } = useConfirmDiscard(() =>
    isInvoiceTitleDirty(form.getFieldsValue(true) as InvoiceTitleFormValues, savedValues),
  );
  useEffect(() => form.setFieldsValue(savedValues), [form, savedValues]);

  const submit = async (values: InvoiceTitleFormValues) => {
    setError(null);
    try {
      const stored = await save.mutateAsync(invoiceTitleBodyOf(values));
      form.setFieldsValue(invoiceTitleValuesOf(stored));
      uiEffects.showSuccess(t('invoiceTitle.saved'));
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      if (!placeFieldErrors(form, caught.data, INVOICE_TITLE_FIELDS)) setError(caught.message);
    }
  };

  const rulesOf = (field: InvoiceTitleField) => [
    {
      validator: (_: unknown, value: string | undefined) => {
        if (field === 'taxNo' && !(value ?? '').trim())
          return Promise.reject(new Error(t('invoiceTitle.taxNoRequired')));
        const problem = invoiceTitleFieldProblem(field, value ?? '', language);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];

  return (
    <Form<InvoiceTitleFormValues>
      form={form}
      name="invoiceTitle"
      layout="vertical"
      initialValues={savedValues}
      validateTrigger="onBlur"
      onFinish={(values) => void submit(values)}
      onValuesChange={() => error && setError(null)}
    >
      {contextHolder}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      {INVOICE_TITLE_FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(LABEL_KEYS[field])}
          required={field === 'companyName' || field === 'taxNo'}
          rules={rulesOf(field)}
        >
          <Input
            maxLength={INVOICE_TITLE_MAX[field]}
            placeholder={field === 'taxNo' ? t('invoiceTitle.taxNoPlaceholder') : undefined}
            autoComplete={field === 'email' ? 'email' : field === 'companyName' ? 'organization' : 'off'}
            inputMode={field === 'email' ? 'email' : field === 'phone' ? 'tel' : undefined}
            data-testid={`invoice-title-${field}`}
          />
        </Form.Item>
      ))}
      <Flex gap={8} align="center" wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="invoice-title-save">
          {t('invoiceTitle.save')}
        </Button>
        <Button
          onClick={() => requestClose(() => form.setFieldsValue(savedValues))}
          data-testid="invoice-title-discard"
        >
          {t('invoiceTitle.discard')}
        </Button>
        <Typography.Text type="secondary" data-testid="invoice-title-updated">
          {updatedAt
            ? t('invoiceTitle.updatedAt', { time: formatDateTime(updatedAt, language) })
            : t('invoiceTitle.notSet')}
        </Typography.Text>
      </Flex>
    </Form>
  );
}
