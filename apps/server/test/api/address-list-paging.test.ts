import type { Address, AddressInput } from '@portal/contracts/address';
import type { Page } from '@portal/contracts/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const address = (index: number, overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: index % 2 ? 'sender' : 'receiver',
  name: `收件人${index}`,
  company: null,
  phone: '13800138000',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  postalCode: '518000',
  addressLine1: `科技园南区 ${index} 栋`,
  ...overrides,
});

async function bookOf(count: number, overrides: (index: number) => Partial<AddressInput> = () => ({})) {
  const { main } = await createCustomer(t.app.db);
  const { jwtToken: token } = await signIn(t.app, main);
  for (let i = 0; i < count; i++) {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/CustomerAddress/Insert',
      token,
      body: address(i, overrides(i)),
    });
    expect(created.code).toBe(200);
  }
  return (query: Record<string, string>) =>
    call<Page<Address>>(t.app, { url: '/api/CustomerAddress/Query', token, query });
}

describe(`address list pages and totals on ${ENGINE}`, () => {
  it('gives the true total on every page: full, exactly full, last, past the end and empty', async () => {
    const query = await bookOf(12);
    const seen = new Set<string>();
    for (const [pageSize, pageIndex, items] of [
      [5, 1, 5],
      [5, 2, 5],
      [5, 3, 2],
      [5, 4, 0],
      [12, 1, 12],
      [12, 2, 0],
      [6, 2, 6],
      [13, 1, 12],
      [11, 1, 11],
      [11, 2, 1],
    ] as const) {
      const answer = await query({ pageSize: String(pageSize), pageIndex: String(pageIndex) });
      expect(answer.data, `${pageSize} × page ${pageIndex}`).toMatchObject({
        total: 12,
        pageIndex,
        pageSize,
      });
      expect(answer.data.items, `${pageSize} × page ${pageIndex}`).toHaveLength(items);
      if (pageSize === 5) for (const item of answer.data.items) seen.add(item.id);
    }
    expect(seen.size).toBe(12);

    const empty = await bookOf(0);
    expect((await empty({ pageIndex: '1', pageSize: '10' })).data).toMatchObject({ items: [], total: 0 });
    expect((await empty({ pageIndex: '3', pageSize: '10' })).data).toMatchObject({ items: [], total: 0 });
  });

  it('counts and pages each combination of filters alike', async () => {
    const query = await bookOf(9, (i) =>
      i % 3 === 0
        ? {
            name: `Keyword ${i}`,
            phone: '+1 555 010 0000',
            countryCode: 'US',
            province: 'CA',
            city: 'Los Angeles',
            district: undefined,
            postalCode: '90001',
          }
        : {},
    );
    // Addresses 0, 3, 6 are American and named "Keyword"; 1, 3, 5, 7 are senders.
    const cases: Array<[Record<string, string>, number]> = [
      [{}, 9],
      [{ addressType: 'sender' }, 4],
      [{ countryCode: 'US' }, 3],
      [{ keyword: 'keyword' }, 3],
      [{ addressType: 'sender', countryCode: 'US' }, 1],
      [{ addressType: 'receiver', keyword: 'keyword' }, 2],
      [{ countryCode: 'CN', keyword: '收件人' }, 6],
      [{ addressType: 'sender', countryCode: 'CN', keyword: '收件人' }, 3],
    ];
    for (const [filter, total] of cases) {
      for (const pageSize of [1, 2, 20]) {
        const pages = Math.max(1, Math.ceil(total / pageSize));
        const ids: string[] = [];
        for (let pageIndex = 1; pageIndex <= pages + 1; pageIndex++) {
          const answer = await query({ ...filter, pageSize: String(pageSize), pageIndex: String(pageIndex) });
          expect(answer.data.total, JSON.stringify({ filter, pageSize, pageIndex })).toBe(total);
          ids.push(...answer.data.items.map((item) => item.id));
        }
        expect(new Set(ids).size, JSON.stringify({ filter, pageSize })).toBe(total);
        expect(ids).toHaveLength(total);
      }
    }
  });
});
