import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CurrUserInfo } from '@portal/contracts/customer-info';
import { http } from '../http/client';

export const currUserInfoKey = ['customerInfo', 'currUserInfo'] as const;

/** `GET /api/CustomerInfo/GetCurrUserInfo`: the user and customer with level, certification and pictures. */
export function getCurrUserInfo(signal?: AbortSignal): Promise<CurrUserInfo> {
  return http.get<CurrUserInfo>(ApiPath.GetCurrUserInfo, { signal, silent: true });
}

export function useCurrUserInfo() {
  return useQuery({ queryKey: currUserInfoKey, queryFn: ({ signal }) => getCurrUserInfo(signal) });
}
