import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_PATTERN } from '@portal/contracts/verification-code-rules';
import { SendCodeButton } from '../../../components/send-code-button';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { uiEffects } from '../../../lib/ui-effects';
import { sendChangePhoneSms, useChangePhone } from '../api/change-phone';

interface FormValues {
  userPhone: string;
  code: string;
}

const phoneOf = (typed: string | undefined) => (typed ?? '').replace(/[\s-]/g, '');

/**
 * Change phone: the NEW number gets the code (a number another user has is refused by the server, in its
 * words on the phone field); the code makes it the account's phone.
 */
export function ChangePhoneModal({
  currentPhone,
  onClose,
}: {
  currentPhone: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const change = useChangePhone();
  const [error, setError] = useState<string | null>(null);
  const phone = Form.useWatch('userPhone', form);

  const report = (caught: unknown) => {
    if (!isApiError(caught) || caught.isHandled) return;
    if (!placeFieldErrors(form, caught.data, ['userPhone', 'code'])) setError(caught.message);
  };

  const send = async () => {
    setError(null);
    try {
      const answer = await sendChangePhoneSms(phoneOf(phone));
      document.getElementById('changePhone_code')?.focus();
      return answer.resendAfterSeconds;
    } catch (caught) {
      report(caught);
      throw caught;
    }
  };

  const submit = async (values: FormValues) => {
    setError(null);
    try {
      await change.mutateAsync({ userPhone: phoneOf(values.userPhone), code: values.code.trim() });
      uiEffects.showSuccess(t('smsCode.changePhoneDone'));
      onClose();
    } catch (caught) {
      report(caught);
    }
  };

  return (
    <Modal
      open
      title={t('smsCode.changePhoneTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="change-phone-modal"
    >
      {currentPhone ? (
        <Typography.Paragraph type="secondary">
          {t('smsCode.currentPhone', { phone: currentPhone })}
        </Typography.Paragraph>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<FormValues>
        form={form}
        name="changePhone"
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(values) => void submit(values)}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item
          name="userPhone"
          label={t('smsCode.newPhone')}
          extra={t('smsCode.changePhoneHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                PHONE_PATTERN.test(phoneOf(value))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('smsCode.phoneInvalid'))),
            },
          ]}
        >
          <Input type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={13} autoFocus />
        </Form.Item>
        <Form.Item label={t('smsCode.code')}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ pattern: /^\s*\d{6}\s*$/, required: true, message: t('smsCode.codeInvalid') }]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('smsCode.codePlaceholder')}
              />
            </Form.Item>
            <SendCodeButton size="middle" onSend={send} canSend={PHONE_PATTERN.test(phoneOf(phone))} />
          </div>
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending} block>
            {t('smsCode.changePhoneSubmit')}
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
