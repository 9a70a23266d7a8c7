import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { TrackingResult } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';
import { orderKeys } from './order-keys';

/** `POST /api/CustomerOrder/QueryTracking`: the journeys of one or many numbers. Silent: the modal shows errors. */
export function queryTracking(numbers: readonly string[], signal?: AbortSignal): Promise<TrackingResult> {
  return http.post<TrackingResult>(ApiPath.QueryTracking, { numbers }, { signal, silent: true });
}

/** Nothing is asked while there is no number. */
export function useTracking(numbers: readonly string[]) {
  return useQuery({
    queryKey: orderKeys.tracking(numbers),
    queryFn: ({ signal }) => queryTracking(numbers, signal),
    enabled: numbers.length > 0,
  });
}
