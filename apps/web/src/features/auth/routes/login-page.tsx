import { Suspense, lazy, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginRequest, LoginResponse } from '@portal/contracts/auth';
import type { PhoneCodeRequest } from '@portal/contracts/verification-code';
import { BrandLogo } from '../../../components/brand-logo';
import { isApiError, isCancelledRequest } from '../../../lib/http/api-error';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { useAllMessagesAfterPaint } from '../../../lib/i18n/use-all-messages-after-paint';
import { importWithTimeout } from '../../../lib/lazy-page';
import { preload } from '../../../lib/preload';
import { safeRedirectTarget } from '../../../lib/route-access';
import { fetchApplicationMenu } from '../../../lib/session/application-menu';
import { useApplicationInfo } from '../../../lib/session/application-info';
import { fetchLoginUserInfo } from '../../../lib/session/login-user-info';
import { uiEffects } from '../../../lib/ui-effects';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { customerLogin } from '../api/customer-login';
import { smsLogin } from '../api/sms-login';
import { FormAlert } from '../components/form-alert';
import { LoginForm } from '../components/login-form';
import { LoginTabs, type LoginTab } from '../components/login-tabs';
import { LoginHero } from '../components/login-hero';
import { LoginLanguageSwitch } from '../components/login-language-switch';
import './login-page.css';

// Only users who still have the issued password need this dialog, so its code loads on demand.
const InitPasswordModal = lazy(() => importWithTimeout(() => import('../components/init-password-modal')));
// Forgot password is opened by few, and uses antd's Form: it loads when opened.
const ForgotPassword = lazy(() => importWithTimeout(() => import('../components/forgot-password')));

// The other ways in load when their tab is chosen: the password form stays the first download.
const SmsLoginForm = lazy(() =>
  importWithTimeout(() => import('../components/sms-login-form')).then((m) => ({
    default: m.SmsLoginForm,
  })),
);
const WeChatLoginTab = lazy(() =>
  importWithTimeout(() => import('../components/wechat-login-tab')).then((m) => ({
    default: m.WeChatLoginTab,
  })),
);

/** How the panel signs in: one of the tabs (password, SMS code, WeChat), or the forgot-password flow. */
type PanelMode = LoginTab | 'forgot';

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
  const [mode, setMode] = useState<PanelMode>('password');
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(t('route.login'));
  useAllMessagesAfterPaint();

  const siteName = info?.webName || t('app.defaultName');
  // Signed out for arrears (203): paying is the way back in, so the page says so and leads to /topUp.
  const isArrears = searchParams.get('reason') === 'arrears';

  /** After sign-in: load who the user is and the menu, then open the page they came for. */
  const finishSignIn = async () => {
    setIsFinishing(true);
    try {
      await Promise.all([fetchLoginUserInfo(), fetchApplicationMenu(currentLanguage())]);
      uiEffects.showSuccess(t('login.success'));
      navigate(safeRedirectTarget(searchParams.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch {
      // The request layer already reported the failure.
      setIsFinishing(false);
    }
  };

  /** Runs a sign-in call (password or SMS) and what follows it. */
  const signInWith = async (login: () => Promise<LoginResponse>) => {
    setFormError(null);
    setNotice(null);
    setIsSubmitting(true);
    preload('signedIn');
    try {
      const answer = await login();
      setIsSubmitting(false);
      if (answer.isInitPassword) setMustChangePassword(true);
      else await finishSignIn();
    } catch (error) {
      // A cancelled duplicate (double submit) changes nothing: the first request's outcome is what counts.
      if (isCancelledRequest(error)) return;
      setIsSubmitting(false);
      if (isApiError(error) && !error.isHandled) setFormError(error.message);
    }
  };
  /** A sign-in another way finished (WeChat QR): the same next steps as the password's. */
  const signedIn = async (answer: LoginResponse) => {
    preload('signedIn');
    if (answer.isInitPassword) setMustChangePassword(true);
    else await finishSignIn();
  };
  const submit = (values: LoginRequest) => signInWith(() => customerLogin(values));
  const submitSms = (values: PhoneCodeRequest) => signInWith(() => smsLogin(values));
  const switchMode = (next: PanelMode) => {
    setFormError(null);
    if (next !== 'password') setNotice(null);
    setMode(next);
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
            {mode === 'forgot' ? t('smsCode.forgotTitle') : t('login.title')}
          </h1>
          {mode === 'forgot' || mode === 'password' ? (
            <p className="login-subtitle" style={{ color: token.colorTextSecondary }}>
              {mode === 'forgot' ? t('smsCode.forgotSubtitle') : t('login.subtitle')}
            </p>
          ) : null}
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
          {mode === 'forgot' ? (
            <Suspense fallback={null}>
              <ForgotPassword
                onDone={() => {
                  setMode('password');
                  setNotice(t('smsCode.resetDone'));
                }}
                onCancel={() => switchMode('password')}
              />
            </Suspense>
          ) : (
            <>
              <LoginTabs active={mode} onChange={switchMode} />
              {notice ? <FormAlert type="success" message={notice} /> : null}
              <div role="tabpanel" id={`login-tabpanel-${mode}`} aria-labelledby={`login-tab-${mode}`}>
                {mode === 'wechat' ? (
                  <Suspense fallback={null}>
                    <WeChatLoginTab onSignedIn={signedIn} />
                  </Suspense>
                ) : mode === 'sms' ? (
                  <Suspense fallback={null}>
                    <SmsLoginForm
                      isBusy={isSubmitting || isFinishing}
                      error={formError}
                      onSubmit={(values) => void submitSms(values)}
                      onError={setFormError}
                    />
                  </Suspense>
                ) : (
                  <LoginForm
                    isBusy={isSubmitting || isFinishing}
                    error={formError}
                    onSubmit={(values) => void submit(values)}
                    onEdit={() => {
                      if (formError) setFormError(null);
                      if (notice) setNotice(null);
                    }}
                  />
                )}
              </div>
              <p className="login-forgot">
                {mode === 'wechat' ? null : (
                  <button
                    type="button"
                    className="login-link-button"
                    onClick={() => switchMode('forgot')}
                    style={{ color: token.colorLink, marginInlineEnd: 16 }}
                    data-testid="forgot-password-link"
                  >
                    {t('smsCode.forgotLink')}
                  </button>
                )}
                <Link to="/register" style={{ color: token.colorLink }} data-testid="register-link">
                  {t('registration.link')}
                </Link>
              </p>
            </>
          )}
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
