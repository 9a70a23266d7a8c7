import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { PHONE_PATTERN } from '@portal/contracts/verification-code-rules';
import { Form, Input, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { phoneOf } from '../lib/phone';
import { SendCodeButton } from './send-code-button';

interface PhoneCodeFieldsProps {
  /** Sends a code to the (normalised) phone; answers the seconds until the next send. */
  onSend: (phone: string) => Promise<number>;
  /** The phone field's label; "Mobile number" unless the form says more (e.g. "New number"). */
  phoneLabel?: string;
  phoneHint?: string;
  size?: 'middle' | 'large';
}

/**
 * The `userPhone` and `code` fields of an antd form that verifies a phone by SMS (registration, forgotten
 * password, change of phone): the phone checked on blur, the code beside its send button with the
 * countdown, and the cursor in the code field once a code is on its way.
 */
export function PhoneCodeFields({ onSend, phoneLabel, phoneHint, size = 'large' }: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  const phone = Form.useWatch<string | undefined>('userPhone', Form.useFormInstance());
  const codeInput = useRef<InputRef>(null);
  const withIcons = size === 'large';
  const send = async () => {
    const resendAfterSeconds = await onSend(phoneOf(phone));
    codeInput.current?.focus();
    return resendAfterSeconds;
  };
  return (
    <>
      <Form.Item
        name="userPhone"
        label={phoneLabel ?? t('smsCode.phone')}
        extra={phoneHint}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              PHONE_PATTERN.test(phoneOf(value))
                ? Promise.resolve()
                : Promise.reject(new Error(t('smsCode.phoneInvalid'))),
          },
        ]}
      >
        <Input
          size={size}
          type="tel"
          inputMode="numeric"
          prefix={withIcons ? <MobileOutlined /> : undefined}
          autoComplete="tel-national"
          maxLength={13}
          placeholder={t('smsCode.phonePlaceholder')}
          autoFocus
        />
      </Form.Item>
      <Form.Item label={t('smsCode.code')} required={false}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ pattern: /^\s*\d{6}\s*$/, required: true, message: t('smsCode.codeInvalid') }]}
          >
            <Input
              ref={codeInput}
              style={{ flex: 1 }}
              size={size}
              inputMode="numeric"
              prefix={withIcons ? <SafetyOutlined /> : undefined}
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('smsCode.codePlaceholder')}
            />
          </Form.Item>
          <SendCodeButton size={size} onSend={send} canSend={PHONE_PATTERN.test(phoneOf(phone))} />
        </div>
      </Form.Item>
    </>
  );
}
