import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginRequest, LoginResponse } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';
import { saveTokens } from '../../../lib/storage';

/**
 * `POST /api/Login/CustomerLogin`: stores the token pair on success. Silent, because the login form shows
 * a wrong password or a throttled account next to the fields (in the server's localized words).
 */
export async function customerLogin(body: LoginRequest): Promise<LoginResponse> {
  const answer = await http.post<LoginResponse>(ApiPath.CustomerLogin, body, { silent: true });
  saveTokens(answer);
  return answer;
}
