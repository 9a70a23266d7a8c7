import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { BalanceThreshold, SaveBalanceThresholdInput } from '@portal/contracts/notification';
import { http } from '../../../lib/http/client';

export const balanceThresholdKey = ['notification', 'balanceThreshold'] as const;

/** `GET /api/Notification/QueryBalanceThreshold` (finance:view): the user's warning level per currency. Silent. */
export function queryBalanceThresholds(): Promise<BalanceThreshold[]> {
  return http.get<BalanceThreshold[]>(ApiPath.QueryBalanceThreshold, { silent: true });
}

export function useBalanceThresholds() {
  return useQuery({ queryKey: balanceThresholdKey, queryFn: queryBalanceThresholds, staleTime: 0 });
}

/** `POST /api/Notification/SaveBalanceThreshold`: set, or with `thresholdAmount: null` remove, one currency's. */
export function useSaveBalanceThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBalanceThresholdInput) =>
      http.post<BalanceThreshold[]>(ApiPath.SaveBalanceThreshold, input),
    onSuccess: (thresholds) => queryClient.setQueryData(balanceThresholdKey, thresholds),
  });
}
