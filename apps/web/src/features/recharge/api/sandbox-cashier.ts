import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { SandboxCashierSchema } from '@portal/contracts/recharge';
import type { z } from 'zod';
import { http } from '../../../lib/http/client';
import { rechargeKeys } from './recharge-keys';

export type SandboxCashier = z.infer<typeof SandboxCashierSchema>;

/** `POST /api/PaySandbox/GetCashier` (public): what is paid and to whom. Silent: the page shows failures. */
export function getSandboxCashier(rechargeNo: string, payToken: string): Promise<SandboxCashier> {
  return http.post<SandboxCashier>(ApiPath.SandboxCashierGet, { rechargeNo, payToken }, { silent: true });
}

export function useSandboxCashier(rechargeNo: string, payToken: string) {
  return useQuery({
    queryKey: rechargeKeys.cashier(rechargeNo, payToken),
    queryFn: () => getSandboxCashier(rechargeNo, payToken),
    enabled: rechargeNo !== '' && payToken !== '',
    staleTime: 0,
  });
}

/**
 * `POST /api/PaySandbox/Decide` (public): approve or decline; the sandbox then notifies the server. Answers
 * the cashier as it now stands (with the returnUrl to go on to).
 */
export function decideSandboxPayment(input: {
  rechargeNo: string;
  payToken: string;
  approve: boolean;
}): Promise<SandboxCashier> {
  return http.post<SandboxCashier>(ApiPath.SandboxCashierDecide, input, { silent: true });
}

export function useDecideSandboxPayment() {
  return useMutation({ mutationFn: decideSandboxPayment });
}
