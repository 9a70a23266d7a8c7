import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginResponse } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';
import { startSession } from '../../../lib/storage';

/** `GET /api/Login/OfficialLogin?ticket=` (public): a website ticket becomes a session, stored. */
export async function officialLogin(ticket: string): Promise<LoginResponse> {
  const answer = await http.get<LoginResponse>(ApiPath.OfficialLogin, { params: { ticket }, silent: true });
  startSession(answer);
  return answer;
}
