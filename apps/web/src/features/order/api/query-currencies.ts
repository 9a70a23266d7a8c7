import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Currency } from '@portal/contracts/reference';
import { http } from '../../../lib/http/client';

/** `GET /api/Common/QueryLaotieCurrency`: the currencies a declaration may use. */
export function queryCurrencies(): Promise<Currency[]> {
  return http.get<Currency[]>(ApiPath.QueryLaotieCurrency);
}

export function useCurrencies() {
  return useQuery({ queryKey: ['reference', 'currencies'], queryFn: queryCurrencies, staleTime: 3_600_000 });
}
