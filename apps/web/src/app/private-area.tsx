import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useAccess } from '../lib/access/use-access';
import { queryClient } from '../lib/query-client';
import { decideRouteAccess } from '../lib/route-access';
import { useLoginUserInfo } from '../lib/session/use-login-user-info';
import { useStored } from '../lib/use-stored';
import AppShell from './layouts/app-shell';
import { PRIVATE_ROUTES } from './route-table';

/**
 * The route guard's permission step: every level of the route's authority chain must pass, else /403.
 * Permissions and roles are refreshed once per page load; the guard waits only if none were stored.
 */
function PermissionGate() {
  const location = useLocation();
  const authorization = useStored('authorization');
  const permissions = useStored('permissions');
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
  if (permissions === null && userInfo.isPending) return <PageLoading isFullScreen />;
  if (decision.kind === 'forbidden') return <Navigate to="/403" replace />;
  return <AppShell chain={decision.kind === 'allow' ? decision.chain : null} />;
}

/** Everything behind sign-in: the query cache, the permission check and the shell. */
export default function PrivateArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <PermissionGate />
    </QueryClientProvider>
  );
}
