import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { LANGUAGE_LABELS } from '../lib/i18n/i18n';
import { useLanguageSwitch } from '../lib/i18n/use-language-switch';

interface LanguageSwitchProps {
  /** Show only the icon (narrow headers). */
  isCompact?: boolean;
  /** Text colour, for use on the dark navigation bar. */
  color?: string;
}

/** The header's language menu. */
export function LanguageSwitch({ isCompact = false, color }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const { language, isSwitching, select } = useLanguageSwitch();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_LABELS[lang]}</span>,
        })),
        onClick: ({ key }) => void select(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        loading={isSwitching}
        aria-label={t('header.language')}
        title={t('header.language')}
        style={color ? { color } : undefined}
        data-testid="language-switch"
      >
        {isCompact ? null : LANGUAGE_LABELS[language]}
      </Button>
    </Dropdown>
  );
}
