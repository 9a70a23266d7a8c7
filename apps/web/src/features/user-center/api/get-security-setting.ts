import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { SecuritySetting } from '@portal/contracts/auth';
import { http } from '../../../lib/http/client';

/** `GET /api/User/SecuritySetting`. */
export function getSecuritySetting(): Promise<SecuritySetting> {
  return http.get<SecuritySetting>(ApiPath.SecuritySetting);
}

export const securitySettingQuery = queryOptions({
  queryKey: ['securitySetting'],
  queryFn: getSecuritySetting,
});

export function useSecuritySetting() {
  return useQuery(securitySettingQuery);
}
