import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { isApiError } from '../../../lib/http/api-error';
import { loadSignedInState } from '../../../lib/session/complete-sign-in';
import { officialLogin } from '../api/sso-login';

const HOME_PATH = '/user/index';

/**
 * `/login/websiteLogin?ticket=` (public): the provider's website sends a signed-in customer here with a
 * single-use ticket; the page signs in with it (`Login/OfficialLogin`) and goes home, or says why not.
 */
export default function WebsiteLoginPage() {
  return (
    <PublicQueryProvider>
      <WebsiteLogin />
    </PublicQueryProvider>
  );
}

function WebsiteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const [error, setError] = useState<string | null>(ticket ? null : t('wechat.websiteLogin.missing'));
  // A ticket is single use: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!ticket || started.current) return;
    started.current = true;
    void (async () => {
      try {
        await officialLogin(ticket);
        await loadSignedInState();
        void navigate(HOME_PATH, { replace: true });
      } catch (failure) {
        setError(isApiError(failure) ? failure.message : t('wechat.websiteLogin.failed'));
      }
    })();
  }, [ticket, navigate, t]);

  return (
    <PublicPayPage title={t('wechat.websiteLogin.title')} testId="website-login-page">
      {error ? (
        <Result
          status="error"
          title={t('wechat.websiteLogin.failed')}
          subTitle={<span data-testid="website-login-error">{error}</span>}
          extra={
            <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
              {t('wechat.result.toLogin')}
            </Button>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('wechat.websiteLogin.signingIn')} />
      )}
    </PublicPayPage>
  );
}
