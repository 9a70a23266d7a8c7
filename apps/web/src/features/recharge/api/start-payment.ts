import { ApiPath } from '@portal/contracts/api-paths';
import type { OnlineRechargeChannel, PayStarted } from '@portal/contracts/recharge';
import { http } from '../../../lib/http/client';

/**
 * `POST /api/Pay/CreateAlipayOrder` or `/api/Pay/CreateWeChatOrder` (public, the payToken is the
 * authority): Alipay answers a cashier URL, WeChat Pay a code to show as a QR code. Silent: the page shows it.
 */
export function startPayment(
  channel: OnlineRechargeChannel,
  rechargeNo: string,
  payToken: string,
): Promise<PayStarted> {
  const path = channel === 'alipay' ? ApiPath.CreateAlipayOrder : ApiPath.CreateWeChatOrder;
  return http.post<PayStarted>(path, { rechargeNo, payToken }, { silent: true });
}
