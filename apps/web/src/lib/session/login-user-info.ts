import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginUserInfo } from '@portal/contracts/auth';
import { http } from '../http/client';
import { startCall } from '../http/start-call';
import { onSessionCleared, writeStored } from '../storage';

let latest: { info: LoginUserInfo; at: number } | null = null;
let prefetched: Promise<LoginUserInfo> | null = null;
// The last answer belongs to the session that fetched it.
onSessionCleared(() => {
  latest = null;
  prefetched = null;
});

/**
 * `GET /api/Common/GetLoginUserInfo`; keeps permissions, roles and user type in storage for the guards.
 * The query hook lives in use-login-user-info.ts so the login page can call this without the query
 * library.
 */
export function fetchLoginUserInfo(): Promise<LoginUserInfo> {
  return keep(http.get<LoginUserInfo>(ApiPath.GetLoginUserInfo));
}

/** The answer, once it comes, is remembered for this page view and its permissions stored for the guards. */
async function keep(request: Promise<LoginUserInfo>): Promise<LoginUserInfo> {
  const info = await request;
  writeStored('permissions', info.permissions);
  writeStored('roles', info.roles);
  writeStored('userType', info.userType);
  latest = { info, at: Date.now() };
  return info;
}

/** The last answer in this page view (the sign-in just fetched it), so the shell need not ask again. */
export function latestLoginUserInfo(): { info: LoginUserInfo; at: number } | null {
  return latest;
}

/**
 * Sends the request at start-up, before the signed-in shell's code has arrived (main.tsx), with `fetch`
 * rather than waiting for the request client (start-call.ts), so the shell's query takes this request
 * (takePrefetchedLoginUserInfo) instead of sending its own a round trip later. A failure is reported by the
 * request layer and again by the query that takes it.
 */
export function prefetchLoginUserInfo(): void {
  const request = keep(startCall<LoginUserInfo>('GET', ApiPath.GetLoginUserInfo));
  prefetched = request;
  // Only a request still on the wire is handed out: once settled, its answer is `latest` (the query's
  // initial data) and a later refetch must ask the server again.
  request
    .finally(() => {
      if (prefetched === request) prefetched = null;
    })
    .catch(() => undefined);
}

/** The prefetched request while it is on the wire, handed out once. */
export function takePrefetchedLoginUserInfo(): Promise<LoginUserInfo> | null {
  const request = prefetched;
  prefetched = null;
  return request;
}
