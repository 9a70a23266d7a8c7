import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { WalletBalance } from '@portal/contracts/wallet';
import { http } from '../../../lib/http/client';

/**
 * `GET /api/CustomerWallet/QueryBalance`, read for the currencies the customer holds (a ledger row is
 * always in one of them): the consumption flow's currency filter offers exactly those. Same key as the
 * home balance card, so whichever page asked first answers the other.
 */
export function useWalletCurrencies() {
  return useQuery({
    queryKey: ['customerWallet', 'balance'],
    queryFn: () => http.get<WalletBalance[]>(ApiPath.QueryWalletBalance, { silent: true }),
    select: (balances) => balances.map((balance) => balance.currencyCode),
  });
}
