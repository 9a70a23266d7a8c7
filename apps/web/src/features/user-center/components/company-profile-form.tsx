import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CUSTOMER_INFO_LIMITS, type CustomerPersonInfo } from '@portal/contracts/customer-info';
import { Permission } from '@portal/contracts/permissions';
import { ListLoadError } from '../../../components/list-load-error';
import { useAccess } from '../../../lib/access/use-access';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { uiEffects } from '../../../lib/ui-effects';
import { useCustomerPersonInfo } from '../api/get-customer-person-info';
import { useUpdateCustomerPersonInfo } from '../api/update-customer-person-info';

interface Values {
  contactName: string;
  email: string;
  companyAddress: string;
}
const FIELDS = ['contactName', 'email', 'companyAddress'] as const;

const valuesOf = (info: CustomerPersonInfo): Values => ({
  contactName: info.contactName,
  email: info.email ?? '',
  companyAddress: info.companyAddress ?? '',
});

/**
 * The company's profile (`getCustomerPersonInfo`, `UpdateCustomerPersonInfo`): contact, email and address
 * are edited by users holding org:manage; the phone is shown only (it changes with an SMS code, in the
 * security tab). The server cleans and checks every text; its field messages land on the fields.
 */
export function CompanyProfileForm() {
  const { t } = useTranslation();
  const info = useCustomerPersonInfo();
  const { can } = useAccess();
  if (info.isError)
    return (
      <ListLoadError error={info.error} onRetry={() => void info.refetch()} isRetrying={info.isFetching} />
    );
  if (info.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!can(Permission.OrgManage))
    return (
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'contact', label: t('customerInfo.contactName'), children: info.data.contactName },
          { key: 'email', label: t('customerInfo.email'), children: info.data.email ?? t('common.notSet') },
          {
            key: 'address',
            label: t('customerInfo.companyAddress'),
            children: info.data.companyAddress ?? t('common.notSet'),
          },
        ]}
      />
    );
  return <EditableProfile info={info.data} />;
}

function EditableProfile({ info }: { info: CustomerPersonInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useUpdateCustomerPersonInfo();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => form.setFieldsValue(valuesOf(info)), [form, info]);

  const submit = async (values: Values) => {
    setError(null);
    try {
      await save.mutateAsync(values);
      uiEffects.showSuccess(t('customerInfo.profileSaved'));
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      if (!placeFieldErrors(form, caught.data, FIELDS)) setError(caught.message);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="companyProfile"
      layout="vertical"
      initialValues={valuesOf(info)}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 560 }}
      data-testid="company-profile"
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="contactName"
        label={t('customerInfo.contactName')}
        rules={[{ required: true, whitespace: true, message: t('customerInfo.contactNameRequired') }]}
      >
        <Input maxLength={CUSTOMER_INFO_LIMITS.contactName} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('customerInfo.email')}
        rules={[{ type: 'email', message: t('customerInfo.emailInvalid') }]}
      >
        <Input maxLength={CUSTOMER_INFO_LIMITS.email} type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        label={t('customerInfo.phone')}
        extra={t('customerInfo.phoneHint')}
        htmlFor="companyProfile_phone"
      >
        <Input id="companyProfile_phone" value={info.phone ?? ''} placeholder={t('common.notSet')} disabled />
      </Form.Item>
      <Form.Item name="companyAddress" label={t('customerInfo.companyAddress')}>
        <Input maxLength={CUSTOMER_INFO_LIMITS.companyAddress} autoComplete="street-address" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('customerInfo.saveProfile')}
      </Button>
      {info.updatedAt ? (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {t('customerInfo.updatedAt', { time: formatDateTime(info.updatedAt) })}
        </Typography.Text>
      ) : null}
    </Form>
  );
}
