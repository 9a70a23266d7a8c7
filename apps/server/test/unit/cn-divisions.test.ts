import { createCnDivisionIndex } from '@portal/contracts/reference';
import { describe, expect, it } from 'vitest';
import { buildCnDivisionTree, type RawDivision } from '../../src/modules/reference/cn-divisions.ts';

const raw: RawDivision[] = [
  {
    code: '50',
    name: '重庆市',
    children: [
      { code: '5001', name: '市辖区', children: [{ code: '500103', name: '渝中区' }] },
      { code: '5002', name: '县', children: [{ code: '500229', name: '城口县' }] },
    ],
  },
  {
    code: '42',
    name: '湖北省',
    children: [
      {
        code: '4201',
        name: '武汉市',
        children: [
          { code: '420102', name: '江岸区' },
          { code: '420103', name: '江汉区' },
        ],
      },
      { code: '4290', name: '省直辖县级行政区划', children: [{ code: '429004', name: '仙桃市' }] },
    ],
  },
  {
    code: '44',
    name: '广东省',
    children: [
      { code: '4419', name: '东莞市', children: [{ code: '441900121', name: '虎门镇' }] },
      { code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }] },
      { code: '4406', name: '佛山市', children: [{ code: '440604', name: '禅城区' }] },
    ],
  },
];

describe('Chinese division tree', () => {
  const tree = buildCnDivisionTree(raw);

  it('merges municipality parts, lifts directly governed cities and uses six-digit codes', () => {
    expect(tree[0]).toEqual({
      name: '重庆市',
      code: '500000',
      children: [
        {
          name: '重庆市',
          code: '500100',
          children: [
            { name: '渝中区', code: '500103' },
            { name: '城口县', code: '500229' },
          ],
        },
      ],
    });
    expect(tree[1]?.children?.map((c) => c.name)).toEqual(['武汉市', '仙桃市']);
    expect(tree[1]?.children?.[1]).toEqual({ name: '仙桃市', code: '429004' });
    expect(tree[2]?.children?.[0]?.children).toEqual([{ name: '虎门镇', code: '441900121' }]);
  });

  it('resolves names, short names and the district rule', () => {
    const index = createCnDivisionIndex(tree);
    expect(index.resolve({ province: '湖北', city: '武汉', district: '江岸' })).toEqual({
      ok: true,
      province: { name: '湖北省', code: '420000' },
      city: { name: '武汉市', code: '420100' },
      district: { name: '江岸区', code: '420102' },
    });
    expect(index.resolve({ province: '湖北省', city: '武汉市', district: '江' })).toEqual({
      ok: false,
      field: 'district',
      problem: 'unknownDistrict',
    });
    expect(index.resolve({ province: '湖北省', city: '武汉市' })).toEqual({
      ok: false,
      field: 'district',
      problem: 'districtRequired',
    });
    expect(index.resolve({ province: '湖北省', city: '仙桃市', district: '' })).toMatchObject({
      ok: true,
      district: null,
    });
    expect(index.resolve({ province: '湖北省', city: '仙桃市', district: '江岸区' })).toEqual({
      ok: false,
      field: 'district',
      problem: 'unknownDistrict',
    });
    expect(index.resolve({ province: '广东省', city: '武汉市', district: '江岸区' })).toEqual({
      ok: false,
      field: 'city',
      problem: 'unknownCity',
    });
    expect(index.resolve({ province: '湖', city: '武汉市' })).toEqual({
      ok: false,
      field: 'province',
      problem: 'unknownProvince',
    });
    // 佛 and 东 are single characters: too short to stand for a name.
    expect(index.findCity('佛')).toBeUndefined();
    expect(index.findCity('佛山')?.code).toBe('440600');
    expect(index.findCity('重庆市')?.code).toBe('500100');
  });
});
