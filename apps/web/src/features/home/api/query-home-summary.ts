import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { HomeSummary } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';

/** The browser's offset from UTC in minutes (east positive), so "today" and "this month" are the user's. */
export const browserUtcOffsetMinutes = (date = new Date()) => -date.getTimezoneOffset();

/**
 * `GET /api/CustomerOrder/QueryHomeSummary?utcOffsetMinutes=`: orders by status, today's and this
 * month's shipments and charges, recent exceptions, in one call. Silent: the cards show their own error.
 */
export function queryHomeSummary(): Promise<HomeSummary> {
  return http.get<HomeSummary>(ApiPath.QueryHomeSummary, {
    params: { utcOffsetMinutes: browserUtcOffsetMinutes() },
    silent: true,
  });
}

/** Always fresh when the home page opens: orders move while the user works elsewhere. */
export function useHomeSummary() {
  return useQuery({
    queryKey: ['customerOrder', 'homeSummary'],
    queryFn: queryHomeSummary,
    staleTime: 0,
  });
}
