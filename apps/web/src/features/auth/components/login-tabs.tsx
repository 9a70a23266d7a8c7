import { theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MessageKey } from '../../../lib/i18n/message-key';

/** The ways in the login page offers, in order; each way's panel lives in its own component file. */
const TABS = [
  { key: 'password', label: 'smsCode.tabPassword' },
  { key: 'sms', label: 'smsCode.tabSms' },
  { key: 'wechat', label: 'wechat.loginTabs.wechat' },
] as const satisfies readonly { key: string; label: MessageKey }[];
export type LoginTab = (typeof TABS)[number]['key'];

/**
 * The tab strip above the login panel: plain buttons with tab semantics (arrow keys move between them),
 * not antd Tabs, so the first page a user opens stays small.
 */
export function LoginTabs({ active, onChange }: { active: LoginTab; onChange: (tab: LoginTab) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const move = (from: number, step: number) => {
    const next = TABS[(from + step + TABS.length) % TABS.length]!;
    onChange(next.key);
    document.getElementById(`login-tab-${next.key}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('login.title')}
      className="login-tabs"
      style={{ borderBottom: `1px solid ${token.colorSplit}` }}
    >
      {TABS.map((tab, index) => {
        const isActive = tab.key === active;
        return (
          <button
            key={tab.key}
            id={`login-tab-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={isActive}
            // Only the chosen tab's panel is in the page.
            aria-controls={isActive ? `login-tabpanel-${tab.key}` : undefined}
            className="login-tab"
            tabIndex={isActive ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
            style={{
              color: isActive ? token.colorPrimary : token.colorTextSecondary,
              borderBottom: `2px solid ${isActive ? token.colorPrimary : 'transparent'}`,
              fontSize: token.fontSizeLG,
            }}
            data-testid={`login-tab-${tab.key}`}
          >
            {t(tab.label)}
          </button>
        );
      })}
    </div>
  );
}
