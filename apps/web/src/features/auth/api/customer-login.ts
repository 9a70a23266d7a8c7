import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginRequest, LoginResponse } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';
import { startSession } from '../../../lib/storage';

/**
 * `POST /api/Login/CustomerLogin`: on success, clears what an earlier session left and stores the pair. Silent, because the login form shows
 * a wrong password or a throttled account next to the fields (in the server's localized words).
 */
export async function customerLogin(body: LoginRequest): Promise<LoginResponse> {
  const answer = await http.post<LoginResponse>(ApiPath.CustomerLogin, body, { silent: true });
  // A new session starts from nothing: no cached answer of an earlier user survives.
  startSession(answer);
  return answer;
}
