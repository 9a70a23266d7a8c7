import { ApiPath } from '@portal/contracts/api-paths';
import type { ApplicationMenuItem } from '@portal/contracts/application';
import { http } from '../http/client';
import { onSessionCleared, writeStored } from '../storage';

let latest: { language: string; menu: ApplicationMenuItem[]; at: number } | null = null;
// The last answer belongs to the session that fetched it.
onSessionCleared(() => {
  latest = null;
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
