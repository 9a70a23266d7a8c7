import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Result, Steps, Typography } from 'antd';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { REGISTER_FIELD_MAX } from '@portal/contracts/registration';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { phoneOf } from '../../../lib/phone';
import { isApiError } from '../../../lib/http/api-error';
import { fieldErrorsOf, placeFieldErrors } from '../../../lib/http/field-errors';
import { useLanguage } from '../../../lib/i18n/use-language';
import { newPasswordProblem } from '../../../lib/password-rule';
import { checkRegisterCode, getAgreement, registerCompany, sendRegisterSms } from '../api/registration';

interface PhoneStep {
  userPhone: string;
  code: string;
}
interface AccountStep {
  companyName: string;
  contactName: string;
  loginName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * `/register`: phone → the SMS code → company and account details with the transport agreement (read in a
 * modal, must be accepted) → done, then on to sign in with the new login name.
 */
/** Public: outside the private area's query client provider, so it brings the shared client itself. */
export default function RegisterPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <RegisterPageContent />
    </QueryClientProvider>
  );
}

function RegisterPageContent() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [phoneForm] = Form.useForm<PhoneStep>();
  const [accountForm] = Form.useForm<AccountStep>();
  const [ticket, setTicket] = useState<string | null>(null);
  const [done, setDone] = useState<{ customerCode: string; loginName: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isAgreementOpen, setIsAgreementOpen] = useState(false);
  // The acceptance is the page's own state, not a form field: the modal's Accept sets it directly.
  const [isAgreed, setIsAgreed] = useState(false);
  const [isAgreementMissing, setIsAgreementMissing] = useState(false);
  const agreement = useQuery({ queryKey: ['registration', 'agreement'], queryFn: getAgreement });

  /** Shows a refusal: on its field when the server names one we show, otherwise above the form. */
  const report = (caught: unknown, fields: string[], form: typeof phoneForm | typeof accountForm) => {
    if (!isApiError(caught) || caught.isHandled) return;
    if (!placeFieldErrors(form, caught.data, fields)) setError(caught.message);
  };

  const send = async (phone: string) => {
    setError(null);
    try {
      return (await sendRegisterSms(phone)).resendAfterSeconds;
    } catch (caught) {
      report(caught, ['userPhone'], phoneForm);
      throw caught;
    }
  };

  const checkCode = async (values: PhoneStep) => {
    setError(null);
    setIsBusy(true);
    try {
      const answer = await checkRegisterCode({
        userPhone: phoneOf(values.userPhone),
        code: values.code.trim(),
      });
      setTicket(answer.registerTicket);
    } catch (caught) {
      report(caught, ['userPhone', 'code'], phoneForm);
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async (values: AccountStep) => {
    if (!ticket || !agreement.data) return;
    if (!isAgreed) {
      setIsAgreementMissing(true);
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const registered = await registerCompany({
        registerTicket: ticket,
        companyName: values.companyName,
        contactName: values.contactName,
        loginName: values.loginName,
        email: values.email,
        password: values.password,
        agreementVersion: agreement.data.version,
      });
      setDone(registered);
    } catch (caught) {
      if (
        isApiError(caught) &&
        fieldErrorsOf(caught.data).some((e) => ['registerTicket', 'userPhone'].includes(e.field))
      ) {
        // The verification expired or the phone is registered: back to the phone step with the reason.
        setTicket(null);
        setError(caught.message);
      } else if (
        isApiError(caught) &&
        fieldErrorsOf(caught.data).some((e) => e.field === 'agreementVersion')
      ) {
        void agreement.refetch();
        setError(caught.message);
      } else report(caught, ['companyName', 'contactName', 'loginName', 'email', 'password'], accountForm);
    } finally {
      setIsBusy(false);
    }
  };

  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('registration.required', { label }),
  });

  return (
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
        style={{ width: '100%', maxWidth: 520 }}
        title={t('registration.title')}
        data-testid="register-page"
      >
        {done ? (
          <Result
            status="success"
            title={t('registration.doneTitle')}
            subTitle={t('registration.doneText', done)}
            extra={
              <Button
                type="primary"
                onClick={() => void navigate('/login', { state: { loginName: done.loginName } })}
              >
                {t('registration.goSignIn')}
              </Button>
            }
          />
        ) : (
          <>
            <Steps
              size="small"
              current={ticket ? 1 : 0}
              items={[{ title: t('registration.stepPhone') }, { title: t('registration.stepAccount') }]}
              style={{ marginBottom: 16 }}
            />
            {error ? (
              <Typography.Paragraph type="danger" role="alert">
                {error}
              </Typography.Paragraph>
            ) : null}
            {ticket ? (
              <Form<AccountStep>
                form={accountForm}
                name="registerAccount"
                layout="vertical"
                requiredMark={false}
                validateTrigger="onBlur"
                onFinish={(values) => void submit(values)}
                onFinishFailed={() => setIsAgreementMissing(!isAgreed)}
              >
                <Form.Item
                  name="companyName"
                  label={t('registration.companyName')}
                  rules={[required(t('registration.companyName'))]}
                >
                  <Input maxLength={REGISTER_FIELD_MAX.companyName} autoFocus autoComplete="organization" />
                </Form.Item>
                <Form.Item
                  name="contactName"
                  label={t('registration.contactName')}
                  rules={[required(t('registration.contactName'))]}
                >
                  <Input maxLength={REGISTER_FIELD_MAX.contactName} autoComplete="name" />
                </Form.Item>
                <Form.Item
                  name="loginName"
                  label={t('registration.loginName')}
                  extra={t('registration.loginNameRule')}
                  rules={[
                    required(t('registration.loginName')),
                    // The rule itself is the field's hint below; the error only says it is not followed.
                    {
                      pattern: /^[A-Za-z][A-Za-z0-9_.-]{3,31}$/,
                      message: t('registration.loginNameInvalid'),
                    },
                  ]}
                >
                  <Input maxLength={REGISTER_FIELD_MAX.loginName} autoComplete="username" />
                </Form.Item>
                <Form.Item
                  name="email"
                  label={t('registration.email')}
                  rules={[{ type: 'email', required: true, message: t('registration.emailInvalid') }]}
                >
                  <Input maxLength={REGISTER_FIELD_MAX.email} autoComplete="email" />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t('registration.password')}
                  extra={t('password.rule')}
                  rules={[
                    {
                      validator: (_, value: string | undefined) => {
                        const problem = value ? newPasswordProblem(value) : 'password.tooShort';
                        return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input.Password maxLength={64} autoComplete="new-password" />
                </Form.Item>
                <Form.Item
                  name="confirmPassword"
                  label={t('registration.confirmPassword')}
                  dependencies={['password']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, value: string | undefined) =>
                        value && value === getFieldValue('password')
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('password.mismatch'))),
                    }),
                  ]}
                >
                  <Input.Password maxLength={64} autoComplete="new-password" />
                </Form.Item>
                <Form.Item
                  validateStatus={isAgreementMissing && !isAgreed ? 'error' : undefined}
                  help={isAgreementMissing && !isAgreed ? t('registration.agreementRequired') : undefined}
                >
                  <Checkbox
                    checked={isAgreed}
                    onChange={(event) => setIsAgreed(event.target.checked)}
                    data-testid="register-agree"
                  >
                    {t('registration.agreePrefix')}
                  </Checkbox>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setIsAgreementOpen(true)}
                    data-testid="open-agreement"
                    style={{ paddingInline: 0, whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
                  >
                    {agreement.data ? agreement.data.title[language] : t('registration.agreement')}
                  </Button>
                </Form.Item>
                <Button
                  type="primary"
                  htmlType="submit"
                  size="large"
                  block
                  loading={isBusy}
                  disabled={!agreement.data}
                >
                  {t('registration.submit')}
                </Button>
              </Form>
            ) : (
              <Form<PhoneStep>
                form={phoneForm}
                name="registerPhone"
                layout="vertical"
                requiredMark={false}
                validateTrigger="onBlur"
                onFinish={(values) => void checkCode(values)}
                onValuesChange={() => error && setError(null)}
              >
                <PhoneCodeFields onSend={send} />
                <Button type="primary" htmlType="submit" size="large" block loading={isBusy}>
                  {t('registration.next')}
                </Button>
              </Form>
            )}
            <div style={{ marginTop: 12, textAlign: 'center' }}>
              <Link to="/login">{t('registration.haveAccount')}</Link>
            </div>
          </>
        )}
      </Card>
      <Modal
        open={isAgreementOpen}
        title={agreement.data?.title[language]}
        onCancel={() => setIsAgreementOpen(false)}
        onOk={() => {
          setIsAgreed(true);
          setIsAgreementOpen(false);
        }}
        okText={t('registration.accept')}
        width={720}
      >
        {agreement.isError ? (
          <Typography.Paragraph type="danger">{t('registration.agreementError')}</Typography.Paragraph>
        ) : (
          <div
            style={{ maxHeight: '60vh', overflowY: 'auto', whiteSpace: 'pre-wrap' }}
            data-testid="agreement-text"
          >
            {agreement.data?.content[language] ?? t('registration.loading')}
            {agreement.data ? (
              <Typography.Paragraph type="secondary">
                {t('registration.version', { version: agreement.data.version })}
              </Typography.Paragraph>
            ) : null}
          </div>
        )}
      </Modal>
    </div>
  );
}
