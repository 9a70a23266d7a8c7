import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { RouteErrorBoundary } from './route-error-boundary';
import { useApplicationInfo } from '../lib/session/application-info';
import { checkForNewVersion } from '../lib/version-check';
import { uiEffects } from '../lib/ui-effects';

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Meta keywords, description and favicon from the application info of this host. */
function useApplicationHead(): void {
  const { data: info } = useApplicationInfo();
  useEffect(() => {
    if (!info) return;
    setMeta('keywords', info.webKeyword);
    setMeta('description', info.webDescription);
    if (info.favicon) setFavicon(info.favicon);
  }, [info]);
}

/** The top of every page: head tags, the version check on each navigation, and the page loader. */
export function RootRoute() {
  const location = useLocation();
  useApplicationHead();
  useEffect(() => {
    void checkForNewVersion(() => uiEffects.reload());
  }, [location.pathname]);
  return (
    <RouteErrorBoundary resetKey={location.pathname} isFullScreen>
      <Suspense fallback={<PageLoading isFullScreen />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
