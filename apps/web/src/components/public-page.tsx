import type { ReactNode } from 'react';
import { theme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation';
import { BrandLogo } from './brand-logo';
import { LanguageSwitch } from './language-switch';
import { queryClient } from '../lib/query-client';
import { useApplicationInfo } from '../lib/session/application-info';
import { useDocumentTitle } from '../lib/use-document-title';
import './public-page.css';

/**
 * The frame of the public pages that open without signing in (payment: a customer in arrears cannot;
 * the WeChat sandbox scan and the single sign-on pages):
 * no shell, the login page's card and brand, and the language choice.
 */
export function PublicPayPage({
  title,
  subtitle,
  footer,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: info } = useApplicationInfo();
  useDocumentTitle(title);
  return (
    <div className="pay-public" style={{ background: token.colorBgLayout }} data-testid={testId}>
      <div className="pay-public-toolbar">
        <LanguageSwitch />
      </div>
      <div className="pay-public-brand" style={{ color: token.colorTextHeading }}>
        <BrandLogo size={32} color={token.colorPrimary} />
        <strong>{info?.webName || t('app.defaultName')}</strong>
      </div>
      <main
        className="pay-public-panel"
        style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}
      >
        <h1 className="pay-public-title" style={{ color: token.colorTextHeading }}>
          {title}
        </h1>
        {subtitle ? (
          <p className="pay-public-subtitle" style={{ color: token.colorTextSecondary }}>
            {subtitle}
          </p>
        ) : null}
        {children}
      </main>
      {footer ? (
        <footer className="pay-public-footer" style={{ color: token.colorLink }}>
          {footer}
        </footer>
      ) : null}
    </div>
  );
}

/** The query cache for a public page: the signed-in area's provider is not mounted outside the shell. */
export function PublicQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
