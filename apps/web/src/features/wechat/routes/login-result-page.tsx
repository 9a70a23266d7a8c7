import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicPayPage, PublicQueryProvider } from '../../../components/public-page';
import { isApiError } from '../../../lib/http/api-error';
import type { MessageKey } from '../../../lib/i18n/message-key';
import { loadSignedInState } from '../../../lib/session/complete-sign-in';
import { takePendingScene, transferBinding, transferLogin } from '../../../lib/wechat';

const HOME_PATH = '/user/index';
const USER_CENTER_PATH = '/user/userCenterManagement/userCenter';

/** Why a round trip failed, as the server's redirect names it. */
const REASONS: Record<string, MessageKey> = {
  expired: 'wechat.result.reason.expired',
  used: 'wechat.result.reason.used',
  refused: 'wechat.result.reason.refused',
  notFound: 'wechat.result.reason.notFound',
};

type State =
  { kind: 'working' } | { kind: 'done'; purpose: 'login' | 'bind' } | { kind: 'failed'; message: string };

/**
 * `/loginResult?source=wechat&result=success|failure&purpose=&reason=` (public): where a provider round
 * trip ends (WeChat's website login redirects through /api/WeChat/Callback to here). Success finishes with
 * the scene this browser started (sign in, or bind) and goes on; failure explains and offers the login page.
 */
export default function LoginResultPage() {
  return (
    <PublicQueryProvider>
      <LoginResult />
    </PublicQueryProvider>
  );
}

function LoginResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const result = params.get('result');
  const reason = params.get('reason') ?? '';
  const [state, setState] = useState<State>(() =>
    result === 'success'
      ? { kind: 'working' }
      : { kind: 'failed', message: t(REASONS[reason] ?? 'wechat.result.reason.unknown') },
  );
  const started = useRef(false);

  useEffect(() => {
    if (result !== 'success' || started.current) return;
    started.current = true;
    const pending = takePendingScene();
    if (!pending) {
      setState({ kind: 'failed', message: t('wechat.result.reason.noScene') });
      return;
    }
    void (async () => {
      try {
        if (pending.purpose === 'login') {
          await transferLogin(pending.sceneId);
          await loadSignedInState();
          void navigate(HOME_PATH, { replace: true });
        } else {
          await transferBinding(pending.sceneId);
          setState({ kind: 'done', purpose: 'bind' });
        }
      } catch (failure) {
        setState({
          kind: 'failed',
          message: isApiError(failure) ? failure.message : t('wechat.result.reason.unknown'),
        });
      }
    })();
  }, [result, navigate, t]);

  let body;
  if (state.kind === 'working')
    body = <Result icon={<Spin size="large" />} title={t('wechat.result.working')} />;
  else if (state.kind === 'done')
    body = (
      <Result
        status="success"
        title={t('wechat.binding.bound')}
        extra={
          <Button type="primary" onClick={() => void navigate(USER_CENTER_PATH, { replace: true })}>
            {t('wechat.result.continue')}
          </Button>
        }
        data-testid="login-result-success"
      />
    );
  else
    body = (
      <Result
        status="error"
        title={t('wechat.result.failed')}
        subTitle={<span data-testid="login-result-reason">{state.message}</span>}
        extra={
          <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
            {t('wechat.result.toLogin')}
          </Button>
        }
      />
    );
  return (
    <PublicPayPage title={t('wechat.result.title')} testId="login-result-page">
      {body}
    </PublicPayPage>
  );
}
