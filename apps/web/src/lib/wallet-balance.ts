import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { WalletBalance } from '@portal/contracts/wallet';
import { http } from './http/client';

export const walletBalanceKey = ['customerWallet', 'balance'] as const;

/** `GET /api/CustomerWallet/QueryBalance`: one entry per currency, CNY first, minor units. Silent: the card shows its own error. */
export function queryWalletBalance(): Promise<WalletBalance[]> {
  return http.get<WalletBalance[]>(ApiPath.QueryWalletBalance, { silent: true });
}

/** Always fresh when the home page opens: a submit on another page changes the balance. */
export function useWalletBalance() {
  return useQuery({ queryKey: walletBalanceKey, queryFn: queryWalletBalance, staleTime: 0 });
}
