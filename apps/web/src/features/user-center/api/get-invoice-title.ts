import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { InvoiceTitle } from '@portal/contracts/invoice-title';
import { http } from '../../../lib/http/client';

export const invoiceTitleKey = ['customerInvoiceTitle'] as const;

/** `GET /api/CustomerInvoiceTitle/Get`: the customer's invoice title, or null before one is saved. Silent. */
export function getInvoiceTitle(signal?: AbortSignal): Promise<InvoiceTitle | null> {
  return http.get<InvoiceTitle | null>(ApiPath.GetInvoiceTitle, { signal, silent: true });
}

export function useInvoiceTitle() {
  return useQuery({ queryKey: invoiceTitleKey, queryFn: ({ signal }) => getInvoiceTitle(signal) });
}
