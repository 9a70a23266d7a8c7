import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { loginTargetFrom } from './navigation';
import { importFirstScreen } from '../lib/lazy-page';
import { decideRouteAccess } from '../lib/route-access';
import { wasSessionClearedHere } from '../lib/storage';
import { uiEffects } from '../lib/ui-effects';
import { useStored } from '../lib/use-stored';
import { PRIVATE_ROUTES } from './route-table';

// Everything behind sign-in (query cache, shell, permission check) is one lazily loaded chunk, so the
// login page never downloads it.
const PrivateArea = lazy(() => importFirstScreen(() => import('./private-area')));

function RedirectToLogin() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    // The request layer or a sign-out already told the user why; only an expired stored session warns here.
    if (!wasSessionClearedHere()) uiEffects.showWarning(t('guard.sessionExpired'));
  }, [t]);
  const back = `${location.pathname}${location.search}`;
  const target = loginTargetFrom(back) ?? `/login?redirect=${encodeURIComponent(back)}`;
  return <Navigate to={target} replace />;
}

/**
 * First step of the route guard, in the entry chunk: a private route without a stored authorization
 * value shows "登录已失效，请重新登录" and goes to login. The permission chain is checked in PrivateArea.
 */
export function PrivateGate() {
  const location = useLocation();
  const authorization = useStored('authorization');
  const decision = decideRouteAccess({
    pathname: location.pathname,
    routes: PRIVATE_ROUTES,
    isSignedIn: authorization !== null,
    subject: { permissions: [], roles: [] },
  });
  if (decision.kind === 'login') return <RedirectToLogin />;
  return (
    <Suspense fallback={<PageLoading isFullScreen />}>
      <PrivateArea />
    </Suspense>
  );
}
