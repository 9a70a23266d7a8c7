import { FormModal } from '../../../components/form-modal';
import { useEffect, useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { SubUser } from '@portal/contracts/organization';
import { newPasswordProblem } from '../../../lib/password-rule';
import { uiEffects } from '../../../lib/ui-effects';
import { useResetSubUserPassword } from '../api/sub-users';
import { formErrorOf } from '../lib/form-errors';

interface ResetPasswordModalProps {
  user: SubUser | null;
  onClose: () => void;
}

/** A new initial password for a sub-user: its sessions end and it must change it at the next sign-in. */
export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ initialPassword: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetSubUserPassword();

  useEffect(() => {
    if (!user) return;
    setFormError(null);
    form.resetFields();
  }, [user, form]);

  const submit = async ({ initialPassword }: { initialPassword: string }) => {
    if (!user) return;
    setFormError(null);
    try {
      await reset.mutateAsync({ id: user.id, initialPassword });
      uiEffects.showSuccess(t('organization.passwordReset'));
      onClose();
    } catch (error) {
      setFormError(formErrorOf(form, error, ['initialPassword'], t('http.unknownError')));
    }
  };

  return (
    <FormModal
      open={user !== null}
      title={user ? t('organization.resetPasswordTitle', { name: user.displayName }) : ''}
      name="orgResetPasswordForm"
      form={form}
      okText={t('organization.resetPassword')}
      isSaving={reset.isPending}
      error={formError}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
      intro={
        <Typography.Paragraph type="secondary">{t('organization.resetPasswordHint')}</Typography.Paragraph>
      }
    >
      <Form.Item
        name="initialPassword"
        label={t('organization.initialPassword')}
        rules={[
          { required: true, message: t('organization.initialPasswordRequired') },
          {
            validator: (_, value: string | undefined) => {
              const problem = value ? newPasswordProblem(value) : null;
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
