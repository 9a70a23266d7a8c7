import { Form, Input } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { newPasswordProblem } from '../../../lib/password-rule';

/**
 * The new password and its confirmation, checked with the server's rule (`newPassword`, `confirmPassword`):
 * the first-sign-in change and the forgotten-password reset ask the same way.
 */
export function NewPasswordFields({ size }: { size?: 'large' }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('initPassword.newPassword')}
        extra={t('password.rule')}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = newPasswordProblem(value ?? '');
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password size={size} autoComplete="new-password" autoFocus maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('initPassword.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password size={size} autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}
