import { useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf } from '../../../lib/http/field-errors';
import { clearSession } from '../../../lib/storage';
import { uiEffects } from '../../../lib/ui-effects';
import { changeInitPassword } from '../api/change-init-password';
import { NewPasswordFields } from './new-password-fields';
import { logout } from '../../../lib/session/logout';

interface InitPasswordModalProps {
  onChanged: () => void;
  onSignedOut: () => void;
}

interface FormValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * Shown after sign-in when the login answer says `isInitPassword`: the user sets a new password
 * (`POST /api/User/ChangeInitPassword`) or signs out again.
 */
export default function InitPasswordModal({ onChanged, onSignedOut }: InitPasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields();
    setIsSaving(true);
    try {
      await changeInitPassword({ newPassword: values.newPassword });
      onChanged();
    } catch (caught) {
      if (!isApiError(caught) || caught.isHandled) return;
      const errors = fieldErrorsOf(caught.data).filter((e) => e.field === 'newPassword');
      if (errors.length > 0)
        form.setFields(errors.map((e) => ({ name: 'newPassword' as const, errors: [e.message] })));
      else uiEffects.showError(caught.message);
    } finally {
      setIsSaving(false);
    }
  };

  const signOut = async () => {
    try {
      await logout();
    } catch {
      // The session may already be gone; the local sign-out below is what matters.
    }
    clearSession();
    onSignedOut();
  };

  return (
    <Modal
      open
      title={t('initPassword.title')}
      okText={t('initPassword.submit')}
      cancelText={t('initPassword.signOut')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={() => void signOut()}
      confirmLoading={isSaving}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('initPassword.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void save().catch(() => undefined)}
      >
        <NewPasswordFields />
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
