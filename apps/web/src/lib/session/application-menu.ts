import { ApiPath } from '@portal/contracts/api-paths';
import type { ApplicationMenuItem } from '@portal/contracts/application';
import { http } from '../http/client';
import { startCall } from '../http/start-call';
import { onSessionCleared, writeStored } from '../storage';

let latest: { language: string; menu: ApplicationMenuItem[]; at: number } | null = null;
let prefetched: { language: string; request: Promise<ApplicationMenuItem[]> } | null = null;
// The last answer belongs to the session that fetched it.
onSessionCleared(() => {
  latest = null;
  prefetched = null;
});

/**
 * `POST /api/Common/QueryApplicationMenu`: the menu tree, already filtered by the server for this user.
 * The query hook lives in use-application-menu.ts (see login-user-info.ts for why).
 */
export function fetchApplicationMenu(language: string): Promise<ApplicationMenuItem[]> {
  return keep(language, http.post<ApplicationMenuItem[]>(ApiPath.QueryApplicationMenu, {}));
}

async function keep(
  language: string,
  request: Promise<ApplicationMenuItem[]>,
): Promise<ApplicationMenuItem[]> {
  const menu = await request;
  writeStored('menu', menu);
  latest = { language, menu, at: Date.now() };
  return menu;
}

export function latestApplicationMenu(language: string): { menu: ApplicationMenuItem[]; at: number } | null {
  return latest?.language === language ? latest : null;
}

/** Sends the request at start-up (with `fetch`, start-call.ts); see prefetchLoginUserInfo in login-user-info.ts. */
export function prefetchApplicationMenu(language: string): void {
  const request = keep(language, startCall<ApplicationMenuItem[]>('POST', ApiPath.QueryApplicationMenu, {}));
  const entry = { language, request };
  prefetched = entry;
  request
    .finally(() => {
      if (prefetched === entry) prefetched = null;
    })
    .catch(() => undefined);
}

/** The prefetched request for `language` while it is on the wire, handed out once. */
export function takePrefetchedApplicationMenu(language: string): Promise<ApplicationMenuItem[]> | null {
  if (prefetched?.language !== language) return null;
  const { request } = prefetched;
  prefetched = null;
  return request;
}
