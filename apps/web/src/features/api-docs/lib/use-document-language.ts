import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLanguage } from '../../../lib/i18n/i18n';

/** The interface language, followed as it changes: the document is asked for again in the new one. */
export function useDocumentLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, currentLanguage);
}
