import type { Address, AddressInput } from '@portal/contracts/address';
import type { Page } from '@portal/contracts/pagination';
import { Permission } from '@portal/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

// Two instances on one database: the address list is cached on each, keyed by the book's version that the
// database bumps in the same transaction as every write (lib/answer-cache.ts).
let a: FastifyInstance;
let b: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  const started = await createTestApps(2);
  [a, b] = started.apps as [FastifyInstance, FastifyInstance];
  close = started.close;
});
afterAll(async () => close());

const address = (name: string, overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 'receiver',
  name,
  phone: '13800138000',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  postalCode: '518000',
  addressLine1: '科技园南区 1 栋 101',
  ...overrides,
});

const list = (app: FastifyInstance, token: string, query: Record<string, string> = {}, language = 'zh-CN') =>
  call<Page<Address>>(app, {
    url: '/api/CustomerAddress/Query',
    token,
    query: { pageIndex: '1', pageSize: '20', ...query },
    headers: { 'accept-language': language },
  });

const post = <T>(app: FastifyInstance, token: string, url: string, body: unknown) =>
  call<T>(app, { method: 'POST', url, token, body });

/** A customer of its own with a signed-in main user: each test starts from a known book. */
async function freshCustomer() {
  const customer = await createCustomer(a.db);
  const { jwtToken } = await signIn(a, customer.main);
  return { ...customer, token: jwtToken };
}

const names = (page: Page<Address>) => page.items.map((item) => item.name).sort();

describe(`the address list's answer cache on ${ENGINE}`, () => {
  it('serves a repeated page from the cache, and every write on another instance is seen at once', async () => {
    const { token } = await freshCustomer();
    const first = await post<Address>(b, token, '/api/CustomerAddress/Insert', address('甲'));
    expect(first.code).toBe(200);

    const missesBefore = a.answerCache.misses;
    const hitsBefore = a.answerCache.hits;
    expect(names((await list(a, token)).data)).toEqual(['甲']);
    expect(names((await list(a, token)).data)).toEqual(['甲']);
    expect(a.answerCache.misses - missesBefore).toBe(1);
    expect(a.answerCache.hits - hitsBefore).toBe(1);

    // Insert, update, set default and delete on instance b; each is seen by the next read on a.
    const second = await post<Address>(b, token, '/api/CustomerAddress/Insert', address('乙'));
    expect(names((await list(a, token)).data)).toEqual(['乙', '甲']);
    await post(b, token, '/api/CustomerAddress/Update', { ...address('丙'), id: second.data.id });
    expect(names((await list(a, token)).data)).toEqual(['丙', '甲']);
    await post(b, token, '/api/CustomerAddress/SetDefault', { id: first.data.id });
    const afterDefault = (await list(a, token)).data;
    expect(afterDefault.items[0]).toMatchObject({ name: '甲', isDefault: true });
    await post(b, token, '/api/CustomerAddress/Delete', { ids: [first.data.id] });
    expect(names((await list(a, token)).data)).toEqual(['丙']);
    expect((await list(a, token)).data.total).toBe(1);
  });

  it('sees a write made outside the API (an operator’s SQL) on the next read', async () => {
    const { token, customerId } = await freshCustomer();
    await post(a, token, '/api/CustomerAddress/Insert', address('原名'));
    expect(names((await list(a, token)).data)).toEqual(['原名']);
    expect(names((await list(a, token)).data)).toEqual(['原名']);
    await b.db.updateTable('addresses').set({ name: '改名' }).where('customer_id', '=', customerId).execute();
    expect(names((await list(a, token)).data)).toEqual(['改名']);
    await sql`delete from addresses where customer_id = ${customerId}`.execute(b.db);
    expect((await list(a, token)).data).toMatchObject({ items: [], total: 0 });
  });

  it('bumps the version in the writing transaction only: a rolled-back write leaves the cache valid', async () => {
    const { token, customerId } = await freshCustomer();
    await post(a, token, '/api/CustomerAddress/Insert', address('留下'));
    const version = async () =>
      (
        await a.db
          .selectFrom('list_versions')
          .select('version')
          .where('customer_id', '=', customerId)
          .where('list', '=', 'addresses')
          .executeTakeFirst()
      )?.version;
    const before = await version();
    expect(before).toBeGreaterThan(0);
    await expect(
      b.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('addresses')
          .set({ name: '不会留下' })
          .where('customer_id', '=', customerId)
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(before);
    expect(names((await list(a, token)).data)).toEqual(['留下']);
    // One statement writing many rows moves the version forward, whatever the engine counts.
    await b.db.updateTable('addresses').set({ name: '新名' }).where('customer_id', '=', customerId).execute();
    expect(await version()).toBeGreaterThan(before!);
  });

  it('keys by customer, query and language; another customer never gets this one’s page', async () => {
    const one = await freshCustomer();
    const other = await freshCustomer();
    await post(a, one.token, '/api/CustomerAddress/Insert', address('一号'));
    await post(a, one.token, '/api/CustomerAddress/Insert', address('Sender', { addressType: 'sender' }));
    // Both books are at the same version number now: the key must still tell them apart.
    await post(a, other.token, '/api/CustomerAddress/Insert', address('二号'));
    await post(a, other.token, '/api/CustomerAddress/Insert', address('Sender 2', { addressType: 'sender' }));
    for (let i = 0; i < 2; i++) {
      expect(names((await list(a, one.token)).data)).toEqual(['Sender', '一号']);
      expect(names((await list(a, other.token)).data)).toEqual(['Sender 2', '二号']);
      expect(names((await list(a, one.token, { addressType: 'sender' })).data)).toEqual(['Sender']);
      expect(names((await list(a, one.token, { keyword: '一' })).data)).toEqual(['一号']);
      expect((await list(a, one.token, { pageSize: '1' })).data.items).toHaveLength(1);
      // The page cached in Chinese is not served to an English caller, nor the other way round.
      expect((await list(a, one.token, {}, 'en-US')).message).toBe('Done');
      expect((await list(a, one.token)).message).toBe('操作成功');
    }
  });

  it('checks the session, the customer and the permission before a cached page is sent', async () => {
    const { token, customerId, main } = await freshCustomer();
    await post(a, token, '/api/CustomerAddress/Insert', address('秘密'));
    expect((await list(a, token)).code).toBe(200);
    expect((await list(a, token)).code).toBe(200);

    const viewer = await createUser(a.db, customerId, { permissions: [Permission.OrderView] });
    const viewerToken = (await signIn(a, viewer)).jwtToken;
    const refused = await list(a, viewerToken);
    expect(refused.code).toBe(403);
    expect(JSON.stringify(refused.data ?? null)).not.toContain('秘密');

    await b.db.updateTable('customers').set({ status: 'frozen' }).where('id', '=', customerId).execute();
    expect((await list(a, token)).code).toBe(204);
    await b.db.updateTable('customers').set({ status: 'active' }).where('id', '=', customerId).execute();
    expect((await list(a, token)).code).toBe(200);

    await post(b, token, '/api/Login/Logout', {});
    const afterLogout = await list(a, token);
    expect(afterLogout.code).toBe(204);
    expect(JSON.stringify(afterLogout.data ?? null)).not.toContain('秘密');
    expect(main.loginName).toBeTruthy();
  });

  it('answers hostile queries with a localized error and caches nothing for them', async () => {
    const { token } = await freshCustomer();
    const sizeBefore = a.answerCache.size;
    const hostile: Record<string, string>[] = [
      { pageSize: '100000' },
      { pageIndex: '-1' },
      { pageIndex: 'x' },
      { keyword: 'k'.repeat(101) },
      { addressType: 'both' },
      { countryCode: '\u0000\u0007' },
    ];
    for (const query of hostile) {
      const answer = await list(a, token, query, 'en-US');
      expect(answer.code, JSON.stringify(query)).toBe(400);
      expect(answer.message).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(a.answerCache.size).toBe(sizeBefore);
    expect((await call(a, { url: '/api/CustomerAddress/Query' })).code).toBe(402);
    expect((await list(a, `${token}x`)).code).toBe(402);
  });

  it('keeps the answers byte-identical to an uncached one, headers included', async () => {
    const { token } = await freshCustomer();
    await post(a, token, '/api/CustomerAddress/Insert', address('字节'));
    const request = {
      method: 'GET' as const,
      url: '/api/CustomerAddress/Query?pageIndex=1&pageSize=20',
      headers: { authorization: `Bearer ${token}` },
    };
    const miss = await a.inject(request);
    const hit = await a.inject(request);
    expect(hit.body).toBe(miss.body);
    const { 'x-request-id': _m, date: _md, ...missHeaders } = miss.headers;
    const { 'x-request-id': _h, date: _hd, ...hitHeaders } = hit.headers;
    expect(hitHeaders).toEqual(missHeaders);
    expect(hitHeaders['content-type']).toBe('application/json; charset=utf-8');
    // The same page on the other instance, uncached there, is the same bytes.
    expect((await b.inject(request)).body).toBe(miss.body);
  });
});
