import { ApiPath } from '@portal/contracts/api-paths';
import type {
  CodeSent,
  ForgetPasswordRequest,
  PhoneCodeRequest,
  ResetTicket,
} from '@portal/contracts/verification-code';
import { http } from '../../../lib/http/client';

/** `POST /api/Login/ForGetPasswordSendSMS?userPhone=`. */
export function sendResetSms(userPhone: string): Promise<CodeSent> {
  return http.post<CodeSent>(ApiPath.ForgetPasswordSendSms, undefined, {
    params: { userPhone },
    silent: true,
  });
}

/** `POST /api/Login/ForGetPasswordCheckSMSCode`: uses the code, answers the ticket for the new password. */
export function checkResetCode(body: PhoneCodeRequest): Promise<ResetTicket> {
  return http.post<ResetTicket>(ApiPath.ForgetPasswordCheckSmsCode, body, { silent: true });
}

/** `POST /api/Login/ForgetPassword`: the new password; every session of the user ends. */
export function forgetPassword(body: ForgetPasswordRequest): Promise<unknown> {
  return http.post(ApiPath.ForgetPassword, body, { silent: true });
}
