import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { QuoteAnswer, QuoteRequest } from '@portal/contracts/product';
import { http } from '../../../lib/http/client';
import { orderPageKeys } from './order-keys';

/**
 * `POST /api/ProductInfo/QueryQuote`. The signal lets TanStack Query abort a request whose inputs have
 * changed before it answered (the page asks only for the newest shipment). Silent: the quote panel
 * shows its own error state.
 */
export function queryQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteAnswer> {
  return http.post<QuoteAnswer>(ApiPath.QueryQuote, request, { signal, silent: true });
}

/**
 * The quote of a (debounced) request; nothing is asked while the request is null (the form does not yet
 * describe a shipment). The previous answer stays on screen while the next one loads.
 */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: orderPageKeys.quote(request),
    queryFn: ({ signal }) => queryQuote(request as QuoteRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
