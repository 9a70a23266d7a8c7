import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CnDivision } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/** `GET /api/Common/GetAllCnProvices`: every provincial-level division with its official code. */
export function getAllCnProvinces(): Promise<CnDivision[]> {
  return http.get<CnDivision[]>(ApiPath.GetAllCnProvinces);
}

export const cnProvincesQuery = queryOptions({
  queryKey: ['reference', 'cnProvinces'],
  queryFn: getAllCnProvinces,
  staleTime: REFERENCE_STALE_TIME_MS,
  gcTime: REFERENCE_GC_TIME_MS,
});

export function useCnProvinces() {
  return useQuery(cnProvincesQuery);
}
