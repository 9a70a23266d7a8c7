import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { LabelSize } from '@portal/contracts/order-list';
import { http } from '../../../lib/http/client';
import type { DownloadedFile } from '../../../lib/http/request-client';

export interface PrintLabelsInput {
  /** In the order the labels are to print. */
  ids: string[];
  size: LabelSize;
}

/**
 * `POST /api/CustomerOrder/PrintLabel`: one PDF with a label per parcel, the orders in the order given.
 * A refusal comes as an envelope and is shown by the request layer in the interface language.
 */
export function printLabels({ ids, size }: PrintLabelsInput): Promise<DownloadedFile> {
  return http.download(ApiPath.PrintLabel, { method: 'POST', data: { ids, size } });
}

export function usePrintLabels() {
  return useMutation({ mutationFn: printLabels });
}
