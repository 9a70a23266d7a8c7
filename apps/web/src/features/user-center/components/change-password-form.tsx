import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { newPasswordProblem } from '../../../lib/password-rule';
import { uiEffects } from '../../../lib/ui-effects';
import { useConfirmDiscard } from '../../../lib/use-confirm-discard';
import { useChangePassword } from '../api/change-password';

interface FormValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `POST /api/User/ChangePassword`; the server signs the user's other sessions out. Fields are checked on
 * blur and on submit; leaving the page with something typed asks first.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const { contextHolder } = useConfirmDiscard(() =>
    Object.values(form.getFieldsValue(true) as Partial<FormValues>).some(Boolean),
  );

  const submit = async (values: FormValues) => {
    setError(null);
    try {
      await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      form.resetFields();
      uiEffects.showSuccess(t('userCenter.changePasswordSuccess'));
      void queryClient.invalidateQueries({ queryKey: ['securitySetting'] });
      void queryClient.invalidateQueries({ queryKey: ['loginUserInfo'] });
    } catch (caught) {
      if (!isApiError(caught) || caught.isHandled) return;
      const errors = fieldErrorsOf(caught.data).filter(
        (e) => e.field === 'oldPassword' || e.field === 'newPassword',
      );
      if (errors.length > 0) {
        form.setFields(errors.map((e) => ({ name: e.field as keyof FormValues, errors: [e.message] })));
      } else {
        setError(caught.message);
      }
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name="changePassword"
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={(values) => void submit(values)}
      onValuesChange={() => error && setError(null)}
    >
      {contextHolder}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item
        name="oldPassword"
        label={t('userCenter.oldPassword')}
        rules={[{ required: true, message: t('userCenter.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('userCenter.newPassword')}
        extra={t('password.rule')}
        dependencies={['oldPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.reject(new Error(t('userCenter.newPasswordRequired')));
              const problem = newPasswordProblem(value);
              if (problem) return Promise.reject(new Error(t(problem)));
              if (value === getFieldValue('oldPassword'))
                return Promise.reject(new Error(t('password.sameAsOld')));
              return Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('userCenter.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.reject(new Error(t('userCenter.confirmPasswordRequired')));
              return value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch')));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('userCenter.changePasswordSubmit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
