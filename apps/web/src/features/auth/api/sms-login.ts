import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginResponse } from '@portal/contracts/auth';
import type { CodeSent, PhoneCodeRequest } from '@portal/contracts/verification-code';
import { http } from '../../../lib/http/client';
import { startSession } from '../../../lib/storage';

/** `POST /api/Login/SendLoginSms`: the same answer whether or not the phone has an account. */
export function sendLoginSms(userPhone: string): Promise<CodeSent> {
  return http.post<CodeSent>(ApiPath.SendLoginSms, { userPhone }, { silent: true });
}

/** `POST /api/Login/SmsLogin`: signs in with the phone and its code, like the password sign-in. */
export async function smsLogin(body: PhoneCodeRequest): Promise<LoginResponse> {
  const answer = await http.post<LoginResponse>(ApiPath.SmsLogin, body, { silent: true });
  startSession(answer);
  return answer;
}
