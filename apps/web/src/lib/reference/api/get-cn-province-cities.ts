import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CnCity } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/** `GET /api/Common/GetCnProvinceCitys?provinceName=`: the prefecture-level entries of a province. */
export function getCnProvinceCities(provinceName: string): Promise<CnCity[]> {
  return http.get<CnCity[]>(ApiPath.GetCnProvinceCities, { params: { provinceName } });
}

export const cnProvinceCitiesQuery = (provinceName: string) =>
  queryOptions({
    queryKey: ['reference', 'cnProvinceCities', provinceName],
    queryFn: () => getCnProvinceCities(provinceName),
    staleTime: REFERENCE_STALE_TIME_MS,
    gcTime: REFERENCE_GC_TIME_MS,
  });

/** Waits (disabled) until a province is chosen. */
export function useCnProvinceCities(provinceName: string | null | undefined) {
  return useQuery({ ...cnProvinceCitiesQuery(provinceName ?? ''), enabled: Boolean(provinceName) });
}
