/**
 * Code a page will certainly need next, fetched ahead of time. The app registers loaders by name and a
 * feature asks for them without importing the app (for example the login page warms up the signed-in
 * shell while the sign-in request is on the wire).
 */
export type PreloadName =
  /** The signed-in shell, the home page and the message host: signing in ends there with a message. */
  | 'signedIn'
  /** The signed-in shell and the home page: a signed-in user opening the portal. */
  | 'home'
  /** The signed-in shell alone: any other signed-in page (the page's own chunk loads after it). */
  | 'privateArea'
  | 'login';

const loaders = new Map<PreloadName, () => Promise<unknown>>();

export function registerPreload(name: PreloadName, load: () => Promise<unknown>): void {
  loaders.set(name, load);
}

export function preload(name: PreloadName): void {
  // A failure here is harmless: the route loads (and reports) the chunk again when it is opened.
  loaders
    .get(name)?.()
    .catch(() => undefined);
}

/**
 * What the first screen at `pathname` will need, so main.tsx can fetch it alongside the language pack
 * instead of after it (each waterfall step costs a round trip and a render on a slow phone). Mirrors the
 * router: signed-out users of private pages end on the login page, signed-in users of /login on home.
 */
export function firstScreenPreload(
  pathname: string,
  isSignedIn: boolean,
  homePath: string,
): PreloadName | undefined {
  const isLogin = pathname === '/login' || pathname.startsWith('/login/');
  const isHome = pathname === '/' || pathname === '/user' || pathname === '/user/' || pathname === homePath;
  const isPrivate = pathname.startsWith('/user/');
  if (!isSignedIn) return isLogin || isHome || isPrivate ? 'login' : undefined;
  if (isLogin || isHome) return 'home';
  return isPrivate ? 'privateArea' : undefined;
}
