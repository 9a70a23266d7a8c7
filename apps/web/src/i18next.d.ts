import 'i18next';
import type { Messages } from './locales/zh-CN';

// Types every `t('…')` call against the zh-CN key set, so a misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
