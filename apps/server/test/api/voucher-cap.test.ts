import { ApiCode } from '@portal/contracts/envelope';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../support/factories.ts';
import { PNG_BYTES, rechargeApi } from '../support/recharge-api.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Issue 20, finding 10: the signed-in voucher upload (OrderMall/UploadTransferVoucher) is capped per
 * customer: pending portal transfers (VOUCHER_PENDING_PER_CUSTOMER) and uploads per window
 * (VOUCHER_UPLOADS_PER_CUSTOMER per VOUCHER_UPLOAD_WINDOW_SECONDS). A refusal writes nothing.
 */
const OPERATOR_KEY = 'operator-key-for-the-voucher-cap-tests-01';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_API_KEY: OPERATOR_KEY,
    VOUCHER_PENDING_PER_CUSTOMER: '3',
    VOUCHER_UPLOADS_PER_CUSTOMER: '5',
    VOUCHER_UPLOAD_WINDOW_SECONDS: '3600',
  });
});
afterAll(async () => t.close());

async function customer() {
  const { customerId, main } = await createCustomer(t.app.db);
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, token: jwtToken };
}

const pendingTransfers = async (customerId: string) =>
  (
    await t.app.db
      .selectFrom('recharges')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('channel', '=', 'bank_transfer')
      .where('status', '=', 'pending')
      .execute()
  ).length;
const storedFiles = async (customerId: string) =>
  (await t.app.db.selectFrom('stored_files').select('id').where('customer_id', '=', customerId).execute())
    .length;

/** The bytes kept for the customer (local storage in the tests). */
const keptFiles = (customerId: string) => {
  if (t.config.storage.kind !== 'local') throw new Error('the tests use local storage');
  const dir = path.join(t.config.storage.dir, 'uploads', customerId);
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

const voucher = (token: string, language = 'zh-CN', bytes = PNG_BYTES) =>
  rechargeApi(t.app, token, language).uploadVoucher({ amount: '10000' }, { bytes });

describe('the signed-in voucher upload, capped per customer', () => {
  it('refuses a transfer beyond the pending ones, in three languages, writing nothing; a decision frees room', async () => {
    const { customerId, token } = await customer();
    const sent = [];
    for (let i = 0; i < 3; i++) {
      const answer = await voucher(token);
      expect(answer.code).toBe(200);
      sent.push(answer.data.recharge.rechargeNo);
    }
    expect(await voucher(token, 'zh-CN')).toMatchObject({
      code: ApiCode.TooManyRequests,
      message: '已有 3 笔银行转账等待财务确认，请确认后再上传新的转账凭证',
      data: null,
    });
    expect((await voucher(token, 'en-US')).message).toBe(
      'You already have 3 bank transfers waiting for confirmation by finance; please upload a new voucher once they are decided',
    );
    expect((await voucher(token, 'zh-TW')).message).toBe(
      '已有 3 筆銀行轉帳等待財務確認，請確認後再上傳新的轉帳憑證',
    );
    expect(await pendingTransfers(customerId)).toBe(3);
    expect(await storedFiles(customerId)).toBe(3);

    // Transfers sent from the public /topUp page neither count nor are refused by this cap.
    const pub = rechargeApi(t.app);
    const { code } = await t.app.db
      .selectFrom('customers')
      .select('code')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const { lookupToken } = (await pub.lookup(code)).data;
    expect((await pub.publicVoucher({ amount: '10000', lookupToken }, { bytes: PNG_BYTES })).code).toBe(200);
    expect(await pendingTransfers(customerId)).toBe(4);

    // Staff reject one of the portal's: the customer may send another.
    const rejected = await call(t.app, {
      method: 'POST',
      url: `/ops/v1/recharges/${sent[0]}/reject`,
      body: { reason: 'unreadable' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(rejected.code).toBe(200);
    expect((await voucher(token)).code).toBe(200);
    expect((await voucher(token)).code).toBe(ApiCode.TooManyRequests);
  });

  it('refuses uploads beyond the window’s count, whatever became of them, before reading the file', async () => {
    const { customerId, token } = await customer();
    // Five uploads in the window, refused ones included (a text file is no voucher).
    for (let i = 0; i < 5; i++)
      expect((await voucher(token, 'zh-CN', Buffer.from('not a voucher'))).code).toBe(ApiCode.BadRequest);
    for (const [language, text] of [
      ['zh-CN', /^转账凭证上传过于频繁，请 \d+ 分钟后再试$/],
      ['en-US', /^Too many transfer vouchers uploaded; please try again in \d+ min$/],
      ['zh-TW', /^轉帳憑證上傳過於頻繁，請 \d+ 分鐘後再試$/],
    ] as const) {
      const refused = await voucher(token, language);
      expect(refused.code).toBe(ApiCode.TooManyRequests);
      expect(refused.message).toMatch(text);
    }
    expect(await pendingTransfers(customerId)).toBe(0);
    expect(await storedFiles(customerId)).toBe(0);
    expect(keptFiles(customerId)).toBe(0);
    // Another customer has a count of its own.
    expect((await voucher((await customer()).token)).code).toBe(200);
  });

  it('lets exactly the pending cap through when ten uploads arrive at once', async () => {
    const { customerId, token } = await customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => voucher(token)));
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === ApiCode.TooManyRequests)).toHaveLength(7);
    expect(await pendingTransfers(customerId)).toBe(3);
    // A voucher refused inside the transaction had its bytes stored first: they are gone again.
    expect(await storedFiles(customerId)).toBe(3);
    expect(keptFiles(customerId)).toBe(3);
  });
});
