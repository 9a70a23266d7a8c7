import { theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { LANGUAGES } from '@portal/contracts/languages';
import { LANGUAGE_LABELS } from '../../../lib/i18n/i18n';
import { useLanguageSwitch } from '../../../lib/i18n/use-language-switch';

/**
 * The login page's language choice: all three visible at once. Plain buttons styled like antd's
 * Segmented, because the first page should not download a component (and its tooltip) for three words.
 */
export function LoginLanguageSwitch() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { language, select } = useLanguageSwitch();
  return (
    <div
      role="group"
      aria-label={t('header.language')}
      className="login-language"
      style={{ background: token.colorFillTertiary, borderRadius: token.borderRadius }}
      data-testid="login-language-switch"
    >
      {LANGUAGES.map((lang) => {
        const isCurrent = lang === language;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={isCurrent}
            onClick={() => void select(lang)}
            style={{
              color: isCurrent ? token.colorText : token.colorTextSecondary,
              background: isCurrent ? token.colorBgContainer : 'transparent',
              boxShadow: isCurrent ? token.boxShadowTertiary : 'none',
              borderRadius: token.borderRadiusSM,
            }}
          >
            {LANGUAGE_LABELS[lang]}
          </button>
        );
      })}
    </div>
  );
}
