import { useState } from 'react';
import { Button, Form, Steps } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { phoneOf } from '../../../lib/phone';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf, placeFieldErrors } from '../../../lib/http/field-errors';
import { checkResetCode, forgetPassword, sendResetSms } from '../api/forget-password';
import { FormAlert } from './form-alert';
import { NewPasswordFields } from './new-password-fields';

interface PhoneStep {
  userPhone: string;
  code: string;
}
interface PasswordStep {
  newPassword: string;
  confirmPassword: string;
}

/**
 * Forgot password: phone → the code sent to it → the new password twice. The checked code gives a
 * short-lived ticket, so the password step never sends the code again. Loaded only when opened.
 */
export default function ForgotPassword({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [phoneForm] = Form.useForm<PhoneStep>();
  const [passwordForm] = Form.useForm<PasswordStep>();
  const [ticket, setTicket] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  /** Shows a refusal: on its field when the server names one we show, otherwise above the form. */
  const report = (caught: unknown, fields: string[], form: typeof phoneForm | typeof passwordForm) => {
    if (!isApiError(caught) || caught.isHandled) return;
    if (!placeFieldErrors(form, caught.data, fields)) setError(caught.message);
  };

  const send = async (phone: string) => {
    setError(null);
    try {
      return (await sendResetSms(phone)).resendAfterSeconds;
    } catch (caught) {
      report(caught, ['userPhone'], phoneForm);
      throw caught;
    }
  };

  const checkCode = async (values: PhoneStep) => {
    setError(null);
    setIsBusy(true);
    try {
      const answer = await checkResetCode({ userPhone: phoneOf(values.userPhone), code: values.code.trim() });
      setTicket(answer.resetTicket);
    } catch (caught) {
      report(caught, ['userPhone', 'code'], phoneForm);
    } finally {
      setIsBusy(false);
    }
  };

  const setPassword = async (values: PasswordStep) => {
    if (!ticket) return;
    setError(null);
    setIsBusy(true);
    try {
      await forgetPassword({ resetTicket: ticket, ...values });
      onDone();
    } catch (caught) {
      // An expired or used ticket: back to the code step.
      if (isApiError(caught) && fieldErrorsOf(caught.data).some((e) => e.field === 'resetTicket')) {
        setTicket(null);
        setError(caught.message);
      } else report(caught, ['newPassword', 'confirmPassword'], passwordForm);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="login-form" data-testid="forgot-password">
      <Steps
        size="small"
        current={ticket ? 1 : 0}
        items={[{ title: t('smsCode.stepVerify') }, { title: t('smsCode.stepPassword') }]}
        style={{ marginBottom: 16 }}
      />
      {error ? <FormAlert message={error} /> : null}
      {ticket ? (
        <Form<PasswordStep>
          form={passwordForm}
          name="forgotPassword"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          onFinish={(values) => void setPassword(values)}
        >
          <NewPasswordFields size="large" />
          <Button type="primary" htmlType="submit" size="large" block loading={isBusy}>
            {t('smsCode.resetSubmit')}
          </Button>
        </Form>
      ) : (
        <Form<PhoneStep>
          form={phoneForm}
          name="forgotPhone"
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          onFinish={(values) => void checkCode(values)}
          onValuesChange={() => error && setError(null)}
        >
          <PhoneCodeFields onSend={send} />
          <Button type="primary" htmlType="submit" size="large" block loading={isBusy}>
            {t('smsCode.next')}
          </Button>
        </Form>
      )}
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }} data-testid="back-to-sign-in">
        {t('smsCode.backToSignIn')}
      </Button>
    </div>
  );
}
