import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../http/client';

/** `POST /api/Login/Logout`: ends the session on the server. Failures are the caller's to ignore. */
export function logout(): Promise<unknown> {
  return http.post(ApiPath.Logout, {}, { silent: true });
}
