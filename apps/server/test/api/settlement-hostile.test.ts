import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../support/factories.ts';
import { PNG_BYTES, rechargeApi } from '../support/recharge-api.ts';
import { createTestApp } from '../support/test-app.ts';

/** Hostile review of issue 11: faults found by attacking the settlement code, one test each. */

let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp({
    TOPUP_LOOKUPS_PER_ADDRESS: '50',
    TOPUP_CREATES_PER_ADDRESS: '3',
    TOPUP_CREATE_WINDOW_SECONDS: '86400',
  }));
});
afterAll(async () => close());

async function codeOf(customerId: string) {
  const row = await app.db
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return row.code;
}

describe('the public /topUp page writes within limits', () => {
  it('caps recharges and voucher files created per address (X-Forwarded-For does not reset it); the refused upload writes nothing', async () => {
    const { customerId } = await createCustomer(app.db);
    const pub = rechargeApi(app, undefined, 'en-US');
    const found = await pub.lookup(await codeOf(customerId));
    expect(found.code).toBe(200);
    const { lookupToken } = found.data;
    // Three creations are allowed per window here: two vouchers and one online order.
    for (let i = 0; i < 2; i++)
      expect((await pub.publicVoucher({ amount: '10000', lookupToken }, { bytes: PNG_BYTES })).code).toBe(
        200,
      );
    expect((await pub.publicCreate({ amount: 10_000, channel: 'alipay', lookupToken })).code).toBe(200);

    const files = () =>
      app.db.selectFrom('stored_files').select('id').where('customer_id', '=', customerId).execute();
    const recharges = () =>
      app.db.selectFrom('recharges').select('id').where('customer_id', '=', customerId).execute();
    expect(await files()).toHaveLength(2);
    expect(await recharges()).toHaveLength(3);

    const voucher = await pub.publicVoucher({ amount: '10000', lookupToken }, { bytes: PNG_BYTES });
    expect(voucher).toMatchObject({ code: ApiCode.TooManyRequests });
    expect(voucher.message).toMatch(/^Too many top-ups from this address; please try again in \d+ seconds$/);
    const online = await rechargeApi(app, undefined, 'zh-TW').publicCreate({
      amount: 10_000,
      channel: 'wechat',
      lookupToken,
    });
    expect(online.code).toBe(ApiCode.TooManyRequests);
    expect(online.message).toMatch(/^充值過於頻繁，請 \d+ 秒後再試$/);
    // TRUST_PROXY is off: a forged X-Forwarded-For is not another address.
    const { payload, contentType } = (await import('../support/recharge-api.ts')).multipartBody(
      { amount: '10000', lookupToken },
      { bytes: PNG_BYTES },
    );
    const forged = await app.inject({
      method: 'POST',
      url: '/api/TopUp/UploadTransferVoucher',
      payload,
      headers: { 'content-type': contentType, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.json()).toMatchObject({ code: ApiCode.TooManyRequests });
    expect(await files()).toHaveLength(2);
    expect(await recharges()).toHaveLength(3);
  });
});
