import type { RechargeQueryInput } from '@portal/contracts/recharge';

/** Query keys of the recharge pages; a new or paid recharge invalidates `rechargeKeys.all`. */
export const rechargeKeys = {
  all: ['orderMall'] as const,
  list: (query: RechargeQueryInput) => ['orderMall', 'list', query] as const,
  payResult: (rechargeNo: string, payToken: string) => ['pay', 'result', rechargeNo, payToken] as const,
  cashier: (rechargeNo: string, payToken: string) => ['paySandbox', 'cashier', rechargeNo, payToken] as const,
};
