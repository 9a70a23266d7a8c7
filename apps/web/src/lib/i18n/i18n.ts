import type { Locale as AntdLocale } from 'antd/es/locale';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/languages';
import type { Messages } from '../../locales/zh-CN';
import { readStored, writeStored } from '../storage';
import type { MessageKey, Translate } from './message-key';
import { createTranslator, type MessageTree } from './translator';

/** Language names as their speakers write them; the switch shows them untranslated on purpose. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

/** Part of a language file (lib/i18n/start-messages.ts). */
type PartialMessages = Partial<Messages>;

interface LanguagePack {
  messages: PartialMessages;
  antdLocale: AntdLocale;
}

// Only the chosen language is downloaded: each pack is its own chunks (messages, antd and dayjs locale). The
// messages come in two parts (lib/i18n/start-messages.ts): `?start`, what the first screens show, loads
// before the first render with antd's locale; `?rest` right after it (loadAllMessages), with dayjs and its
// locale, which only lazily loaded pages use (date pickers). Outside the build (tests) both queries give the
// whole file.
const packLoaders: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/zh-CN?start'),
      import('antd/es/locale/zh_CN'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
  'en-US': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/en-US?start'),
      import('antd/es/locale/en_US'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
  'zh-TW': async () => {
    const [messages, antd] = await Promise.all([
      import('../../locales/zh-TW?start'),
      import('antd/es/locale/zh_TW'),
    ]);
    return { messages: messages.default, antdLocale: antd.default };
  },
};
const restLoaders: Record<Language, () => Promise<[{ default: PartialMessages }, ...unknown[]]>> = {
  'zh-CN': () => Promise.all([import('../../locales/zh-CN?rest'), import('dayjs/locale/zh-cn')]),
  'en-US': () => Promise.all([import('../../locales/en-US?rest')]),
  'zh-TW': () => Promise.all([import('../../locales/zh-TW?rest'), import('dayjs/locale/zh-tw')]),
};

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

export const i18n = createTranslator();

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

const allMessages = new Map<Language, Promise<void>>();

/**
 * The rest of a language's messages (what the first screens do not show), added once. Lazily loaded pages
 * and components wait for it (lib/lazy-page.ts); main.tsx starts it right after the first render.
 */
export function loadAllMessages(language: Language = currentLanguage()): Promise<void> {
  // Before the first language pack there is nothing to add to; changeLanguage loads everything then.
  if (!i18n.isInitialized) return Promise.resolve();
  let loading = allMessages.get(language);
  if (!loading) {
    loading = Promise.all([restLoaders[language](), import('dayjs')]).then(([[rest], dayjs]) => {
      i18n.addMessages(language, rest.default as MessageTree);
      dayjs.default.locale(DAYJS_LOCALES[language]);
    });
    allMessages.set(language, loading);
    // A failed download is asked for again by the next page that needs it.
    loading.catch(() => allMessages.delete(language));
  }
  return loading;
}

/**
 * Loads a language pack and switches texts, antd components and dates to it; remembers the choice. With
 * `onlyFirstScreen` (the start, main.tsx) only the first screens' messages are awaited.
 */
export async function changeLanguage(
  language: Language,
  { onlyFirstScreen = false }: { onlyFirstScreen?: boolean } = {},
): Promise<void> {
  const pack = await packLoaders[language]();
  const isSwitch = i18n.isInitialized;
  if (!isSwitch) {
    i18n.init({ lng: language, messages: pack.messages as MessageTree });
  } else {
    i18n.addMessages(language, pack.messages as MessageTree);
  }
  // A language chosen later switches once all its texts are there, so no page shows a key meanwhile.
  if (!onlyFirstScreen) await loadAllMessages(language);
  if (isSwitch) i18n.changeLanguage(language);
  antdLocale = pack.antdLocale;
  writeStored('language', language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** `t` for code outside React (request layer, guards). */
export const translate: Translate = (key: MessageKey, values?: Record<string, string | number>) =>
  i18n.t(key, values ?? {});
