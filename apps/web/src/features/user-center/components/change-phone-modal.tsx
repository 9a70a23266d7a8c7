import { useState } from 'react';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { phoneOf } from '../../../lib/phone';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { uiEffects } from '../../../lib/ui-effects';
import { sendChangePhoneSms, useChangePhone } from '../api/change-phone';

interface FormValues {
  userPhone: string;
  code: string;
}

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

  const report = (caught: unknown) => {
    if (!isApiError(caught) || caught.isHandled) return;
    if (!placeFieldErrors(form, caught.data, ['userPhone', 'code'])) setError(caught.message);
  };

  const send = async (phone: string) => {
    setError(null);
    try {
      return (await sendChangePhoneSms(phone)).resendAfterSeconds;
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
        <PhoneCodeFields
          size="middle"
          onSend={send}
          phoneLabel={t('smsCode.newPhone')}
          phoneHint={t('smsCode.changePhoneHint')}
        />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending} block>
            {t('smsCode.changePhoneSubmit')}
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
