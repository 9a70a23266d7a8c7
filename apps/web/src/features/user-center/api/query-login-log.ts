import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginLogEntry } from '@portal/contracts/auth';
import type { Page, PageQuery } from '@portal/contracts/pagination';
import { http } from '../../../lib/http/client';

/** `GET /api/User/QueryLoginLog?pageIndex=&pageSize=`, newest first. */
export function queryLoginLog(query: PageQuery): Promise<Page<LoginLogEntry>> {
  return http.get<Page<LoginLogEntry>>(ApiPath.QueryLoginLog, { params: query });
}

export function useLoginLog(query: PageQuery) {
  return useQuery({
    queryKey: ['loginLog', query.pageIndex, query.pageSize],
    queryFn: () => queryLoginLog(query),
    placeholderData: keepPreviousData,
  });
}
