import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { InvoiceTitle, InvoiceTitleInput } from '@portal/contracts/invoice-title';
import { Permission } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { signedInCustomer } from '../support/file-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Real-shaped codes: 17 characters and the check character GB 32100-2015 gives them. */
const VALID_USCC = '91350100M000100Y43';
const OTHER_VALID_USCC = '91110000600037341L';

const title = (overrides: Partial<InvoiceTitleInput> = {}): InvoiceTitleInput => ({
  companyName: '厦门示例物流有限公司',
  taxNo: VALID_USCC,
  address: '厦门市思明区示例路 1 号',
  phone: '0592-1234567',
  bankName: '中国银行厦门分行',
  bankAccount: '4101 2345 6789',
  email: 'invoice@example.com',
  ...overrides,
});

function api(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  return {
    get: () => call<InvoiceTitle | null>(t.app, { url: ApiPath.GetInvoiceTitle, token, headers }),
    save: (body: unknown) =>
      call<InvoiceTitle>(t.app, { method: 'POST', url: ApiPath.SaveInvoiceTitle, token, body, headers }),
  };
}

type FieldErrors = { errors?: { field: string; message: string }[] } | null;
const fieldsOf = (data: unknown) => ((data as FieldErrors)?.errors ?? []).map((e) => e.field);

describe(`invoice titles on ${ENGINE}`, () => {
  it('answers null before one is saved, then the saved title; saving again replaces it whole', async () => {
    const { token } = await signedInCustomer(t.app);
    const empty = await api(token).get();
    expect([empty.code, empty.data]).toEqual([ApiCode.Ok, null]);

    const saved = await api(token).save(title({ taxNo: ' 91350100m000100y43 ' }));
    expect(saved.code).toBe(ApiCode.Ok);
    expect(saved.message).toBe('发票抬头已保存');
    expect(saved.data).toMatchObject({
      companyName: '厦门示例物流有限公司',
      taxNo: VALID_USCC,
      email: 'invoice@example.com',
    });
    expect((await api(token).get()).data).toEqual(saved.data);

    const replaced = await api(token).save({
      companyName: 'Example Trading Ltd',
      taxNo: OTHER_VALID_USCC,
      email: '',
    });
    expect(replaced.data).toMatchObject({
      companyName: 'Example Trading Ltd',
      taxNo: OTHER_VALID_USCC,
      address: null,
      phone: null,
      bankName: null,
      bankAccount: null,
      email: null,
    });
    expect((await api(token).get()).data).toEqual(replaced.data);
  });

  it('checks the unified social credit code with its check character, in the caller’s language', async () => {
    const { token } = await signedInCustomer(t.app);
    const invalid = [
      '91350100M000100Y44', // wrong check character
      '91350100M000100Y4', // 17 characters
      '91350100M000100Y431', // 19
      '91350100M000100I43', // I is not a code character
      '',
      '９１３５０１００Ｍ０００１００Ｙ４３', // full-width digits
    ];
    for (const taxNo of invalid) {
      const answer = await api(token, 'en-US').save(title({ taxNo }));
      expect([taxNo, answer.code, fieldsOf(answer.data)]).toEqual([taxNo, ApiCode.BadRequest, ['taxNo']]);
      expect(JSON.stringify(answer)).toContain('unified social credit code is not valid');
    }
    const zh = await api(token, 'zh-CN').save(title({ taxNo: '91350100M000100Y44' }));
    expect(JSON.stringify(zh)).toContain('统一社会信用代码不正确');
    const tw = await api(token, 'zh-TW').save(title({ taxNo: '91350100M000100Y44' }));
    expect(JSON.stringify(tw)).toContain('統一社會信用代碼不正確');
    // Nothing was saved by the refusals.
    expect((await api(token).get()).data).toBeNull();
  });

  it('refuses hostile bodies with field errors and writes nothing', async () => {
    const { token } = await signedInCustomer(t.app);
    const cases: [unknown, string][] = [
      [title({ companyName: '' }), 'companyName'],
      [title({ companyName: 'x'.repeat(101) }), 'companyName'],
      [title({ companyName: 'Evil\u0000Co' }), 'companyName'],
      [title({ address: 'line\u0007bell' }), 'address'],
      [title({ email: 'not-an-email' }), 'email'],
      [title({ bankAccount: '1'.repeat(41) }), 'bankAccount'],
      [{ ...title(), taxNo: 123 }, 'taxNo'],
    ];
    for (const [body, field] of cases) {
      const answer = await api(token, 'en-US').save(body);
      expect([field, answer.code]).toEqual([field, ApiCode.BadRequest]);
      expect(fieldsOf(answer.data)).toContain(field);
    }
    const oversized = await api(token).save(title({ address: 'x'.repeat(20_000) }));
    expect(oversized.httpStatus).toBe(413);
    const notObject = await api(token).save([]);
    expect(notObject.code).toBe(ApiCode.BadRequest);
    expect((await api(token).get()).data).toBeNull();
  });

  it('keeps each customer’s title to itself and needs finance:bill', async () => {
    const owner = await signedInCustomer(t.app);
    const stranger = await signedInCustomer(t.app);
    await api(owner.token).save(title());
    expect((await api(stranger.token).get()).data).toBeNull();
    await api(stranger.token).save(title({ companyName: 'Stranger Ltd', taxNo: OTHER_VALID_USCC }));
    expect((await api(owner.token).get()).data?.companyName).toBe('厦门示例物流有限公司');

    const viewer = await signIn(
      t.app,
      await createUser(t.app.db, owner.customerId, { permissions: [Permission.FinanceView] }),
    );
    const get = await api(viewer.jwtToken, 'en-US').get();
    const save = await api(viewer.jwtToken, 'en-US').save(title({ companyName: 'Hijack' }));
    for (const answer of [get, save]) {
      expect(answer.code).toBe(ApiCode.Forbidden);
      expect(answer.message).toContain('finance:bill');
    }
    expect((await api(owner.token).get()).data?.companyName).toBe('厦门示例物流有限公司');
    const bookkeeper = await signIn(
      t.app,
      await createUser(t.app.db, owner.customerId, { permissions: [Permission.FinanceBill] }),
    );
    expect((await api(bookkeeper.jwtToken).get()).data?.taxNo).toBe(VALID_USCC);
  });
});
