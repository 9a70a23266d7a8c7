import type { ReactNode } from 'react';
import { Button, theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageSwitch } from '../../../components/language-switch';
import { PublicQueryProvider } from '../../../components/public-page';
import { useApplicationInfo } from '../../../lib/session/application-info';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useStored } from '../../../lib/use-stored';
import './api-pages.css';

/**
 * The API pages open signed in (inside the shell, which gives the frame, title and query cache) and
 * signed out (spec section 6: apiDocument and apiTest are public route names): then this wide public
 * frame with the brand, the language choice and a way to sign in.
 */
export function ApiPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const isSignedIn = useStored('authorization') !== null;
  if (isSignedIn) return <>{children}</>;
  return (
    <PublicQueryProvider>
      <PublicFrame title={title}>{children}</PublicFrame>
    </PublicQueryProvider>
  );
}

function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: info } = useApplicationInfo();
  const isMobile = useIsMobile();
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="api-public" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <header
        className="api-public-header"
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <span className="api-public-brand" style={{ color: token.colorTextHeading }}>
          <BrandLogo size={28} color={token.colorPrimary} />
          {isMobile ? null : <strong>{info?.webName || t('app.defaultName')}</strong>}
        </span>
        <h1
          className="api-public-title"
          style={{
            color: token.colorTextHeading,
            borderInlineStart: `1px solid ${token.colorBorder}`,
            paddingInlineStart: 12,
          }}
        >
          {title}
        </h1>
        <span className="api-public-spacer" />
        <LanguageSwitch isCompact={isMobile} />
        <Button
          type="primary"
          size={isMobile ? 'small' : 'middle'}
          onClick={() => void navigate(`/login?redirect=${back}`)}
        >
          {t('apiDocs.signIn')}
        </Button>
      </header>
      <main className="api-public-main">{children}</main>
    </div>
  );
}
