import { useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n, subscribeLanguage } from './i18n';

const languageNow = () => i18n.language;

/**
 * `t` for React components, in the interface language, re-rendering them when it changes (changeLanguage
 * in i18n.ts). What the portal used of react-i18next's hook of the same name, without the library: one
 * i18next instance, no namespaces, no suspense (main.tsx loads the language before the first render).
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribeLanguage, languageNow, languageNow);
  const t = useMemo(
    // Before any language is loaded (a component test that sets none) a key reads as itself.
    () => (i18n.isInitialized ? i18n.getFixedT(language) : (((key: string) => key) as unknown as TFunction)),
    [language],
  );
  return { t, i18n };
}
