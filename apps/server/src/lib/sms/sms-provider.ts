import type { CodePurpose } from '@portal/contracts/verification-code-rules';
import type { Language } from '@portal/contracts/languages';

/**
 * The one way the portal sends a text message. Every message is a template (what it is for) with its
 * parameters: providers keep their approved templates by name (Aliyun's TemplateCode), the sandbox renders
 * the text itself. Selected by `SMS_PROVIDER` (create-sms-provider.ts); the sandbox is the default.
 */
export interface SmsMessage {
  /** Mainland mobile number, 11 digits. */
  phone: string;
  template: CodePurpose;
  params: { code: string; minutes: string };
  language: Language;
}

export interface SmsProvider {
  readonly name: 'sandbox' | 'aliyun';
  /** Sends one message; throws SmsSendFailed when the provider refuses it or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendFailed extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsSendFailed';
  }
}

const TEMPLATES: Record<CodePurpose, Record<Language, string>> = {
  login: {
    'zh-CN': '您的登录验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',
    'en-US':
      'Your sign-in code is {code}, valid for {minutes} minutes. If this was not you, ignore this message.',
    'zh-TW': '您的登入驗證碼為 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本簡訊。',
  },
  reset: {
    'zh-CN': '您正在重置密码，验证码为 {code}，{minutes} 分钟内有效。请勿将验证码告诉他人。',
    'en-US': 'Your password reset code is {code}, valid for {minutes} minutes. Never share it with anyone.',
    'zh-TW': '您正在重設密碼，驗證碼為 {code}，{minutes} 分鐘內有效。請勿將驗證碼告訴他人。',
  },
  changePhone: {
    'zh-CN': '您正在将此号码设为账号手机号，验证码为 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your code to make this number your account phone is {code}, valid for {minutes} minutes.',
    'zh-TW': '您正在將此號碼設為帳號手機號碼，驗證碼為 {code}，{minutes} 分鐘內有效。',
  },
  register: {
    'zh-CN': '您的注册验证码为 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your registration code is {code}, valid for {minutes} minutes.',
    'zh-TW': '您的註冊驗證碼為 {code}，{minutes} 分鐘內有效。',
  },
};

/** The message as a phone would show it (the sandbox's outbox; the real providers hold their own templates). */
export function renderSms(message: SmsMessage): string {
  const params: Record<string, string> = message.params;
  return TEMPLATES[message.template][message.language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? params[name]! : whole,
  );
}
