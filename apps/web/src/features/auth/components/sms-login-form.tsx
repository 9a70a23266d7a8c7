import { useState, type SubmitEvent } from 'react';
import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { PhoneCodeRequest } from '@portal/contracts/verification-code';
import { PHONE_PATTERN } from '@portal/contracts/verification-code-rules';
import { phoneOf } from '../../../lib/phone';
import { SendCodeButton } from '../../../components/send-code-button';
import { isApiError } from '../../../lib/http/api-error';
import type { MessageKey } from '../../../lib/i18n/message-key';
import { sendLoginSms } from '../api/sms-login';
import { FormAlert } from './form-alert';

interface SmsLoginFormProps {
  isBusy: boolean;
  error: string | null;
  onSubmit: (values: PhoneCodeRequest) => void;
  /** A message to show above the fields (a send refused, in the server's words), or null to clear it. */
  onError: (message: string | null) => void;
}

type FieldErrors = Partial<Record<keyof PhoneCodeRequest, MessageKey>>;

/**
 * Sign-in by SMS: phone, "send code" with its 60 s countdown, the 6-digit code. Plain form semantics like
 * the password form (the sign-in page stays small); ids `sms_userPhone`, `sms_code`.
 */
export function SmsLoginForm({ isBusy, error, onSubmit, onError }: SmsLoginFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [values, setValues] = useState({ userPhone: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const validate = (next: typeof values): FieldErrors => ({
    ...(PHONE_PATTERN.test(phoneOf(next.userPhone)) ? {} : { userPhone: 'smsCode.phoneInvalid' as const }),
    ...(/^\d{6}$/.test(next.code.trim()) ? {} : { code: 'smsCode.codeInvalid' as const }),
  });

  const change = (field: keyof typeof values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: validate(next)[field] });
    if (error) onError(null);
  };

  const send = async () => {
    onError(null);
    const phone = phoneOf(values.userPhone);
    try {
      const answer = await sendLoginSms(phone);
      setSentTo(phone);
      document.getElementById('sms_code')?.focus();
      return answer.resendAfterSeconds;
    } catch (caught) {
      if (isApiError(caught) && !caught.isHandled) onError(caught.message);
      throw caught;
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.userPhone || found.code) {
      document.getElementById(found.userPhone ? 'sms_userPhone' : 'sms_code')?.focus();
      return;
    }
    onSubmit({ userPhone: phoneOf(values.userPhone), code: values.code.trim() });
  };

  const label = { color: token.colorText, fontSize: token.fontSize };
  const help = { color: token.colorError, fontSize: token.fontSize };
  const phoneReady = PHONE_PATTERN.test(phoneOf(values.userPhone));

  return (
    <form id="smsLogin" className="login-form" onSubmit={submit} noValidate>
      {error ? <FormAlert message={error} /> : null}
      <div className="login-field">
        <label htmlFor="sms_userPhone" style={label}>
          {t('smsCode.phone')}
        </label>
        <Input
          id="sms_userPhone"
          name="userPhone"
          size="large"
          type="tel"
          inputMode="numeric"
          prefix={<MobileOutlined />}
          autoComplete="tel-national"
          autoFocus
          maxLength={13}
          placeholder={t('smsCode.phonePlaceholder')}
          value={values.userPhone}
          onChange={(event) => change('userPhone', event.target.value)}
          status={errors.userPhone ? 'error' : ''}
          disabled={isBusy}
          aria-invalid={errors.userPhone ? true : undefined}
          aria-describedby="sms_userPhone_help"
        />
        <div id="sms_userPhone_help" className="login-field-help" style={help} role="alert">
          {errors.userPhone ? t(errors.userPhone) : null}
        </div>
      </div>
      <div className="login-field">
        <label htmlFor="sms_code" style={label}>
          {t('smsCode.code')}
        </label>
        <div className="login-code-row">
          <Input
            id="sms_code"
            name="code"
            size="large"
            inputMode="numeric"
            prefix={<SafetyOutlined />}
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('smsCode.codePlaceholder')}
            value={values.code}
            onChange={(event) => change('code', event.target.value)}
            status={errors.code ? 'error' : ''}
            disabled={isBusy}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby="sms_code_help"
          />
          <SendCodeButton onSend={send} canSend={phoneReady} disabled={isBusy} />
        </div>
        <div
          id="sms_code_help"
          className="login-field-help"
          style={errors.code ? help : { ...help, color: token.colorTextSecondary }}
          role={errors.code ? 'alert' : 'status'}
        >
          {errors.code
            ? t(errors.code)
            : sentTo
              ? t('smsCode.sentTo', { phone: `${sentTo.slice(0, 3)}****${sentTo.slice(-4)}` })
              : null}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={isBusy}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
