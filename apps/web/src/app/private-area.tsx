import { Suspense, lazy, useEffect } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { PageLoading } from '../components/page-loading';
import { useAccess } from '../lib/access/use-access';
import { importWithTimeout } from '../lib/lazy-page';
import { queryClient } from '../lib/query-client';
import { decideRouteAccess, findRouteChain } from '../lib/route-access';
import { loginUserInfoQuery, useLoginUserInfo } from '../lib/session/use-login-user-info';
import { useStored } from '../lib/use-stored';
import AppShell from './layouts/app-shell';
import { FORBIDDEN_PATH, PRIVATE_ROUTES } from './route-table';
import { preloadMessageHost } from './ui-effects-bridge';

// Only users who still have the issued password need this dialog, so its code loads on demand.
const InitPasswordModal = lazy(() =>
  importWithTimeout(() => import('../features/auth/components/init-password-modal')),
);

/**
 * While the user still has the issued password the server refuses every page's calls (403), so the
 * signed-in area shows only the dialog: change the password, or sign out.
 */
function InitPasswordBlock() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Suspense fallback={<PageLoading isFullScreen />}>
      <InitPasswordModal
        onChanged={() => {
          queryClient.setQueryData(loginUserInfoQuery.queryKey, (info: LoginUserInfo | undefined) =>
            info ? { ...info, isInitPassword: false } : info,
          );
          void queryClient.invalidateQueries({ queryKey: loginUserInfoQuery.queryKey });
        }}
        onSignedOut={() => void navigate('/login', { replace: true })}
      />
    </Suspense>
  );
}

/**
 * The route guard's permission step: every level of the route's authority chain must pass, else /403.
 * Permissions and roles are refreshed once per page load, and the guard waits for that first answer.
 */
function PermissionGate() {
  const location = useLocation();
  const authorization = useStored('authorization');
  const { subject } = useAccess();
  const isSignedIn = authorization !== null;
  const userInfo = useLoginUserInfo({ enabled: isSignedIn });
  const decision = decideRouteAccess({
    pathname: location.pathname,
    routes: PRIVATE_ROUTES,
    isSignedIn,
    subject,
  });

  // Signed out while here (another tab, or the session ended): the entry's gate redirects.
  if (decision.kind === 'login') return null;
  // Who the user is decides whether any page may open (an initial password blocks them all), so the
  // first answer is awaited; right after sign-in it is already there.
  if (userInfo.isPending) return <PageLoading isFullScreen />;
  if (userInfo.data?.isInitPassword) return <InitPasswordBlock />;
  if (decision.kind === 'forbidden') return <Navigate to="/403" replace />;
  // /403 opened while signed in keeps the header, menu and tabs around it (router.tsx).
  return (
    <AppShell
      chain={
        decision.kind === 'allow'
          ? decision.chain
          : // A public route name inside the table (apiDocument, apiTest) keeps its title and tab.
            decision.kind === 'public'
            ? findRouteChain(PRIVATE_ROUTES, location.pathname)
            : null
      }
      isForbidden={location.pathname === FORBIDDEN_PATH}
    />
  );
}

/** Everything behind sign-in: the query cache, the permission check and the shell. */
export default function PrivateArea() {
  // Signed-in pages confirm most actions with a message; fetch its code alongside the shell.
  useEffect(preloadMessageHost, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PermissionGate />
    </QueryClientProvider>
  );
}
