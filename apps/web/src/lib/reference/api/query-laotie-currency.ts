import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Currency } from '@portal/contracts/reference';
import { http } from '../../http/client';
import { REFERENCE_GC_TIME_MS, REFERENCE_STALE_TIME_MS } from '../reference-cache';

/** `GET /api/Common/QueryLaotieCurrency`: currencies the provider accepts, with their rate to CNY. */
export function queryCurrencies(): Promise<Currency[]> {
  return http.get<Currency[]>(ApiPath.QueryLaotieCurrency);
}

export const currenciesQuery = queryOptions({
  queryKey: ['reference', 'currencies'],
  queryFn: queryCurrencies,
  staleTime: REFERENCE_STALE_TIME_MS,
  gcTime: REFERENCE_GC_TIME_MS,
});

export function useCurrencies() {
  return useQuery(currenciesQuery);
}
