import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLoginUserInfo, latestLoginUserInfo, takePrefetchedLoginUserInfo } from './login-user-info';

export const loginUserInfoQuery = queryOptions({
  queryKey: ['loginUserInfo'],
  queryFn: () => takePrefetchedLoginUserInfo() ?? fetchLoginUserInfo(),
  initialData: () => latestLoginUserInfo()?.info,
  initialDataUpdatedAt: () => latestLoginUserInfo()?.at,
});

/** Who is signed in, for the signed-in pages. */
export function useLoginUserInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...loginUserInfoQuery, enabled: options.enabled ?? true });
}
