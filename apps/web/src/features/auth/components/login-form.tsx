import { useState, type SubmitEvent } from 'react';
import { Button, theme } from 'antd';
// The plain Input and Password files, not the `Input` namespace: that one also carries TextArea, Search
// and OTP, which the sign-in page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoginRequest } from '@portal/contracts/auth';
import type { MessageKey } from '../../../lib/i18n/message-key';
import { FormAlert } from './form-alert';

interface LoginFormProps {
  isBusy: boolean;
  /** A failure the server explained (wrong password, throttled), already in the user's language. */
  error: string | null;
  onSubmit: (values: LoginRequest) => void;
  onEdit: () => void;
}

type FieldErrors = Partial<Record<keyof LoginRequest, MessageKey>>;

/**
 * The two-field sign-in form. Written with plain form semantics instead of antd Form so the first page a
 * user opens stays small; labels, error text and Enter-to-submit behave like the rest of the portal.
 * Field ids follow antd's `<form name>_<field>` convention (`login_userName`, `login_password`).
 */
export function LoginForm({ isBusy, error, onSubmit, onEdit }: LoginFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [values, setValues] = useState<LoginRequest>({ userName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const validate = (next: LoginRequest): FieldErrors => ({
    ...(next.userName.trim() ? {} : { userName: 'login.userNameRequired' as const }),
    ...(next.password ? {} : { password: 'login.passwordRequired' as const }),
  });

  const change = (field: keyof LoginRequest, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
    onEdit();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.userName || found.password) {
      document.getElementById(found.userName ? 'login_userName' : 'login_password')?.focus();
      return;
    }
    onSubmit({ userName: values.userName.trim(), password: values.password });
  };

  const label = { color: token.colorText, fontSize: token.fontSize };
  const help = { color: token.colorError, fontSize: token.fontSize };

  return (
    <form id="login" className="login-form" onSubmit={submit} noValidate>
      {error ? <FormAlert message={error} /> : null}
      <div className="login-field">
        <label htmlFor="login_userName" style={label}>
          {t('login.userName')}
        </label>
        <Input
          id="login_userName"
          name="userName"
          size="large"
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          maxLength={64}
          value={values.userName}
          onChange={(event) => change('userName', event.target.value)}
          status={errors.userName ? 'error' : ''}
          disabled={isBusy}
          aria-invalid={errors.userName ? true : undefined}
          aria-describedby={errors.userName ? 'login_userName_help' : undefined}
        />
        <div id="login_userName_help" className="login-field-help" style={help} role="alert">
          {errors.userName ? t(errors.userName) : null}
        </div>
      </div>
      <div className="login-field">
        <label htmlFor="login_password" style={label}>
          {t('login.password')}
        </label>
        <Password
          id="login_password"
          name="password"
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={64}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          status={errors.password ? 'error' : ''}
          disabled={isBusy}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login_password_help' : undefined}
        />
        <div id="login_password_help" className="login-field-help" style={help} role="alert">
          {errors.password ? t(errors.password) : null}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={isBusy}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
