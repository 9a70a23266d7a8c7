import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { RechargePageSchema, RechargeQueryInput } from '@portal/contracts/recharge';
import type { z } from 'zod';
import { http } from '../../../lib/http/client';
import { rechargeKeys } from './recharge-keys';

export type RechargePage = z.infer<typeof RechargePageSchema>;

/** `POST /api/OrderMall/Query` (finance:view): one page and the paid totals per currency. Silent: the list shows its own error. */
export function queryRecharges(query: RechargeQueryInput, signal?: AbortSignal): Promise<RechargePage> {
  return http.post<RechargePage>(ApiPath.QueryRecharges, query, { signal, silent: true });
}

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export function useRecharges(query: RechargeQueryInput) {
  return useQuery({
    queryKey: rechargeKeys.list(query),
    queryFn: ({ signal }) => queryRecharges(query, signal),
    placeholderData: keepPreviousData,
  });
}
