import { describe, expect, test } from 'vitest';
import {
  buildApiRequest,
  curlOf,
  formatBody,
  sendApiRequest,
  shellQuote,
} from '../../src/features/api-docs/lib/api-request';
import {
  exampleOf,
  fieldRows,
  groupOperations,
  isCreateOperation,
  mediaExample,
  parameterHint,
  typeLabel,
  type ApiOperation,
} from '../../src/features/api-docs/lib/openapi-model';
import { fixtureDocument as doc } from '../fixtures/openapi-document';

const operations = groupOperations(doc).flatMap((g) => g.operations);
const op = (id: string): ApiOperation => operations.find((o) => o.id === id)!;

describe('the OpenAPI model', () => {
  test('groups operations by tag in the document order, with anchors from operation ids', () => {
    expect(groupOperations(doc).map((g) => [g.tag, g.label, g.operations.map((o) => o.id)])).toEqual([
      ['Orders', 'Create and read orders', ['createOrder', 'getOrder']],
      ['Account', 'Balance', ['getBalance']],
    ]);
    expect(op('getOrder')).toMatchObject({ method: 'get', path: '/orders/{orderNo}', isSecured: true });
  });

  test('turns a body schema into nested rows: $ref objects, arrays of objects, enums, required, limits', () => {
    const media = op('createOrder').requestBody!.content!['application/json'];
    const rows = fieldRows(doc, media!.schema);
    expect(rows.map((r) => [r.name, r.type, r.isRequired])).toEqual([
      ['productCode', 'string', true],
      ['submit', 'boolean', false],
      ['consignee', 'object', true],
      ['parcels', 'array<object>', true],
    ]);
    expect(rows[1]!.defaultValue).toBe(true);
    const consignee = rows[2]!.children!;
    expect(consignee.map((r) => r.key)).toEqual([
      'consignee.name',
      'consignee.countryCode',
      'consignee.postalCode',
    ]);
    expect(consignee[0]).toMatchObject({ isRequired: true, limits: [{ kind: 'length', min: 1, max: 100 }] });
    expect(consignee[1]!.enumValues).toEqual(['US', 'DE', 'CN']);
    expect(consignee[2]).toMatchObject({
      type: 'string | null',
      isRequired: false,
      limits: [{ kind: 'length', max: 20 }],
    });
    const parcels = rows[3]!;
    expect(parcels.limits).toEqual([{ kind: 'items', min: 1, max: 50 }]);
    expect(parcels.children!.map((r) => r.key)).toEqual(['parcels.weightKg', 'parcels.items']);
    expect(parcels.children![0]!.limits).toEqual([
      { kind: 'range', min: 0, max: 70, exclusiveMin: true, exclusiveMax: false },
    ]);
    expect(parcels.children![1]!.children!.map((r) => r.key)).toEqual([
      'parcels.items.sku',
      'parcels.items.quantity',
    ]);
  });

  test('builds examples from the schema when the document gives none, and keeps the ones it gives', () => {
    const media = op('createOrder').requestBody!.content!['application/json'];
    expect(mediaExample(doc, media)).toEqual({
      productCode: 'EXPRESS',
      submit: true,
      consignee: { name: 'string', countryCode: 'US', postalCode: 'string' },
      parcels: [{ weightKg: 0, items: [{ sku: 'string', quantity: 1 }] }],
    });
    expect(mediaExample(doc, op('createOrder').responses['200']!.content!['application/json'])).toEqual({
      orderNo: 'A-1',
      status: 'submitted',
    });
    expect(exampleOf(doc, { type: 'string', format: 'date' })).toBe('2026-01-01');
  });

  test('a query hint is what the document says, never a made-up placeholder', () => {
    const [orderNo, fields] = op('getOrder').parameters;
    expect(parameterHint(doc, orderNo!)).toBe('A-1');
    expect(parameterHint(doc, fields!)).toBe('all | summary');
    expect(parameterHint(doc, { name: 'q', in: 'query', schema: { type: 'string' } })).toBe('');
  });

  test('a recursive schema stops instead of looping', () => {
    const recursive = {
      ...doc,
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: { name: { type: 'string' }, child: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    };
    const rows = fieldRows(recursive, { $ref: '#/components/schemas/Node' });
    expect(rows.map((r) => r.name)).toEqual(['name', 'child']);
    expect(rows[1]!.children).toBeUndefined();
    expect(typeLabel(recursive, { $ref: '#/components/schemas/Node' })).toBe('object');
  });

  test('creates are the operations that take an Idempotency-Key (or POST)', () => {
    expect(isCreateOperation(op('createOrder'), operations)).toBe(true);
    expect(isCreateOperation(op('getBalance'), operations)).toBe(false);
    // A POST that does not declare the header, in a document where creates do: no key.
    const cancel = { method: 'post' as const, parameters: [] };
    expect(isCreateOperation(cancel, operations)).toBe(false);
    expect(isCreateOperation(cancel, [])).toBe(true);
  });
});

describe('the test request', () => {
  const base = {
    baseUrl: 'http://localhost:3000/openapi/v1',
    pathValues: {},
    queryValues: {},
    bodyText: '',
    token: '',
    language: 'en-US',
  };

  test('fills and encodes path values, leaves blank query values out, sends the Bearer token', () => {
    const result = buildApiRequest({
      ...base,
      operation: op('getOrder'),
      pathValues: { orderNo: 'A 1/2' },
      queryValues: { fields: 'summary' },
      token: ' pk_live_abc ',
    });
    expect(result).toEqual({
      ok: true,
      request: {
        method: 'GET',
        url: 'http://localhost:3000/openapi/v1/orders/A%201%2F2?fields=summary',
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'en-US',
          Authorization: 'Bearer pk_live_abc',
        },
      },
    });
    expect(buildApiRequest({ ...base, operation: op('getOrder') })).toEqual({
      ok: false,
      problem: 'missingPath',
      name: 'orderNo',
    });
  });

  test('checks the JSON body before sending and sends it compact with the Idempotency-Key', () => {
    const bad = buildApiRequest({ ...base, operation: op('createOrder'), bodyText: '{"productCode": ' });
    expect(bad).toMatchObject({ ok: false, problem: 'invalidJson' });
    const good = buildApiRequest({
      ...base,
      operation: op('createOrder'),
      bodyText: '{\n  "productCode": "EXPRESS"\n}',
      idempotencyKey: 'key-1',
    });
    expect(good.ok && good.request).toMatchObject({
      method: 'POST',
      body: '{"productCode":"EXPRESS"}',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' },
    });
  });

  test('the curl command quotes every word so the shell expands nothing', () => {
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    const curl = curlOf({
      method: 'POST',
      url: 'http://localhost/openapi/v1/orders',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"name":"O\'Brien"}',
    });
    expect(curl).toBe(
      [
        `curl -X POST 'http://localhost/openapi/v1/orders'`,
        `  -H 'Authorization: Bearer t'`,
        `  -H 'Content-Type: application/json'`,
        `  --data-raw '{"name":"O'\\''Brien"}'`,
      ].join(' \\\n'),
    );
  });

  test('sends with fetch and reports status, sorted headers, formatted body and the time taken', async () => {
    let clock = 100;
    const send = (async () => {
      clock = 142;
      return new Response('{"a":1}', {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'application/json', 'x-b': '2' },
      });
    }) as typeof fetch;
    const view = await sendApiRequest({ method: 'GET', url: 'http://x/y', headers: {} }, () => clock, send);
    expect(view).toMatchObject({ status: 404, durationMs: 42, bodyText: '{\n  "a": 1\n}' });
    expect(view.headers.map(([name]) => name)).toEqual(['content-type', 'x-b']);
    expect(formatBody('plain', 'text/plain')).toBe('plain');
  });
});
