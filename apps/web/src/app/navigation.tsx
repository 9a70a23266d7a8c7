import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { LoginReason } from '../lib/ui-effects';

let navigate: NavigateFunction | null = null;

/** Hands the router's navigate function to code outside React (the request layer's "go to login"). */
export function NavigationBridge() {
  const next = useNavigate();
  useEffect(() => {
    navigate = next;
  }, [next]);
  return null;
}

/**
 * Where the request layer is sending the user, and from where. The router applies navigations as
 * transitions, so the entry's gate can render the signed-out page first and redirect on its own; it asks
 * {@link loginTargetFrom} so both go to the same place and the reason (`arrears`) is not lost.
 */
let pendingLogin: { from: string; to: string; at: number } | null = null;
/** Long enough for the router to apply the navigation; a later sign-out elsewhere starts afresh. */
const PENDING_LOGIN_MS = 5_000;

/** The login URL the request layer chose for the user on `from` (path + query), if it just chose one. */
export function loginTargetFrom(from: string): string | null {
  if (!pendingLogin || pendingLogin.from !== from) return null;
  return Date.now() - pendingLogin.at < PENDING_LOGIN_MS ? pendingLogin.to : null;
}

/**
 * After the session ended: the login page, remembering where the user was, and why when the page has more
 * to say (`reason=arrears`: the way to pay on /topUp).
 */
export function goToLogin(reason?: LoginReason): void {
  const { pathname, search } = window.location;
  const params = new URLSearchParams();
  if (!pathname.startsWith('/login')) params.set('redirect', pathname + search);
  else {
    // Already there (a refused sign-in): keep where the user wanted to go.
    const redirect = new URLSearchParams(search).get('redirect');
    if (redirect) params.set('redirect', redirect);
  }
  if (reason) params.set('reason', reason);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  pendingLogin = { from: pathname + search, to: `/login${query}`, at: Date.now() };
  if (navigate) void navigate(pendingLogin.to, { replace: true });
  else window.location.assign(pendingLogin.to);
}

/** Opens a page of the portal from outside the router's tree (a link inside a message). */
export function navigateTo(path: string): void {
  if (navigate) void navigate(path);
  else window.location.assign(path);
}
