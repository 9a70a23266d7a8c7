import type { Address, AddressInput } from '@portal/contracts/address';
import type { Page } from '@portal/contracts/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUB_USER } from '../../src/db/seed.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type FieldErrors = { errors: { field: string; message: string }[] };

const chinese = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 'sender',
  name: '张三',
  company: '深圳市演示科技有限公司',
  phone: '13800138000',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  postalCode: '518000',
  addressLine1: '科技园南区 1 栋 101',
  ...overrides,
});

const american = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 'receiver',
  name: 'Jane Doe',
  company: 'Acme Ltd',
  phone: '+1 (555) 123-4567',
  email: 'jane@example.com',
  countryCode: 'US',
  province: 'CA',
  city: 'Los Angeles',
  postalCode: '90001',
  addressLine1: '1 Main Street',
  ...overrides,
});

/** A fresh customer with a signed-in main user, so every test owns its address book. */
async function newCustomer() {
  const { customerId, main } = await createCustomer(t.app.db);
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, token: jwtToken };
}

function api(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  return {
    insert: (body: AddressInput) =>
      call<Address>(t.app, { method: 'POST', url: '/api/CustomerAddress/Insert', token, body, headers }),
    update: (body: AddressInput & { id: string }) =>
      call<Address>(t.app, { method: 'POST', url: '/api/CustomerAddress/Update', token, body, headers }),
    get: (id: string) =>
      call<Address>(t.app, { url: '/api/CustomerAddress/Get', token, query: { id }, headers }),
    getDefault: (addressType: string) =>
      call<Address | null>(t.app, {
        url: '/api/CustomerAddress/GetDefault',
        token,
        query: { addressType },
        headers,
      }),
    query: (query: Record<string, string> = {}) =>
      call<Page<Address>>(t.app, { url: '/api/CustomerAddress/Query', token, query, headers }),
    remove: (ids: string[]) =>
      call<{ deleted: number }>(t.app, {
        method: 'POST',
        url: '/api/CustomerAddress/Delete',
        token,
        body: { ids },
        headers,
      }),
    setDefault: (id: string) =>
      call<Address>(t.app, {
        method: 'POST',
        url: '/api/CustomerAddress/SetDefault',
        token,
        body: { id },
        headers,
      }),
  };
}

describe(`address book CRUD on ${ENGINE}`, () => {
  it('adds a Chinese address with official division names and codes, from short names too', async () => {
    const { token } = await newCustomer();
    const created = await api(token).insert(chinese({ province: '广东', city: '深圳', district: '南山' }));
    expect(created.code).toBe(200);
    expect(created.message).toBe('地址已保存');
    expect(created.data).toMatchObject({
      addressType: 'sender',
      province: '广东省',
      provinceCode: '440000',
      city: '深圳市',
      cityCode: '440300',
      district: '南山区',
      districtCode: '440305',
      isDefault: false,
      email: null,
      addressLine2: null,
    });
    const fetched = await api(token).get(created.data.id);
    expect(fetched.data).toEqual(created.data);
  });

  it('adds a foreign address with a normalised postal code and no division codes', async () => {
    const { token } = await newCustomer();
    const created = await api(token).insert(
      american({ countryCode: 'gb', city: 'London', postalCode: ' sw1a  1aa ', province: null }),
    );
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      countryCode: 'GB',
      postalCode: 'SW1A 1AA',
      provinceCode: null,
      cityCode: null,
    });
  });

  it('accepts Chinese cities without districts and refuses a district there', async () => {
    const { token } = await newCustomer();
    const baiyang = await api(token).insert(
      chinese({ province: '新疆维吾尔自治区', city: '白杨市', district: null, phone: '0991-1234567' }),
    );
    expect(baiyang.data).toMatchObject({
      city: '白杨市',
      cityCode: '659012',
      district: null,
      districtCode: null,
    });
    const wrong = await api(token, 'en-US').insert(
      chinese({ province: '新疆', city: '白杨市', district: '南山区' }),
    );
    expect(wrong.code).toBe(400);
    expect((wrong.data as unknown as FieldErrors).errors).toEqual([
      { field: 'district', message: 'This district is not in the chosen city' },
    ]);
  });

  it('names each bad field in the caller language', async () => {
    const { token } = await newCustomer();
    const cases: { body: AddressInput; field: string; message: string }[] = [
      {
        body: chinese({ phone: '12345' }),
        field: 'phone',
        message: 'Enter a valid Chinese mobile or landline number (e.g. 13800138000, 0755-12345678)',
      },
      { body: american({ phone: 'call me' }), field: 'phone', message: 'The phone number is not valid' },
      {
        body: american({ postalCode: '9000' }),
        field: 'postalCode',
        message: "The postal code does not match this country's format",
      },
      {
        body: american({ postalCode: null }),
        field: 'postalCode',
        message: 'A postal code is required for this country',
      },
      {
        body: american({ countryCode: 'ZZ' }),
        field: 'countryCode',
        message: 'Unknown country or region code',
      },
      {
        body: american({ email: 'not-an-email' }),
        field: 'email',
        message: 'The email address is not valid',
      },
      {
        body: chinese({ province: '火星省' }),
        field: 'province',
        message: 'Unknown province; please pick one from the list',
      },
      { body: chinese({ province: null }), field: 'province', message: 'Province/State is required' },
      {
        body: chinese({ city: '北京市' }),
        field: 'city',
        message: 'This city is not in the chosen province',
      },
      {
        body: chinese({ district: '朝阳区' }),
        field: 'district',
        message: 'This district is not in the chosen city',
      },
      { body: chinese({ district: null }), field: 'district', message: 'Please choose a district' },
      { body: chinese({ name: '  ' }), field: 'name', message: 'Name is required' },
      {
        body: chinese({ addressLine1: 'x'.repeat(201) }),
        field: 'addressLine1',
        message: 'Address line 1 must be at most 200 characters',
      },
    ];
    for (const { body, field, message } of cases) {
      const answer = await api(token, 'en-US').insert(body);
      expect(answer.code, `${field}: ${message}`).toBe(400);
      expect((answer.data as unknown as FieldErrors).errors, `${field}: ${message}`).toContainEqual({
        field,
        message,
      });
    }
    const tooLong = await api(token, 'zh-CN').insert(chinese({ name: 'x'.repeat(101) }));
    expect(tooLong.code).toBe(400);
    expect((tooLong.data as unknown as FieldErrors).errors).toEqual([
      { field: 'name', message: '姓名最多 100 个字' },
    ]);
    expect(tooLong.message).toContain('请求参数有误');
    const twLong = await api(token, 'zh-TW').insert(chinese({ company: '公'.repeat(101) }));
    expect((twLong.data as unknown as FieldErrors).errors).toEqual([
      { field: 'company', message: '公司最多 100 個字' },
    ]);
    const twPhone = await api(token, 'zh-TW').insert(american({ phone: 'x' }));
    expect((twPhone.data as unknown as FieldErrors).errors).toContainEqual({
      field: 'phone',
      message: '電話號碼格式不正確',
    });
    expect((await api(token).query()).data.total).toBe(0);
  });

  it('stores texts trimmed, NFC-normalised and without zero-width characters', async () => {
    const { token } = await newCustomer();
    const decomposed = 'Jose\u0301 Mu\u0308ller'; // é and ü as letter + combining mark
    const created = await api(token).insert(
      chinese({
        name: `  \u200B${decomposed}\uFEFF `,
        company: '\u2060光明\u200D贸易\u200C',
        addressLine1: '\t科技园\u200B南区 1 栋\n',
        houseNumber: '\u200B \u200B',
      }),
    );
    expect(created.code).toBe(200);
    const stored = (await api(token).get(created.data.id)).data;
    expect(stored.name).toBe('Jos\u00E9 M\u00FCller');
    expect(stored.name.length).toBe(11);
    expect(stored.company).toBe('光明贸易');
    expect(stored.addressLine1).toBe('科技园南区 1 栋');
    expect(stored.houseNumber).toBeNull();
    // A search for the composed form finds the address typed with combining marks.
    expect((await api(token).query({ keyword: 'Jos\u00E9' })).data.total).toBe(1);
  });

  it('refuses control characters and text-direction overrides with a field error, storing nothing', async () => {
    const { token } = await newCustomer();
    const cases: { body: AddressInput; field: string; message: string }[] = [
      {
        body: chinese({ name: '张\u0000三' }),
        field: 'name',
        message: 'Name contains an invisible control character; please remove it',
      },
      {
        body: chinese({ company: 'ACME\u0085Ltd' }),
        field: 'company',
        message: 'Company contains an invisible control character; please remove it',
      },
      {
        body: chinese({ addressLine1: '科技园\n南区' }),
        field: 'addressLine1',
        message: 'Address line 1 contains an invisible control character; please remove it',
      },
      {
        body: chinese({ addressLine2: 'invoice\u202Efdp.exe' }),
        field: 'addressLine2',
        message: 'Address line 2 contains a character that reverses the text direction; please remove it',
      },
      {
        body: chinese({ taxId: '\u2066123\u2069' }),
        field: 'taxId',
        message: 'Tax ID contains a character that reverses the text direction; please remove it',
      },
    ];
    for (const { body, field, message } of cases) {
      const answer = await api(token, 'en-US').insert(body);
      expect(answer.code, field).toBe(400);
      expect((answer.data as unknown as FieldErrors).errors, field).toContainEqual({ field, message });
    }
    const zh = await api(token, 'zh-CN').insert(chinese({ name: '张\u001B三' }));
    expect((zh.data as unknown as FieldErrors).errors).toEqual([
      { field: 'name', message: '姓名含有不可见的控制字符，请删除后重试' },
    ]);
    expect((await api(token).query()).data.total).toBe(0);
  });

  it('updates every field, keeping the default flag when it is not given', async () => {
    const { token } = await newCustomer();
    const created = await api(token).insert(chinese({ isDefault: true }));
    const updated = await api(token).update({
      ...american({ addressType: 'sender' }),
      id: created.data.id,
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({
      id: created.data.id,
      countryCode: 'US',
      city: 'Los Angeles',
      province: 'CA',
      provinceCode: null,
      district: null,
      isDefault: true,
      createdAt: created.data.createdAt,
    });
    const bad = await api(token).update({ ...chinese({ district: '不存在区' }), id: created.data.id });
    expect(bad.code).toBe(400);
    expect((await api(token).get(created.data.id)).data.countryCode).toBe('US');
  });

  it('lists with pagination, type filter and keyword search over name, phone, company and city', async () => {
    const { token } = await newCustomer();
    const client = api(token);
    await client.insert(chinese({ name: '李雷', phone: '13911112222', company: null }));
    await client.insert(
      chinese({ name: '韩梅梅', company: '北京光明贸易有限公司', addressType: 'receiver' }),
    );
    await client.insert(american({ name: 'John Smith', company: 'ACME Ltd', phone: '+1 555 000 9876' }));
    await client.insert(american({ name: 'Ann Lee', company: null, city: 'Percent%City' }));
    for (let i = 0; i < 8; i++) await client.insert(american({ name: `Bulk ${i}`, company: null }));

    const firstPage = await client.query({ pageIndex: '1', pageSize: '5' });
    expect(firstPage.data).toMatchObject({ total: 12, pageIndex: 1, pageSize: 5 });
    expect(firstPage.data.items).toHaveLength(5);
    const lastPage = await client.query({ pageIndex: '3', pageSize: '5' });
    expect(lastPage.data.items).toHaveLength(2);
    const ids = new Set(
      [
        ...firstPage.data.items,
        ...(await client.query({ pageIndex: '2', pageSize: '5' })).data.items,
        ...lastPage.data.items,
      ].map((a) => a.id),
    );
    expect(ids.size).toBe(12);

    const names = async (query: Record<string, string>) =>
      (await client.query(query)).data.items.map((a) => a.name).sort();
    expect(await names({ keyword: 'acme' })).toEqual(['John Smith']);
    expect(await names({ keyword: '光明' })).toEqual(['韩梅梅']);
    expect(await names({ keyword: '1111' })).toEqual(['李雷']);
    expect(await names({ keyword: '5550009876' })).toEqual(['John Smith']);
    expect(await names({ keyword: 'percent%' })).toEqual(['Ann Lee']);
    expect(await names({ keyword: '%' })).toEqual(['Ann Lee']);
    expect(await names({ keyword: '深圳' })).toEqual(['李雷', '韩梅梅']);
    expect(await names({ addressType: 'receiver', keyword: '深圳' })).toEqual(['韩梅梅']);
    expect((await client.query({ addressType: 'sender' })).data.total).toBe(1);
    expect((await client.query({ addressType: '', countryCode: 'cn' })).data.total).toBe(2);

    const tooBig = await client.query({ pageSize: '501' });
    expect(tooBig.code).toBe(400);
    const badType = await client.query({ addressType: 'both' });
    expect(badType.code).toBe(400);
  });

  it('keeps one default per type, atomically, with defaults listed first', async () => {
    const { token } = await newCustomer();
    const client = api(token);
    const a = await client.insert(chinese({ name: 'A', isDefault: true }));
    const b = await client.insert(chinese({ name: 'B', isDefault: true }));
    const r = await client.insert(american({ name: 'R', isDefault: true }));
    expect((await client.get(a.data.id)).data.isDefault).toBe(false);
    expect((await client.getDefault('sender')).data?.id).toBe(b.data.id);

    const set = await client.setDefault(a.data.id);
    expect(set).toMatchObject({
      code: 200,
      message: '已设为默认地址',
      data: { id: a.data.id, isDefault: true },
    });
    expect((await client.get(b.data.id)).data.isDefault).toBe(false);
    expect((await client.getDefault('receiver')).data?.id).toBe(r.data.id);
    const list = await client.query();
    expect(
      list.data.items
        .slice(0, 2)
        .map((x) => x.id)
        .sort(),
    ).toEqual([a.data.id, r.data.id].sort());

    // Moving the receiver default to the sender type takes over that type's default.
    await client.update({ ...american({ name: 'R', addressType: 'sender' }), id: r.data.id });
    expect((await client.getDefault('sender')).data?.id).toBe(r.data.id);
    expect((await client.get(a.data.id)).data.isDefault).toBe(false);
    expect((await client.getDefault('receiver')).data).toBeNull();

    const senders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.insert(chinese({ name: `S${i}` }))),
    );
    const answers = await Promise.all(senders.map((s) => client.setDefault(s.data.id)));
    expect(answers.map((x) => x.code)).toEqual(answers.map(() => 200));
    const defaults = (await client.query({ addressType: 'sender', pageSize: '50' })).data.items.filter(
      (x) => x.isDefault,
    );
    expect(defaults).toHaveLength(1);
  });

  it('deletes one or many addresses, all or none', async () => {
    const { token } = await newCustomer();
    const client = api(token);
    const [a, b, c] = await Promise.all([
      client.insert(chinese()),
      client.insert(chinese()),
      client.insert(american()),
    ]);
    const one = await client.remove([a.data.id]);
    expect(one).toMatchObject({ code: 200, data: { deleted: 1 }, message: '已删除 1 个地址' });
    expect((await client.get(a.data.id)).code).toBe(404);
    const again = await client.remove([b.data.id, a.data.id]);
    expect(again.code).toBe(404);
    expect((await client.get(b.data.id)).code).toBe(200);
    const many = await client.remove([b.data.id, c.data.id, c.data.id]);
    expect(many.data.deleted).toBe(2);
    expect((await client.query()).data.total).toBe(0);
    expect((await client.remove([])).code).toBe(400);
  });

  it("treats another customer's addresses as not found for every call", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const mine = await api(owner.token).insert(chinese({ name: 'Owner only', isDefault: true }));
    const id = mine.data.id;
    const stranger = api(other.token, 'en-US');
    const notFound = { code: 404, success: false, message: 'The record does not exist or has been deleted' };
    expect(await stranger.get(id)).toMatchObject(notFound);
    expect(await stranger.update({ ...american(), id })).toMatchObject(notFound);
    expect(await stranger.remove([id])).toMatchObject(notFound);
    expect(await stranger.setDefault(id)).toMatchObject(notFound);
    expect((await stranger.query({ keyword: 'Owner only' })).data.total).toBe(0);
    expect((await stranger.getDefault('sender')).data).toBeNull();
    const untouched = await api(owner.token).get(id);
    expect(untouched.data).toEqual(mine.data);
    expect((await api(owner.token).get('no-such-id')).code).toBe(404);
  });
});

describe(`address book access on ${ENGINE}`, () => {
  it('needs address:view to read and address:edit to change', async () => {
    const { customerId, token: mainToken } = await newCustomer();
    const existing = await api(mainToken).insert(chinese());
    const viewer = await signIn(
      t.app,
      await createUser(t.app.db, customerId, { permissions: ['address:view'] }),
    );
    const bare = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: [] }));

    const reader = api(viewer.jwtToken, 'en-US');
    expect((await reader.query()).data.total).toBe(1);
    expect((await reader.get(existing.data.id)).code).toBe(200);
    expect((await reader.getDefault('sender')).code).toBe(200);
    const forbidden = {
      code: 403,
      success: false,
      message: 'Sorry, you do not have permission: address:edit',
    };
    expect(await reader.insert(chinese())).toMatchObject(forbidden);
    expect(await reader.update({ ...chinese(), id: existing.data.id })).toMatchObject(forbidden);
    expect(await reader.remove([existing.data.id])).toMatchObject(forbidden);
    expect(await reader.setDefault(existing.data.id)).toMatchObject(forbidden);

    const nobody = api(bare.jwtToken);
    expect(await nobody.query()).toMatchObject({
      code: 403,
      message: '对不起，您没有操作权限：address:view',
    });
    expect((await nobody.get(existing.data.id)).code).toBe(403);
    expect((await nobody.getDefault('sender')).code).toBe(403);

    const demoViewer = await signIn(t.app, DEMO_SUB_USER);
    expect((await api(demoViewer.jwtToken).query()).code).toBe(403);
    expect((await api(mainToken).get(existing.data.id)).data).toEqual(existing.data);
  });

  it('shows the address book under the orders menu only to users who may view it', async () => {
    type Menu = {
      path: string;
      name: string;
      title: string;
      icon: string | null;
      authority: unknown;
      children: Menu[];
    };
    const menuOf = async (token: string) =>
      (
        await call<Menu[]>(t.app, {
          method: 'POST',
          url: '/api/Common/QueryApplicationMenu',
          token,
          headers: { 'accept-language': 'en-US' },
        })
      ).data;
    const { customerId, token } = await newCustomer();
    const orders = (await menuOf(token)).find((m) => m.name === 'orders');
    expect(orders).toMatchObject({
      path: '/user/orders',
      title: 'Orders',
      icon: 'ShoppingOutlined',
      authority: null,
    });
    // The create-order page (migration 070) sits beside it; create-order-menu.test.ts checks that entry.
    expect(orders?.children).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '/user/orders/address',
          name: 'address',
          title: 'Address book',
          icon: 'ContactsOutlined',
          authority: 'address:view',
        }),
      ]),
    );
    const bare = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: [] }));
    expect((await menuOf(bare.jwtToken)).map((m) => m.path)).not.toContain('/user/orders');
  });

  it('answers 402 without a session', async () => {
    // Valid bodies: the session check runs after schema validation, so only they reach it.
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/CustomerAddress/Query'],
      ['GET', '/api/CustomerAddress/Get?id=x'],
      ['GET', '/api/CustomerAddress/GetDefault?addressType=sender'],
      ['POST', '/api/CustomerAddress/Insert', chinese()],
      ['POST', '/api/CustomerAddress/Update', { ...chinese(), id: 'x' }],
      ['POST', '/api/CustomerAddress/Delete', { ids: ['x'] }],
      ['POST', '/api/CustomerAddress/SetDefault', { id: 'x' }],
      ['POST', '/api/CustomerAddress/Import'],
      ['GET', '/api/CustomerAddress/ImportTemplate'],
      ['GET', '/api/CustomerAddress/Export'],
    ];
    for (const [method, url, body] of calls) {
      const answer = await call(t.app, { method: method as 'GET', url, body });
      expect(answer.code, url).toBe(402);
    }
  });
});
