import type { Language } from '@portal/contracts/languages';
import { z } from 'zod';

const locales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en(), 'zh-TW': z.locales.zhTW() };

/** zod's own error texts in the caller's language, for validation messages we do not word ourselves. */
export function zodLocaleError(language: Language) {
  return locales[language].localeError;
}
