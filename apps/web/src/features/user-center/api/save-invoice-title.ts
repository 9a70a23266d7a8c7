import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { InvoiceTitle, InvoiceTitleInput } from '@portal/contracts/invoice-title';
import { http } from '../../../lib/http/client';
import { invoiceTitleKey } from './get-invoice-title';

/**
 * `POST /api/CustomerInvoiceTitle/Save`: replaces the title and answers it as stored. Silent, so field
 * problems land on their fields; anything else the form shows itself.
 */
export function saveInvoiceTitle(input: InvoiceTitleInput): Promise<InvoiceTitle> {
  return http.post<InvoiceTitle>(ApiPath.SaveInvoiceTitle, input, { silent: true });
}

export function useSaveInvoiceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceTitle,
    onSuccess: (title) => queryClient.setQueryData(invoiceTitleKey, title),
  });
}
