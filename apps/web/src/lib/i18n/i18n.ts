import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import type { Messages } from '../../locales/zh-CN';
import { readStored, writeStored } from '../storage';
import type { MessageKey, Translate } from './message-key';

/** Language names as their speakers write them; the switch shows them untranslated on purpose. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

interface LanguagePack {
  messages: Messages;
  antdLocale: AntdLocale;
}

// Only the chosen language is downloaded: each pack is its own chunk (messages, antd and dayjs locale).
const packLoaders: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/zh-CN'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
  'en-US': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/en-US'),
      import('antd/es/locale/en_US'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
  'zh-TW': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/zh-TW'),
      import('antd/es/locale/zh_TW'),
      import('dayjs/locale/zh-tw'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
};

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

export const i18n = i18next.createInstance();

let antdLocale: AntdLocale | undefined;
const listeners = new Set<() => void>();

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered language, or zh-CN (the portal's default, whatever the browser says). */
export function initialLanguage(): Language {
  const stored = readStored('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The interface language; before the first pack has loaded, the one being loaded (see main.tsx). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : initialLanguage();
}

export function currentAntdLocale(): AntdLocale | undefined {
  return antdLocale;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads a language pack and switches texts, antd components and dates to it; remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  const pack = await packLoaders[language]();
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { translation: pack.messages } },
      interpolation: { escapeValue: false },
    });
  } else {
    i18n.addResourceBundle(language, 'translation', pack.messages, true, true);
    await i18n.changeLanguage(language);
  }
  dayjs.locale(DAYJS_LOCALES[language]);
  antdLocale = pack.antdLocale;
  writeStored('language', language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** `t` for code outside React (request layer, guards). */
export const translate: Translate = (key: MessageKey, values?: Record<string, string | number>) =>
  i18n.t(key, values ?? {});
