import { Suspense, lazy, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isCancel } from 'axios';
import type { LoginRequest, LoginResponse } from '@portal/contracts/auth';
import { BrandLogo } from '../../../components/brand-logo';
import { isApiError } from '../../../lib/http/api-error';
import { importWithTimeout } from '../../../lib/lazy-page';
import { preload } from '../../../lib/preload';
import { safeRedirectTarget } from '../../../lib/route-access';
import { useApplicationInfo } from '../../../lib/session/application-info';
import { loadSignedInState } from '../../../lib/session/complete-sign-in';
import { uiEffects } from '../../../lib/ui-effects';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { customerLogin } from '../api/customer-login';
import { LoginForm } from '../components/login-form';
import { LoginHero } from '../components/login-hero';
import { LoginLanguageSwitch } from '../components/login-language-switch';
import { LoginTabs, type LoginTab } from '../components/login-tabs';
import './login-page.css';

// Only users who still have the issued password need this dialog, so its code loads on demand.
const InitPasswordModal = lazy(() => importWithTimeout(() => import('../components/init-password-modal')));
// The other ways in load when their tab is chosen: the password form stays the first download.
const WeChatLoginTab = lazy(() =>
  importWithTimeout(() => import('../components/wechat-login-tab')).then((m) => ({
    default: m.WeChatLoginTab,
  })),
);

const HOME_PATH = '/user/index';
/** The public top-up page (@portal/contracts/recharge TOP_UP_PAGE; that module brings zod to this first page). */
const TOP_UP_PAGE = '/topUp';

/**
 * `standard` is /login. The source's variants: `custom` (/login/customLogin) is the white-label page a
 * provider gives its own domain — only the branding from the application info, no marketing panel;
 * `tms` (/login/customTmsLogin) is the same form styled like the provider's TMS console.
 */
export type LoginVariant = 'standard' | 'custom' | 'tms';

export default function LoginPage({ variant = 'standard' }: { variant?: LoginVariant }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: info } = useApplicationInfo();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);
  const [mustChangePassword, setMustChangePassword] = useState(false);
  const [tab, setTab] = useState<LoginTab>('password');
  useDocumentTitle(t('route.login'));

  const siteName = info?.webName || t('app.defaultName');
  // Signed out for arrears (203): paying is the way back in, so the page says so and leads to /topUp.
  const isArrears = searchParams.get('reason') === 'arrears';

  /** After sign-in: load who the user is and the menu, then open the page they came for. */
  const finishSignIn = async () => {
    setIsFinishing(true);
    try {
      await loadSignedInState();
      uiEffects.showSuccess(t('login.success'));
      navigate(safeRedirectTarget(searchParams.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch {
      // The request layer already reported the failure.
      setIsFinishing(false);
    }
  };

  /** A sign-in another way finished (WeChat QR): the same next steps as the password's. */
  const signedIn = async (answer: LoginResponse) => {
    preload('signedIn');
    if (answer.isInitPassword) setMustChangePassword(true);
    else await finishSignIn();
  };

  const submit = async (values: LoginRequest) => {
    setFormError(null);
    setIsSubmitting(true);
    preload('signedIn');
    try {
      const answer = await customerLogin(values);
      setIsSubmitting(false);
      if (answer.isInitPassword) setMustChangePassword(true);
      else await finishSignIn();
    } catch (error) {
      // A cancelled duplicate (double submit) changes nothing: the first request's outcome is what counts.
      if (isCancel(error)) return;
      setIsSubmitting(false);
      if (isApiError(error) && !error.isHandled) setFormError(error.message);
    }
  };

  return (
    <div
      className={`login-page login-page--${variant}`}
      data-variant={variant}
      style={variant === 'tms' ? undefined : { background: token.colorBgLayout }}
    >
      {variant === 'standard' ? (
        <LoginHero siteName={siteName} slogan={info?.webSlogan || t('app.defaultSlogan')} />
      ) : null}
      <main className="login-main">
        <div className="login-toolbar">
          <LoginLanguageSwitch />
        </div>
        <div
          className="login-panel"
          style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}
        >
          <div className="login-panel-brand" style={{ color: token.colorTextHeading }}>
            <BrandLogo size={36} color={token.colorPrimary} />
            <strong>{siteName}</strong>
          </div>
          <h1 className="login-title" style={{ color: token.colorTextHeading }}>
            {t('login.title')}
          </h1>
          <p className="login-subtitle" style={{ color: token.colorTextSecondary }}>
            {t('login.subtitle')}
          </p>
          {isArrears ? (
            <div
              role="alert"
              className="login-arrears"
              style={{
                background: token.colorWarningBg,
                border: `1px solid ${token.colorWarningBorder}`,
                borderRadius: token.borderRadiusLG,
                color: token.colorText,
              }}
              data-testid="login-arrears"
            >
              <span>{t('recharge.loginArrears')}</span>
              <Link to={TOP_UP_PAGE} style={{ color: token.colorLink, fontWeight: 600 }}>
                {t('recharge.loginLink')}
              </Link>
            </div>
          ) : null}
          <LoginTabs active={tab} onChange={setTab} />
          {tab === 'password' ? (
            <LoginForm
              isBusy={isSubmitting || isFinishing}
              error={formError}
              onSubmit={(values) => void submit(values)}
              onEdit={() => formError && setFormError(null)}
            />
          ) : null}
          {tab === 'wechat' ? (
            <Suspense fallback={null}>
              <WeChatLoginTab onSignedIn={signedIn} />
            </Suspense>
          ) : null}
          {isArrears ? null : (
            <p className="login-top-up">
              <Link to={TOP_UP_PAGE} style={{ color: token.colorTextSecondary }} data-testid="login-top-up">
                {t('recharge.loginLink')}
              </Link>
            </p>
          )}
        </div>
        {info && (info.footerSystemName || info.filingNumber) ? (
          <footer className="login-footer" style={{ color: token.colorTextTertiary }}>
            <span>{info.footerSystemName}</span>
            {info.filingNumber ? (
              <a
                href="https://beian.miit.gov.cn/"
                target="_blank"
                rel="noreferrer"
                style={{ color: 'inherit' }}
              >
                {info.filingNumber}
              </a>
            ) : null}
          </footer>
        ) : null}
      </main>
      {mustChangePassword ? (
        <Suspense fallback={null}>
          <InitPasswordModal
            onChanged={() => {
              setMustChangePassword(false);
              void finishSignIn();
            }}
            onSignedOut={() => setMustChangePassword(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
