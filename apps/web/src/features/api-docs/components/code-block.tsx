import { Typography, theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** Preformatted text (JSON, a curl command) with a copy button; long lines scroll inside the block. */
export function CodeBlock({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="api-code" data-testid={testId}>
      <div className="api-code-head" style={{ color: token.colorTextSecondary }}>
        <span>{label}</span>
        <Typography.Text
          copyable={{ text, tooltips: [t('apiDocs.copy'), t('apiDocs.copied')] }}
          aria-label={t('apiDocs.copyWhat', { what: label })}
        />
      </div>
      <pre
        className="api-code-body"
        tabIndex={0}
        aria-label={label}
        style={{
          background: token.colorFillTertiary,
          color: token.colorText,
          borderRadius: token.borderRadius,
        }}
      >
        {text}
      </pre>
    </div>
  );
}
