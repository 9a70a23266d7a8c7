import { useState } from 'react';
import type { Language } from '@portal/contracts/languages';
import { changeLanguage } from './i18n';
import { useLanguage } from './use-language';

/** The current language and a switcher that loads the new pack first; the choice is remembered. */
export function useLanguageSwitch() {
  const language = useLanguage();
  const [isSwitching, setIsSwitching] = useState(false);
  const select = async (next: Language) => {
    if (next === language) return;
    setIsSwitching(true);
    try {
      await changeLanguage(next);
    } finally {
      setIsSwitching(false);
    }
  };
  return { language, isSwitching, select };
}
