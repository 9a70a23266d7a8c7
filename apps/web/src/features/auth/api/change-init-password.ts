import type { z } from 'zod';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ChangeInitPasswordRequestSchema } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';

export type ChangeInitPasswordRequest = z.infer<typeof ChangeInitPasswordRequestSchema>;

/**
 * `POST /api/User/ChangeInitPassword` with `{ newPassword }`. Silent: the dialog shows the server's
 * field problems (for example the issued password again) next to the field. No query hook: it runs on
 * the login page, which stays outside the query cache to keep the first download small.
 */
export function changeInitPassword(body: ChangeInitPasswordRequest): Promise<unknown> {
  return http.post(ApiPath.ChangeInitPassword, body, { silent: true });
}
