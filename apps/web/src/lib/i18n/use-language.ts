import { useSyncExternalStore } from 'react';
import type { Language } from '@portal/contracts/languages';
import { currentLanguage, subscribeLanguage } from './i18n';

/** The interface language; re-renders when the user switches it. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage);
}
