import { ApiPath } from '@portal/contracts/api-paths';
import type { OnlineRechargeChannel, RechargeCreated } from '@portal/contracts/recharge';
import { http } from '../../../lib/http/client';

/**
 * Who is paying: the signed-in customer (`OrderMall/*`, finance:topup) or, on the public /topUp page, the
 * customer confirmed by its code (`TopUp/*`, the look-up's token is the authority).
 */
export type Payer = { kind: 'signedIn' } | { kind: 'public'; lookupToken: string };

export interface OnlineRechargeInput {
  amount: number;
  currencyCode: string;
  channel: OnlineRechargeChannel;
}

/**
 * `POST /api/OrderMall/CreateOrder` or `/api/TopUp/CreateOrder`: a pending recharge and its payToken.
 * Signed in, the form's `Idempotency-Key` makes a retried click answer the first recharge instead of a
 * second pending one. Silent: the form shows the refusal next to the button.
 */
export function createRecharge(
  payer: Payer,
  input: OnlineRechargeInput,
  idempotencyKey: string,
): Promise<RechargeCreated> {
  if (payer.kind === 'public')
    return http.post<RechargeCreated>(
      ApiPath.TopUpCreateOrder,
      { ...input, lookupToken: payer.lookupToken },
      { silent: true },
    );
  return http.post<RechargeCreated>(ApiPath.CreateRechargeOrder, input, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export interface TransferVoucherInput {
  amount: number;
  currencyCode: string;
  remark: string;
  file: File;
  /** 0–100 while the file is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /api/OrderMall/UploadTransferVoucher` or `/api/TopUp/UploadTransferVoucher` (multipart): a bank
 * transfer's voucher; the recharge stays pending until staff confirm it.
 */
export function uploadTransferVoucher(payer: Payer, input: TransferVoucherInput): Promise<RechargeCreated> {
  const form = new FormData();
  if (payer.kind === 'public') form.append('lookupToken', payer.lookupToken);
  form.append('amount', String(input.amount));
  form.append('currencyCode', input.currencyCode);
  if (input.remark.trim()) form.append('remark', input.remark.trim());
  // The file last: the server reads the fields before the stream of the file.
  form.append('file', input.file, input.file.name);
  const path = payer.kind === 'public' ? ApiPath.TopUpUploadTransferVoucher : ApiPath.UploadTransferVoucher;
  return http.post<RechargeCreated>(path, form, {
    silent: true,
    // The client's JSON default would serialise the form; this lets the browser write the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      if (event.total) input.onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
}
