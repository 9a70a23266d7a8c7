import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { lazyPage } from '../lib/lazy-page';
import { registerPreload } from '../lib/preload';
import { PUBLIC_ROUTE_NAMES } from '../lib/route-access';
import { PrivateGate } from './private-gate';
import { PublicOnly } from './public-only';
import { useStored } from '../lib/use-stored';
import { RootRoute } from './root-route';
import { FORBIDDEN_PATH, HOME_PATH, PRIVATE_ROUTES, firstPagePath, type AppRoute } from './route-table';

const loadLoginPage = () => import('../features/auth/routes/login-page');
// The sign-in page is a first screen: it renders with the messages that load with the entry.
const LoginPage = lazyPage(loadLoginPage, { isFirstScreen: true });
const CustomLoginPage = lazyPage(
  () => loadLoginPage().then((m) => ({ default: () => <m.default variant="custom" /> })),
  { isFirstScreen: true },
);
const TmsLoginPage = lazyPage(
  () => loadLoginPage().then((m) => ({ default: () => <m.default variant="tms" /> })),
  { isFirstScreen: true },
);
const ForbiddenPage = lazyPage(() => import('../features/errors/routes/forbidden-page'));
const EmbeddedForbidden = lazyPage(() =>
  import('../features/errors/routes/forbidden-page').then((m) => ({
    default: () => <m.default isEmbedded />,
  })),
);
const TopUpPage = lazyPage(() => import('../features/recharge/routes/top-up-page'));
const RegisterPage = lazyPage(() => import('../features/registration/routes/register-page'));
const ProspectPage = lazyPage(() => import('../features/registration/routes/prospect-page'));
const PayResultPage = lazyPage(() => import('../features/recharge/routes/pay-result-page'));
const SandboxCashierPage = lazyPage(() => import('../features/recharge/routes/sandbox-cashier-page'));
const WeChatSandboxScanPage = lazyPage(() => import('../features/wechat/routes/sandbox-scan-page'));
const WebsiteLoginPage = lazyPage(() => import('../features/wechat/routes/website-login-page'));
const LoginResultPage = lazyPage(() => import('../features/wechat/routes/login-result-page'));
const NotFoundPage = lazyPage(() => import('../features/errors/routes/not-found-page'));
const ServerErrorPage = lazyPage(() => import('../features/errors/routes/server-error-page'));
const EmbeddedNotFound = lazyPage(() =>
  import('../features/errors/routes/not-found-page').then((m) => ({
    default: () => <m.default isEmbedded />,
  })),
);

function page(Component: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
    </Suspense>
  );
}

/** A route of the table whose name spec section 6 exempts from sign-in (apiDocument, apiTest). */
const isOpenToAll = (route: AppRoute) => PUBLIC_ROUTE_NAMES.includes(route.name);

/** Router entries for the private route table: pages render; groups open their first page. */
function privateRoutes(routes: readonly AppRoute[]): ReactNode[] {
  return routes.flatMap((route) => {
    const own: ReactNode[] = [];
    if (route.component) {
      // Pages open to all are routed outside the gate (openToAllRoutes).
      if (!isOpenToAll(route))
        own.push(<Route key={route.path} path={route.path} element={page(route.component)} />);
    } else {
      const first = firstPagePath(route);
      if (first)
        own.push(<Route key={route.path} path={route.path} element={<Navigate to={first} replace />} />);
    }
    return [...own, ...privateRoutes(route.children ?? [])];
  });
}

/**
 * Pages of the route table that also open signed out: signed in they render inside the shell like any
 * page (the guard treats their names as public, so no permission sends them to /403); signed out the
 * page renders alone and draws its own public frame.
 */
function openToAllRoutes(routes: readonly AppRoute[]): ReactNode[] {
  return routes.flatMap((route) => [
    ...(route.component && isOpenToAll(route)
      ? [
          <Route key={route.path} path={route.path} element={<SignedInOrPublic />}>
            <Route index element={page(route.component)} />
          </Route>,
        ]
      : []),
    ...openToAllRoutes(route.children ?? []),
  ]);
}

function SignedInOrPublic() {
  const isSignedIn = useStored('authorization') !== null;
  return isSignedIn ? <PrivateGate /> : <Outlet />;
}

/**
 * `/403`: signed in, the page shows inside the shell (header, menu, tabs) like the embedded 404; signed
 * out (a public route, spec section 2) it fills the screen.
 */
function ForbiddenRoute() {
  const isSignedIn = useStored('authorization') !== null;
  return isSignedIn ? <PrivateGate /> : <ForbiddenPage />;
}

/**
 * All routes. Public (spec sections 2 and 6): /login with its custom and TMS variants, registration and the
 * prospect link pages (/register, /customer, /customerInfoLink/customerInfoLink, /registerQuestionnaire),
 * the payment journey (/topUp, /payResult, /sandboxCashier), single sign-on and WeChat
 * (/login/websiteLogin, /loginResult, /wechatSandbox/scan), the open API's document and test pages (in
 * the shell when signed in, `openToAllRoutes`) and the 403/404/500 pages. The declarative router keeps the
 * first download small; navigation outside React goes through navigation.tsx.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootRoute />}>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        <Route path="/user" element={<Navigate to={HOME_PATH} replace />} />
        <Route
          path="/login"
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route
          path="/login/customLogin"
          element={
            <PublicOnly>
              <CustomLoginPage />
            </PublicOnly>
          }
        />
        <Route
          path="/login/customTmsLogin"
          element={
            <PublicOnly>
              <TmsLoginPage />
            </PublicOnly>
          }
        />
        {/* The payment journey: public, signed in or not (a customer in arrears cannot sign in). */}
        {/* The paths of @portal/contracts/recharge (TOP_UP_PAGE …), written out: that module brings zod. */}
        <Route path="/topUp" element={<TopUpPage />} />
        <Route path="/payResult" element={<PayResultPage />} />
        <Route path="/sandboxCashier" element={<SandboxCashierPage />} />
        {/* Registration and the prospect link pages (one form, three public addresses of spec section 2/6). */}
        <Route
          path="/register"
          element={
            <PublicOnly>
              <RegisterPage />
            </PublicOnly>
          }
        />
        <Route path="/customer" element={<ProspectPage />} />
        <Route path="/customerInfoLink/customerInfoLink" element={<ProspectPage />} />
        <Route path="/registerQuestionnaire" element={<ProspectPage />} />
        {/* Single sign-on and WeChat: public, signed in or not (a ticket signs in whoever it names). */}
        <Route path="/login/websiteLogin" element={<WebsiteLoginPage />} />
        <Route path="/loginResult" element={<LoginResultPage />} />
        <Route path="/wechatSandbox/scan" element={<WeChatSandboxScanPage />} />
        <Route path={FORBIDDEN_PATH} element={<ForbiddenRoute />}>
          <Route index element={page(EmbeddedForbidden)} />
        </Route>
        {openToAllRoutes(PRIVATE_ROUTES)}
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/500" element={<ServerErrorPage />} />
        <Route element={<PrivateGate />}>
          {privateRoutes(PRIVATE_ROUTES)}
          <Route path="/user/*" element={page(EmbeddedNotFound)} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

// What the first signed-in screen needs (signing in ends with a success message); the login page starts
// fetching it while signing in.
registerPreload('signedIn', () =>
  Promise.all([
    import('./private-area'),
    import('../features/home/routes/home-page'),
    import('./message-host'),
  ]),
);
registerPreload('home', () =>
  Promise.all([import('./private-area'), import('../features/home/routes/home-page')]),
);
registerPreload('privateArea', () => import('./private-area'));
registerPreload('login', loadLoginPage);
