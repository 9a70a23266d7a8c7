import type { PayResult, PayStarted, RechargeCreated, TopUpCustomer } from '@portal/contracts/recharge';
import type { FastifyInstance } from 'fastify';
import {
  sandboxNotificationHeaders,
  sandboxNotifyKey,
  type SandboxNotification,
} from '../../src/modules/payment/sandbox-provider.ts';
import { call } from './test-app.ts';

/** A multipart body: text fields, then (optionally) one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name?: string; bytes: Buffer; contentType?: string; field?: string },
) {
  const boundary = `----recharge${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name ?? 'voucher.png'}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A tiny valid PNG (1×1) and a minimal PDF: what vouchers look like to the type check. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The recharge calls of one signed-in user (or none: the public ones). */
export function rechargeApi(app: FastifyInstance, token?: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  const post = <T>(url: string, body: unknown, extra: Record<string, string> = {}) =>
    call<T>(app, { method: 'POST', url, token, body, headers: { ...headers, ...extra } });
  const upload = async <T>(
    url: string,
    fields: Record<string, string>,
    file?: Parameters<typeof multipartBody>[1],
  ) => {
    const { payload, contentType } = multipartBody(fields, file);
    const response = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        ...headers,
        'content-type': contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return {
      httpStatus: response.statusCode,
      ...(response.json() as { code: number; message: string; data: T }),
    };
  };
  return {
    create: (body: unknown) => post<RechargeCreated>('/api/OrderMall/CreateOrder', body),
    uploadVoucher: (fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) =>
      upload<RechargeCreated>('/api/OrderMall/UploadTransferVoucher', fields, file),
    query: (body: unknown = {}) =>
      post<{
        list: RechargeCreated['recharge'][];
        total: number;
        paidTotals: { currencyCode: string; amount: number }[];
      }>('/api/OrderMall/Query', body),
    get: (id: string) =>
      call<RechargeCreated['recharge']>(app, { url: '/api/OrderMall/Get', token, query: { id }, headers }),
    startAlipay: (rechargeNo: string, payToken: string) =>
      post<PayStarted>('/api/Pay/CreateAlipayOrder', { rechargeNo, payToken }),
    startWeChat: (rechargeNo: string, payToken: string) =>
      post<PayStarted>('/api/Pay/CreateWeChatOrder', { rechargeNo, payToken }),
    result: (rechargeNo: string, payToken: string) =>
      post<PayResult>('/api/Pay/QueryPayResult', { rechargeNo, payToken }),
    lookup: (customerCode: string, extra: Record<string, string> = {}) =>
      post<TopUpCustomer>('/api/TopUp/QueryCustomer', { customerCode }, extra),
    publicCreate: (body: unknown) => post<RechargeCreated>('/api/TopUp/CreateOrder', body),
    publicVoucher: (fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) =>
      upload<RechargeCreated>('/api/TopUp/UploadTransferVoucher', fields, file),
    cashier: (rechargeNo: string, payToken: string) =>
      post<{ status: string; maskedCompanyName: string; returnUrl: string }>('/api/PaySandbox/GetCashier', {
        rechargeNo,
        payToken,
      }),
    decide: (rechargeNo: string, payToken: string, approve: boolean) =>
      post<{ status: string }>('/api/PaySandbox/Decide', { rechargeNo, payToken, approve }),
  };
}

/** Posts a sandbox notification as the sandbox does (signed now), or tampered with. */
export async function notifySandbox(
  app: FastifyInstance,
  notification: SandboxNotification | string,
  options: { signWith?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const body = typeof notification === 'string' ? notification : JSON.stringify(notification);
  const key = sandboxNotifyKey(options.signWith ?? app.tokenSecret);
  const headers = sandboxNotificationHeaders(key, body, options.timestamp ?? Date.now());
  const response = await app.inject({
    method: 'POST',
    url: '/pay/notify/sandbox',
    headers,
    payload: options.tamper
      ? body.replace(/"amount":(\d+)/, (_, n: string) => `"amount":${Number(n) + 1}`)
      : body,
  });
  return { status: response.statusCode, body: response.body };
}

export const SANDBOX_ACK = '{"code":"SUCCESS"}';
