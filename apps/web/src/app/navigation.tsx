import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

let navigate: NavigateFunction | null = null;

/** Hands the router's navigate function to code outside React (the request layer's "go to login"). */
export function NavigationBridge() {
  const next = useNavigate();
  useEffect(() => {
    navigate = next;
  }, [next]);
  return null;
}

/** After the session ended: the login page, remembering where the user was. */
export function goToLogin(): void {
  const { pathname, search } = window.location;
  const back = pathname.startsWith('/login') ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  if (navigate) void navigate(`/login${back}`, { replace: true });
  else window.location.assign(`/login${back}`);
}

/** Opens a page of the portal from outside the router's tree (a link inside a message). */
export function navigateTo(path: string): void {
  if (navigate) void navigate(path);
  else window.location.assign(path);
}
