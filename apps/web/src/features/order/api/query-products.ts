import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ProductInfo } from '@portal/contracts/product';
import { http } from '../../../lib/http/client';

/**
 * `GET /api/ProductInfo/QueryAll`: the products the customer may use, with its own limits applied; the
 * page reads the chosen product's customs facts from it. Silent: without it the page still works (the
 * quote's reasons say the same, only later).
 */
export function queryProducts(): Promise<ProductInfo[]> {
  return http.get<ProductInfo[]>(ApiPath.QueryAllProducts, { silent: true });
}

export function useProducts() {
  return useQuery({ queryKey: ['productInfo', 'all'], queryFn: queryProducts, staleTime: 300_000 });
}
