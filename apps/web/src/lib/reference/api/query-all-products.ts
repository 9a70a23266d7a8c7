import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ProductInfo } from '@portal/contracts/product';
import { http } from '../../http/client';

/** `GET /api/ProductInfo/QueryAll`: the products the customer may use, for list filters. Silent: a filter without options still works. */
export function queryAllProducts(): Promise<ProductInfo[]> {
  return http.get<ProductInfo[]>(ApiPath.QueryAllProducts, { silent: true });
}

export function useAllProducts() {
  return useQuery({ queryKey: ['productInfo', 'all'], queryFn: queryAllProducts, staleTime: 300_000 });
}
