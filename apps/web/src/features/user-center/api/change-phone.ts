import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CodeSent, PhoneCodeRequest } from '@portal/contracts/verification-code';
import { http } from '../../../lib/http/client';

/** `POST /api/User/SendChangePhoneSms?userPhone=`: a code to the NEW phone. */
export function sendChangePhoneSms(userPhone: string): Promise<CodeSent> {
  return http.post<CodeSent>(ApiPath.SendChangePhoneSms, undefined, { params: { userPhone }, silent: true });
}

/** `POST /api/User/ChangePhone`. */
export function changePhone(body: PhoneCodeRequest): Promise<unknown> {
  return http.post(ApiPath.ChangePhone, body, { silent: true });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['securitySetting'] });
      void queryClient.invalidateQueries({ queryKey: ['loginUserInfo'] });
    },
  });
}
