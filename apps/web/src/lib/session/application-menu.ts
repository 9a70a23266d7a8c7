import { ApiPath } from '@portal/contracts/api-paths';
import type { ApplicationMenuItem } from '@portal/contracts/application';
import { http } from '../http/client';
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
export async function fetchApplicationMenu(language: string): Promise<ApplicationMenuItem[]> {
  const menu = await http.post<ApplicationMenuItem[]>(ApiPath.QueryApplicationMenu, {});
  writeStored('menu', menu);
  latest = { language, menu, at: Date.now() };
  return menu;
}

export function latestApplicationMenu(language: string): { menu: ApplicationMenuItem[]; at: number } | null {
  return latest?.language === language ? latest : null;
}

/** Sends the request at start-up; see prefetchLoginUserInfo in login-user-info.ts. */
export function prefetchApplicationMenu(language: string): void {
  const request = fetchApplicationMenu(language);
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
