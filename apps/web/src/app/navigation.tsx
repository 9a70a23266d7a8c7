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
  if (navigate) void navigate(`/login${query}`, { replace: true });
  else window.location.assign(`/login${query}`);
}

/** Opens a page of the portal from outside the router's tree (a link inside a message). */
export function navigateTo(path: string): void {
  if (navigate) void navigate(path);
  else window.location.assign(path);
}
