import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ChangePasswordRequestSchema } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';

export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `POST /api/User/ChangePassword` with `{ oldPassword, newPassword }`; a wrong old password is shown inline. */
export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return http.post(ApiPath.ChangePassword, body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
