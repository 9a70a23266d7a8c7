import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { PayResult } from '@portal/contracts/recharge';
import { http } from '../../../lib/http/client';
import { nextPollDelay } from '../lib/pay-result-polling';
import { rechargeKeys } from './recharge-keys';

/** `POST /api/Pay/QueryPayResult` (public, payToken). Silent: the result page shows failures itself. */
export function queryPayResult(
  rechargeNo: string,
  payToken: string,
  signal?: AbortSignal,
): Promise<PayResult> {
  return http.post<PayResult>(ApiPath.QueryPayResult, { rechargeNo, payToken }, { signal, silent: true });
}

/**
 * The result, polled with a growing delay until it is final or the patience is used up
 * (lib/pay-result-polling.ts); `refetch` is the manual refresh (once; the page offers it when polling stops).
 */
export function usePayResult(rechargeNo: string, payToken: string, isEnabled = true) {
  const queryClient = useQueryClient();
  const queryKey = rechargeKeys.payResult(rechargeNo, payToken);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => queryPayResult(rechargeNo, payToken, signal),
    enabled: isEnabled && rechargeNo !== '' && payToken !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      // A failed poll (the network) stops the polling; the page offers a retry.
      query.state.status === 'error'
        ? false
        : nextPollDelay(query.state.dataUpdateCount, query.state.data?.status),
    refetchIntervalInBackground: true,
  });
  /** Answers so far: what the polling's patience counts (each answer renders, so this stays current). */
  const polls = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, polls };
}
