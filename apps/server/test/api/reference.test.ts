import { DICTIONARY_TYPE_CODES } from '@portal/contracts/reference';
import type {
  CnCity,
  CnDivision,
  CnDivisionTreeNode,
  Country,
  Currency,
  DictionaryItem,
} from '@portal/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app)).jwtToken;
});
afterAll(async () => t.close());

const get = <T>(url: string, query?: Record<string, string>, language = 'zh-CN') =>
  call<T>(t.app, { url, token, query, headers: { 'accept-language': language } });

describe(`Chinese divisions on ${ENGINE}`, () => {
  it('lists the 31 mainland provinces with six-digit official codes', async () => {
    const answer = await get<CnDivision[]>('/api/Common/GetAllCnProvices');
    expect(answer.code).toBe(200);
    expect(answer.data).toHaveLength(31);
    expect(answer.data).toContainEqual({ name: '广东省', code: '440000' });
    expect(answer.data).toContainEqual({ name: '新疆维吾尔自治区', code: '650000' });
  });

  it('includes the 2023 changes: 白杨市 is a city of Xinjiang without districts', async () => {
    const cities = await get<CnCity[]>('/api/Common/GetCnProvinceCitys', {
      provinceName: '新疆维吾尔自治区',
    });
    expect(cities.data).toContainEqual({ name: '白杨市', code: '659012', hasDistricts: false });
    expect(cities.data).toContainEqual({ name: '乌鲁木齐市', code: '650100', hasDistricts: true });
    const districts = await get<CnDivision[]>('/api/Common/GetCnCityDistricts', { cityName: '白杨市' });
    expect(districts.code).toBe(200);
    expect(districts.data).toEqual([]);
  });

  it('answers a municipality as one city named after itself, holding its districts and counties', async () => {
    const beijing = await get<CnCity[]>('/api/Common/GetCnProvinceCitys', { provinceName: '北京市' });
    expect(beijing.data).toEqual([{ name: '北京市', code: '110100', hasDistricts: true }]);
    const districts = await get<CnDivision[]>('/api/Common/GetCnCityDistricts', { cityName: '北京市' });
    expect(districts.data).toContainEqual({ name: '朝阳区', code: '110105' });
    expect(districts.data).toHaveLength(16);

    const chongqing = await get<CnCity[]>('/api/Common/GetCnProvinceCitys', { provinceName: '重庆市' });
    expect(chongqing.data).toEqual([{ name: '重庆市', code: '500100', hasDistricts: true }]);
    const parts = await get<CnDivision[]>('/api/Common/GetCnCityDistricts', { cityName: '重庆市' });
    expect(parts.data).toContainEqual({ name: '渝中区', code: '500103' });
    expect(parts.data).toContainEqual({ name: '城口县', code: '500229' });
  });

  it('answers the towns of cities without county-level districts, and directly governed cities alone', async () => {
    for (const [city, town] of [
      ['东莞市', '虎门镇'],
      ['中山市', '小榄镇'],
      ['儋州市', '那大镇'],
      ['嘉峪关市', '雄关街道'],
    ] as const) {
      const answer = await get<CnDivision[]>('/api/Common/GetCnCityDistricts', { cityName: city });
      expect(
        answer.data.map((d) => d.name),
        city,
      ).toContain(town);
      expect(
        answer.data.every((d) => /^\d{9}$/.test(d.code)),
        city,
      ).toBe(true);
    }
    const hubei = await get<CnCity[]>('/api/Common/GetCnProvinceCitys', { provinceName: '湖北省' });
    expect(hubei.data).toContainEqual({ name: '仙桃市', code: '429004', hasDistricts: false });
    expect(hubei.data.map((c) => c.name)).not.toContain('省直辖县级行政区划');
  });

  it('accepts short names that match one division', async () => {
    const cities = await get<CnCity[]>('/api/Common/GetCnProvinceCitys', { provinceName: '广东' });
    expect(cities.data).toContainEqual({ name: '深圳市', code: '440300', hasDistricts: true });
    const districts = await get<CnDivision[]>('/api/Common/GetCnCityDistricts', { cityName: '深圳' });
    expect(districts.data).toContainEqual({ name: '南山区', code: '440305' });
  });

  it('refuses unknown names with a localized NotFound, never an empty success', async () => {
    const province = await get('/api/Common/GetCnProvinceCitys', { provinceName: '火星省' }, 'en-US');
    expect(province).toMatchObject({
      code: 404,
      success: false,
      message: 'No province is called 火星省',
      data: null,
    });
    const city = await get('/api/Common/GetCnCityDistricts', { cityName: '市辖区' });
    expect(city).toMatchObject({ code: 404, success: false, message: '未找到城市：市辖区' });
    const zhTW = await get('/api/Common/GetCnCityDistricts', { cityName: '不存在市' }, 'zh-TW');
    expect(zhTW.message).toBe('找不到城市：不存在市');
    const missing = await get<{ errors: { field: string }[] }>('/api/Common/GetCnProvinceCitys');
    expect(missing.code).toBe(400);
    expect(missing.data.errors[0]?.field).toBe('provinceName');
  });

  it('answers the whole tree for the cascader in one call', async () => {
    const tree = await get<CnDivisionTreeNode[]>('/api/Common/GetCnDivisionTree');
    expect(tree.data).toHaveLength(31);
    const xinjiang = tree.data.find((p) => p.code === '650000');
    expect(xinjiang?.children).toContainEqual(expect.objectContaining({ name: '白杨市', code: '659012' }));
    expect(xinjiang?.children?.find((c) => c.name === '白杨市')?.children).toBeUndefined();
    const guangdong = tree.data.find((p) => p.name === '广东省');
    const shenzhen = guangdong?.children?.find((c) => c.name === '深圳市');
    expect(shenzhen?.children).toContainEqual(expect.objectContaining({ name: '福田区', code: '440304' }));
    const districts = tree.data.flatMap((p) => (p.children ?? []).flatMap((c) => c.children ?? []));
    expect(districts.length).toBeGreaterThan(2800);
  });

  const guangzhouIn = (tree: CnDivisionTreeNode[]) =>
    tree.find((p) => p.code === '440000')?.children?.find((c) => c.code === '440100');

  it.each(['zh-CN', 'en-US', 'zh-TW'])(
    'sends full pinyin and initials with every node in %s, so "gz" and "guangzhou" find 广州',
    async (language) => {
      const tree = await get<CnDivisionTreeNode[]>('/api/Common/GetCnDivisionTree', undefined, language);
      const guangdong = tree.data.find((p) => p.code === '440000');
      expect(guangdong).toMatchObject({ name: '广东省', pinyin: 'guangdongsheng', initials: 'gds' });
      expect(guangzhouIn(tree.data)).toMatchObject({
        name: '广州市',
        pinyin: 'guangzhoushi',
        initials: 'gzs',
      });
      expect(guangzhouIn(tree.data)?.children).toContainEqual(
        expect.objectContaining({ name: '天河区', pinyin: 'tianhequ', initials: 'thq' }),
      );
      // ü is written v, as people type it.
      const jilin = tree.data.find((p) => p.code === '220000');
      const changchun = jilin?.children?.find((c) => c.code === '220100');
      expect(changchun?.children).toContainEqual(
        expect.objectContaining({ name: '绿园区', pinyin: 'lvyuanqu' }),
      );
      const all = tree.data.flatMap(function walk(node): CnDivisionTreeNode[] {
        return [node, ...(node.children ?? []).flatMap(walk)];
      });
      expect(
        all.every((node) => /^[a-z]+$/.test(node.pinyin ?? '') && /^[a-z]+$/.test(node.initials ?? '')),
      ).toBe(true);
    },
  );

  it('names places in Traditional Chinese for zh-TW and keeps the official name as the value', async () => {
    const tree = await get<CnDivisionTreeNode[]>('/api/Common/GetCnDivisionTree', undefined, 'zh-TW');
    const guangdong = tree.data.find((p) => p.code === '440000');
    expect(guangdong).toMatchObject({ name: '广东省', localName: '廣東省' });
    expect(guangzhouIn(tree.data)).toMatchObject({ name: '广州市', localName: '廣州市' });
    const xinjiang = tree.data.find((p) => p.code === '650000');
    expect(xinjiang).toMatchObject({ name: '新疆维吾尔自治区', localName: '新疆維吾爾自治區' });
    // A name that is the same in both scripts carries no second copy.
    const beijing = tree.data.find((p) => p.code === '110000');
    expect(beijing).toMatchObject({ name: '北京市' });
    expect(beijing?.localName).toBeUndefined();

    const simplified = await get<CnDivisionTreeNode[]>('/api/Common/GetCnDivisionTree', undefined, 'zh-CN');
    expect(simplified.data.some((p) => p.localName !== undefined)).toBe(false);
  });

  it('answers each language once, with its own ETag', async () => {
    const answer = (language: string) =>
      t.app.inject({
        url: '/api/Common/GetCnDivisionTree',
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
    const [cn, tw] = [await answer('zh-CN'), await answer('zh-TW')];
    expect(cn.headers.etag).not.toBe(tw.headers.etag);
    const again = await t.app.inject({
      url: '/api/Common/GetCnDivisionTree',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'zh-TW',
        'if-none-match': String(tw.headers.etag),
      },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe(`countries, dictionaries and currencies on ${ENGINE}`, () => {
  it('lists every ISO 3166-1 country with three names and known postal-code formats', async () => {
    const answer = await get<Country[]>('/api/Common/GetCountry', undefined, 'en-US');
    expect(answer.data.length).toBeGreaterThanOrEqual(249);
    const byCode = new Map(answer.data.map((c) => [c.code, c]));
    expect(byCode.get('CN')?.name).toEqual({
      'zh-CN': '中国',
      'en-US': 'China',
      'zh-TW': '中國',
    });
    expect(byCode.get('US')?.name['zh-TW']).toBe('美國');
    expect(byCode.get('US')).toMatchObject({
      postalCodePattern: '^\\d{5}(-\\d{4})?$',
      postalCodeExample: '90210',
    });
    expect(byCode.get('GB')?.postalCodePattern).not.toBeNull();
    expect(byCode.get('HK')?.postalCodePattern).toBeNull();
    for (const country of answer.data) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(
        country.name['zh-CN'] && country.name['en-US'] && country.name['zh-TW'],
        country.code,
      ).toBeTruthy();
    }
    // Sorted by the name in the caller's language.
    expect(answer.data[0]?.name['en-US']).toBe('Afghanistan');
    const chinese = await get<Country[]>('/api/Common/GetCountry');
    expect(chinese.data[0]?.code).not.toBe(answer.data[0]?.code);
  });

  it('answers each dictionary with labels in three languages and refuses unknown type codes', async () => {
    const terms = await get<DictionaryItem[]>(
      '/api/Common/GetSystemDictionaryByKey',
      { typeCode: 'customsTerms' },
      'en-US',
    );
    expect(terms.data.map((i) => i.value)).toEqual(['DDU', 'DDP']);
    expect(terms.data[1]?.label).toContain('delivered duty paid');
    for (const typeCode of DICTIONARY_TYPE_CODES) {
      const answer = await get<DictionaryItem[]>('/api/Common/GetSystemDictionaryByKey', { typeCode });
      expect(answer.data.length, typeCode).toBeGreaterThan(0);
      for (const item of answer.data) {
        expect(item.label).toBe(item.labels['zh-CN']);
        expect(item.labels['en-US'] && item.labels['zh-TW'], `${typeCode}.${item.value}`).toBeTruthy();
      }
    }
    const types = await get<DictionaryItem[]>(
      '/api/Common/GetSystemDictionaryByKey',
      { typeCode: 'addressType' },
      'zh-TW',
    );
    expect(types.data).toEqual([
      expect.objectContaining({ value: 'sender', label: '寄件人' }),
      expect.objectContaining({ value: 'receiver', label: '收件人' }),
    ]);
    const unknown = await get('/api/Common/GetSystemDictionaryByKey', { typeCode: 'noSuchType' }, 'en-US');
    expect(unknown).toMatchObject({
      code: 404,
      success: false,
      message: 'Unknown dictionary type: noSuchType',
    });
  });

  it('answers accepted currencies with exact rates to CNY', async () => {
    const answer = await get<Currency[]>('/api/Common/QueryLaotieCurrency', undefined, 'en-US');
    expect(answer.data.map((c) => c.currencyCode)).toEqual(['CNY', 'USD', 'EUR', 'GBP', 'HKD']);
    expect(answer.data[0]).toMatchObject({
      name: 'Chinese yuan',
      rateToCny: '1.000000',
      rateToCnyMicros: 1_000_000,
      minorUnits: 2,
    });
    const hkd = answer.data.find((c) => c.currencyCode === 'HKD');
    expect(hkd).toMatchObject({
      rateToCny: '0.915500',
      rateToCnyMicros: 915_500,
      names: { 'zh-CN': '港币' },
    });
    expect(Date.parse(hkd?.updatedAt ?? '')).not.toBeNaN();
  });
});

describe(`reference caching and access on ${ENGINE}`, () => {
  it('lets the browser cache answers and revalidate them by ETag', async () => {
    const first = await t.app.inject({
      url: '/api/Common/GetAllCnProvices',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      url: '/api/Common/GetAllCnProvices',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await t.app.inject({
      url: '/api/Common/GetAllCnProvices',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag, 'accept-language': 'en-US' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.json()).toMatchObject({ message: 'Done' });
    const stale = await t.app.inject({
      url: '/api/Common/GetAllCnProvices',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toHaveLength(31);
  });

  it('does not cache errors', async () => {
    const response = await t.app.inject({
      url: '/api/Common/GetCnCityDistricts?cityName=nowhere',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it('needs a session but no particular permission', async () => {
    for (const url of [
      '/api/Common/GetAllCnProvices',
      '/api/Common/GetCountry',
      '/api/Common/QueryLaotieCurrency',
    ]) {
      const anonymous = await call(t.app, { url });
      expect(anonymous.code, url).toBe(402);
    }
    const { customerId } = await createCustomer(t.app.db);
    const bare = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: [] }));
    const answer = await call<Country[]>(t.app, { url: '/api/Common/GetCountry', token: bare.jwtToken });
    expect(answer.code).toBe(200);
  });
});
