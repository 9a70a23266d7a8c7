import { AddressSchema } from '@portal/contracts/address';
import { envelopeSchema } from '@portal/contracts/envelope';
import { pageSchema } from '@portal/contracts/pagination';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileProjection, responseSerializerCompiler } from '../../src/lib/response-serializer.ts';

const address = {
  id: 'a-1',
  addressType: 'sender',
  name: '张三',
  company: null,
  phone: '13800138000',
  email: null,
  countryCode: 'CN',
  province: '广东省',
  provinceCode: '440000',
  city: '深圳市',
  cityCode: '440300',
  district: '南山区',
  districtCode: '440305',
  postalCode: '518000',
  addressLine1: '科技园 "南区" 1 栋\n\u2028',
  addressLine2: null,
  addressLine3: null,
  houseNumber: null,
  taxId: null,
  isDefault: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

const serializerFor = (schema: z.ZodType, check: 'types' | 'full') =>
  responseSerializerCompiler(check)({
    schema,
    method: 'GET',
    url: '/api/Test',
    httpStatus: '200',
  } as unknown as FastifyRouteSchemaDef<unknown>);

describe('the fast response copy', () => {
  it('writes the bytes zod does: declared keys only, in the schema order, optional keys left out', () => {
    const schema = envelopeSchema(pageSchema(AddressSchema));
    // Keys in another order, extra keys (a row's customer_id), an optional-free schema.
    const { id, ...rest } = address;
    const data = {
      data: {
        pageSize: 20,
        items: [
          { ...rest, id, customer_id: 'other', search_text: 'x' },
          { ...address, isDefault: false },
        ],
        total: 2,
        pageIndex: 1,
        extra: true,
      },
      message: '操作成功',
      success: true,
      code: 200,
      stack: 'never written',
    };
    const project = compileProjection(schema)!;
    expect(JSON.stringify(project(data))).toBe(JSON.stringify(schema.parse(data)));
    expect(serializerFor(schema, 'types')(data)).toBe(JSON.stringify(schema.encode(data as never)));
    expect(serializerFor(schema, 'full')(data)).toBe(JSON.stringify(schema.encode(data as never)));

    const optional = z.object({ a: z.string().optional(), b: z.number().nullable(), c: z.unknown() });
    for (const value of [
      { b: null, c: null },
      { a: undefined, b: 1.5, c: { any: ['thing'] } },
      { a: 'x', b: 0, c: 'text' },
    ])
      expect(JSON.stringify(compileProjection(optional)!(value))).toBe(JSON.stringify(optional.parse(value)));
  });

  it('refuses a value of the wrong type, naming the field', () => {
    const schema = envelopeSchema(AddressSchema);
    const serialize = serializerFor(schema, 'types');
    const envelope = (data: unknown) => ({ code: 200, success: true, message: 'ok', data });
    expect(() => serialize(envelope({ ...address, name: 42 }))).toThrow(
      /name: expected a string, got number/,
    );
    expect(() => serialize(envelope({ ...address, name: undefined }))).toThrow(/name: expected a string/);
    expect(() => serialize(envelope({ ...address, addressType: 'both' }))).toThrow(
      /addressType: expected one of/,
    );
    expect(() => serialize(envelope({ ...address, isDefault: 1 }))).toThrow(/isDefault: expected a boolean/);
    expect(() => serialize(envelope(null))).toThrow(/data: expected an object, got null/);
    expect(() => serialize({ ...envelope(address), code: 200.5 })).toThrow(/code: expected an integer/);
    expect(() => serializerFor(z.object({ n: z.number() }), 'types')({ n: Number.NaN })).toThrow(
      /n: expected a number/,
    );
    expect(() => serializerFor(z.array(z.string()), 'types')('a')).toThrow(/expected an array/);
  });

  it('copies recursive schemas (the region tree)', () => {
    interface Node {
      name: string;
      children?: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(NodeSchema).optional();
      },
    });
    const tree = [
      { name: '广东省', extra: 1, children: [{ name: '深圳市', children: [{ name: '南山区' }] }] },
    ];
    const schema = z.array(NodeSchema);
    expect(JSON.stringify(compileProjection(schema)!(tree))).toBe(JSON.stringify(schema.parse(tree)));
  });

  it('leaves to zod what it does not understand, and checks everything with zod in full mode', () => {
    for (const schema of [
      z.union([z.string(), z.number()]),
      z.object({ a: z.string() }).loose(),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().default('x') }),
      z.record(z.string(), z.number()),
      z.object({ ['__proto__']: z.string() }),
    ])
      expect(compileProjection(schema as z.ZodType)).toBeUndefined();
    const union = z.object({ a: z.union([z.string(), z.number()]) });
    expect(serializerFor(union, 'types')({ a: 1, b: 2 })).toBe('{"a":1}');

    // Lengths and formats are checked only in full mode (tests); the copy checks types.
    const short = z.object({ code: z.string().max(2) });
    expect(serializerFor(short, 'types')({ code: 'long' })).toBe('{"code":"long"}');
    expect(() => serializerFor(short, 'full')({ code: 'long' })).toThrow();
  });
});
