import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { SystemInfo } from '@portal/contracts/notification';
import { http } from '../../../lib/http/client';

/** `GET /api/ApplicationInfo/GetSystemInfo`. Silent: the page shows its own error state. */
export function getSystemInfo(): Promise<SystemInfo> {
  return http.get<SystemInfo>(ApiPath.GetSystemInfo, { silent: true });
}

export function useSystemInfo() {
  return useQuery({ queryKey: ['systemInfo'], queryFn: getSystemInfo, staleTime: 0 });
}
