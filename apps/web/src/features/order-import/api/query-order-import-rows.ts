import { ApiPath } from '@portal/contracts/api-paths';
import type { OrderImportRows, OrderImportView } from '@portal/contracts/order-import';
import { http } from '../../../lib/http/client';

/** `GET /api/CustomerOrder/BatchImportRows?id=&view=&offset=&limit=`: one page of the grid, in sheet order. */
export function queryOrderImportRows(
  id: string,
  view: OrderImportView,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<OrderImportRows> {
  return http.get<OrderImportRows>(ApiPath.BatchImportRows, {
    params: { id, view, offset, limit },
    signal,
    silent: true,
  });
}
