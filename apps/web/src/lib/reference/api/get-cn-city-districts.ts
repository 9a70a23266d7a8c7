import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CnDivision } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/** `GET /api/Common/GetCnCityDistricts?cityName=`: the county-level divisions of a city. */
export function getCnCityDistricts(cityName: string): Promise<CnDivision[]> {
  return http.get<CnDivision[]>(ApiPath.GetCnCityDistricts, { params: { cityName } });
}

export const cnCityDistrictsQuery = (cityName: string) =>
  queryOptions({
    queryKey: ['reference', 'cnCityDistricts', cityName],
    queryFn: () => getCnCityDistricts(cityName),
    staleTime: REFERENCE_STALE_TIME_MS,
    gcTime: REFERENCE_GC_TIME_MS,
  });

/** Waits (disabled) until a city is chosen. */
export function useCnCityDistricts(cityName: string | null | undefined) {
  return useQuery({ ...cnCityDistrictsQuery(cityName ?? ''), enabled: Boolean(cityName) });
}
