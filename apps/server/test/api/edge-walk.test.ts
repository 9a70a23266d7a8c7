import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCustomer } from '../support/factories.ts';
import { orderBody } from '../support/order-api.ts';
import { multipartBody, orderSheet, validRow } from '../support/order-sheets.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * The edge walk (issue 20, findings 7 and 11): every route the server registers, signed in as a main user
 * with every permission (an API token for the open API, the operator key for the operations API), gets a
 * NUL in every id and text parameter the walk can find — each path parameter, each query key of the route's
 * schema, each top-level body key, every string of a body built from the route's schema — and, for every
 * POST, a multipart upload whose fields hold one. Every answer must be a refusal (400, or 401/402/403/404),
 * never a 500 and never a success: a NUL is never a legitimate part of a request, and PostgreSQL refuses one
 * in a text parameter outright (a 500 where no edge check stopped it). The same walk with a lone surrogate.
 */

const OPERATOR_KEY = 'operator-key-for-the-edge-walk-0123456789';
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
/** Body codes (and HTTP statuses of answers that are not envelopes) that refuse. */
const REFUSALS: readonly number[] = [
  ApiCode.BadRequest,
  ApiCode.AccessTokenExpired,
  ApiCode.NotSignedIn,
  ApiCode.Forbidden,
  ApiCode.NotFound,
];

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {
      OPERATOR_API_KEY: OPERATOR_KEY,
      OPEN_API_CALLS_PER_MINUTE: '100000',
      TOPUP_LOOKUPS_PER_ADDRESS: '10000',
      TOPUP_CREATES_PER_ADDRESS: '10000',
      REGISTER_PER_ADDRESS: '10000',
      PROSPECT_REQUESTS_PER_ADDRESS: '10000',
      WECHAT_SCENES_PER_ADDRESS: '10000',
      SMS_DAILY_CAP_PER_ADDRESS: '100000',
    },
    { logger: false, onRoute: (route) => routes.push(route) },
  );
});
afterAll(async () => t.close());

/** Credentials of one main user with every permission; signed in again when a probe ended its session. */
class Caller {
  #jwt = '';
  #apiToken = '';
  constructor(private readonly app: FastifyInstance) {}

  async setUp() {
    const { main } = await createCustomer(this.app.db);
    this.user = main;
    await this.signIn();
    const created = await call<{ secret: string }>(this.app, {
      method: 'POST',
      url: ApiPath.InsertApiToken,
      token: this.#jwt,
      body: { name: 'edge walk' },
    });
    expect(created.code).toBe(ApiCode.Ok);
    this.#apiToken = created.data.secret;
  }

  user: { loginName: string; password: string } | undefined;

  async signIn() {
    this.#jwt = (await signIn(this.app, this.user)).jwtToken;
  }

  headersFor(url: string): Record<string, string> {
    if (url.startsWith('/openapi/')) return { authorization: `Bearer ${this.#apiToken}` };
    if (url.startsWith('/ops/')) return { 'x-operator-key': OPERATOR_KEY };
    return { authorization: `Bearer ${this.#jwt}` };
  }

  /** Sends a probe; a probe answered "signed out" (an earlier probe ended the session) is sent again. */
  async send(probe: Probe): Promise<LightMyRequestResponse> {
    const once = () =>
      this.app.inject({
        method: probe.method,
        url: probe.url,
        payload: probe.payload,
        headers: { 'accept-language': 'en-US', ...this.headersFor(probe.url), ...probe.headers },
      });
    const answer = await once();
    const code = bodyCode(answer);
    if (
      !probe.url.startsWith('/openapi/') &&
      (code === ApiCode.SessionInvalid || code === ApiCode.NotSignedIn)
    ) {
      await this.signIn();
      return once();
    }
    return answer;
  }
}

interface Probe {
  method: InjectOptions['method'];
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  what: string;
}

function bodyCode(answer: LightMyRequestResponse): number | undefined {
  if (!String(answer.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    const code = (answer.json() as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Why an answer is not a refusal, or undefined when it is one. */
function problemOf(answer: LightMyRequestResponse): string | undefined {
  if (answer.statusCode >= 500) return `HTTP ${answer.statusCode} ${answer.body.slice(0, 160)}`;
  const code = bodyCode(answer);
  if (code !== undefined)
    return REFUSALS.includes(code) ? undefined : `code ${code} ${answer.body.slice(0, 160)}`;
  return REFUSALS.includes(answer.statusCode)
    ? undefined
    : `HTTP ${answer.statusCode} (${String(answer.headers['content-type'])})`;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
};

/** A route schema part (zod) as JSON Schema of its input, or undefined. */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** A value of the schema's shape whose every string is `text` (enums keep their first value). */
function sample(schema: JsonSchema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 8) return text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const option = options.find((o) => o.type !== 'null') ?? options[0];
    return sample(option, text, depth + 1);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], text, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((ty) => ty !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = sample(property, text, depth + 1);
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        value[(schema.propertyNames?.enum?.[0] as string) ?? 'key'] = sample(
          schema.additionalProperties,
          text,
          depth + 1,
        );
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, text, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return text;
  }
}

/** The value to put under one key: the text inside the array or object the key holds, else the text itself. */
function textFor(schema: JsonSchema | undefined, text: string): unknown {
  const value = sample(schema, text);
  return holds(value, text) ? value : text;
}

/** Whether the text is somewhere in a sample (an enum or a number key holds none). */
function holds(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  return !!value && typeof value === 'object' && Object.values(value).some((v) => holds(v, text));
}

const propertiesOf = (schema: JsonSchema | undefined): Record<string, JsonSchema> => {
  if (!schema) return {};
  if (schema.properties) return schema.properties;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return Object.assign({}, ...(options ?? []).map((option) => propertiesOf(option)));
};

/** Percent-encoded; a lone surrogate has no UTF-8 form, so it cannot ride in a URL (undefined). */
const encode = (value: string): string | undefined => {
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** Every probe of one route with one bad text. */
function probesOf(route: RouteOptions, text: string): Probe[] {
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const schema = (route.schema ?? {}) as { querystring?: unknown; params?: unknown; body?: unknown };
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const inUrl = encode(text);
  const urlWith = (bad?: string) =>
    route.url.replace(/:(\w+)/g, (_whole, name: string) => (name === bad ? inUrl! : 'x1'));
  const probes: Probe[] = [];
  const base = urlWith();
  if (inUrl !== undefined) {
    for (const name of paramNames) probes.push({ method, url: urlWith(name), what: `param ${name}` });
    const queryKeys = Object.keys(propertiesOf(jsonSchemaOf(schema.querystring)));
    for (const key of queryKeys.length ? queryKeys : ['id', 'keyword'])
      probes.push({ method, url: `${base}?${encode(key)}=${inUrl}`, what: `query ${key}` });
  }
  if (method === 'GET' || method === 'HEAD') return probes;
  const json = { 'content-type': 'application/json' };
  const bodySchema = jsonSchemaOf(schema.body);
  const properties = propertiesOf(bodySchema);
  const whole = sample(bodySchema, text);
  const wholeObject =
    whole && typeof whole === 'object' && !Array.isArray(whole) && holds(whole, text)
      ? whole
      : { ...(whole as object), id: text, keyword: text };
  const keys = Object.keys(properties).length ? Object.keys(properties) : ['id', 'ids', 'keyword', 'name'];
  for (const key of keys) {
    const value = key === 'ids' && !properties[key] ? [text] : textFor(properties[key], text);
    probes.push({
      method,
      url: base,
      headers: json,
      payload: JSON.stringify({ [key]: value }),
      what: `body ${key}`,
    });
    probes.push({
      method,
      url: base,
      headers: json,
      payload: JSON.stringify({ ...(sample(bodySchema, 'x1') as object), [key]: value }),
      what: `body ${key} in a sample`,
    });
  }
  probes.push({
    method,
    url: base,
    headers: json,
    payload: JSON.stringify(wholeObject),
    what: 'every body string',
  });
  const upload = multipartBody(
    Buffer.from('not a real file'),
    Object.fromEntries(
      [
        'id',
        'productCode',
        'shipperAddressId',
        'mappingId',
        'amount',
        'currencyCode',
        'remark',
        'lookupToken',
      ].map((field) => [field, text]),
    ),
    `${text}.xlsx`,
  );
  probes.push({
    method,
    url: base,
    headers: { 'content-type': upload.contentType },
    payload: upload.payload,
    what: 'multipart fields',
  });
  return probes;
}

/** Walks every route with one bad text; answers the probes that were not refused. */
async function walk(caller: Caller, text: string): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD')) continue;
    for (const probe of probesOf(route, text)) {
      let problem;
      try {
        problem = problemOf(await caller.send(probe));
      } catch (error) {
        // An answer that broke off mid-way (a streamed download whose query failed).
        problem = `no answer: ${(error as Error).message}`;
      }
      if (problem) failures.push(`${probe.method} ${route.url} [${probe.what}]: ${problem}`);
    }
  }
  // The whole list, not vitest's shortened diff of it.
  if (failures.length) console.log(`${failures.length} probes not refused:\n${failures.join('\n')}`);
  return failures;
}

/** On SQLite a NUL can be stored: no text column of any table may hold one after the walk. */
async function storedNuls(app: FastifyInstance): Promise<string[]> {
  if (ENGINE !== 'sqlite') return [];
  const found: string[] = [];
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
    app.db,
  );
  for (const { name } of tables.rows) {
    const columns = await sql<{
      name: string;
      type: string;
    }>`select name, type from pragma_table_info(${name})`.execute(app.db);
    for (const column of columns.rows) {
      const hit = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(name)} where instr(cast(${sql.ref(
        column.name,
      )} as text), char(0)) > 0`.execute(app.db);
      if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

describe(`the edge walk on ${ENGINE}`, () => {
  it(
    'refuses a NUL in every id and text parameter of every route, and stores none',
    { timeout: 600_000 },
    async () => {
      expect(routes.length).toBeGreaterThan(150);
      const caller = new Caller(t.app);
      await caller.setUp();
      const failures = await walk(caller, NUL);
      expect(failures).toEqual([]);
      expect(await storedNuls(t.app)).toEqual([]);
    },
  );

  it('refuses a lone surrogate the same way', { timeout: 600_000 }, async () => {
    const caller = new Caller(t.app);
    await caller.setUp();
    expect(await walk(caller, LONE)).toEqual([]);
  });

  it('refuses U+2028/U+2029 in a text field with its label, in each language, and a lone surrogate, storing nothing', async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const insert = (name: string, language: string) =>
      call<{ errors: { field: string; message: string }[] }>(t.app, {
        method: 'POST',
        url: ApiPath.InsertCustomerAddress,
        token: jwtToken,
        body: { ...orderBody().shipper, addressType: 'sender', name },
        headers: { 'accept-language': language },
      });
    const separator = {
      'zh-CN': '姓名含有不可见的分行符（U+2028/U+2029），请删除后重试',
      'en-US': 'Name contains an invisible line or paragraph separator (U+2028/U+2029); please remove it',
      'zh-TW': '姓名含有不可見的分行符號（U+2028/U+2029），請刪除後重試',
    };
    for (const [language, message] of Object.entries(separator))
      for (const name of ['张\u2028三', '张\u2029三']) {
        const answer = await insert(name, language);
        expect(answer.code).toBe(ApiCode.BadRequest);
        expect(answer.data.errors).toEqual([{ field: 'name', message }]);
      }
    // A lone surrogate in a text field: the text rule names the field's label…
    const lone = await insert('张\ud800三', 'en-US');
    expect(lone.code).toBe(ApiCode.BadRequest);
    expect(lone.data.errors).toEqual([
      {
        field: 'name',
        message: 'Name contains a broken character (half of an emoji or garbled text); please type it again',
      },
    ]);
    // …and in a field no text rule covers (a search filter), the edge guard refuses it, naming the field.
    const filter = await call<{ errors: { field: string; message: string }[] }>(t.app, {
      method: 'POST',
      url: '/api/CustomerBill/Query',
      token: jwtToken,
      body: { billNo: 'B2026\udc00' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(filter.code).toBe(ApiCode.BadRequest);
    expect(filter.message).toBe(
      'Some fields are not valid: billNo contains a character that cannot be processed (a NUL or a broken character); please remove it',
    );
    expect(filter.data.errors).toEqual([
      {
        field: 'billNo',
        message: 'contains a character that cannot be processed (a NUL or a broken character)',
      },
    ]);
    const stored = await t.app.db
      .selectFrom('addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses the sixteen calls the probe found answering 500 on PostgreSQL', async () => {
    const caller = new Caller(t.app);
    await caller.setUp();
    const json = { 'content-type': 'application/json' };
    const post = (url: string, body: unknown): Probe => ({
      method: 'POST',
      url,
      headers: json,
      payload: JSON.stringify(body),
      what: url,
    });
    const get = (url: string, query: Record<string, string>): Probe => ({
      method: 'GET',
      url: `${url}?${new URLSearchParams(query).toString()}`,
      what: url,
    });
    const address = orderBody().shipper;
    const cases: Probe[] = [
      get(ApiPath.GetCustomerAddress, { id: NUL }),
      post(ApiPath.UpdateCustomerAddress, { ...address, addressType: 'sender', id: NUL }),
      post(ApiPath.DeleteCustomerAddress, { ids: [NUL] }),
      post(ApiPath.SetDefaultCustomerAddress, { id: NUL }),
      get(ApiPath.QueryCustomerAddress, { keyword: NUL }),
      get(ApiPath.BatchImportGet, { id: NUL }),
      get(ApiPath.BatchImportRows, { id: NUL }),
      post(ApiPath.BatchImportUpdateRow, { id: NUL, rowNumber: 2, values: { consigneeName: 'x' } }),
      post(ApiPath.BatchImportExclude, { id: NUL, rowNumbers: [2], excluded: true }),
      post(ApiPath.BatchImportSettings, { id: NUL, productCode: 'US-DDP-EXP' }),
      post(ApiPath.BatchImportApplyMapping, { id: NUL, mapping: {} }),
      post(ApiPath.BatchImportDiscard, { id: NUL }),
      get(ApiPath.BatchImportErrorReport, { id: NUL }),
      post(ApiPath.BatchImportDeleteMapping, { id: NUL }),
      post(ApiPath.DeleteApiToken, { id: NUL }),
      post(ApiPath.CreateOrder, orderBody({ shipperAddressId: NUL })),
    ];
    expect(cases).toHaveLength(16);
    for (const probe of cases) {
      const answer = await caller.send(probe);
      expect(answer.statusCode, `${probe.what}: ${answer.body}`).toBe(200);
      expect(bodyCode(answer), `${probe.what}: ${answer.body}`).toBe(ApiCode.BadRequest);
    }
    // A NUL in a batch-import upload's fields, beside a valid sheet.
    const sheet = await orderSheet([validRow(1)]);
    const uploads: Record<string, string>[] = [
      { productCode: NUL },
      { productCode: 'US-DDP-EXP', shipperAddressId: NUL },
    ];
    for (const fields of uploads) {
      const upload = multipartBody(sheet, fields);
      const answer = await caller.send({
        method: 'POST',
        url: ApiPath.BatchImportPreview,
        headers: { 'content-type': upload.contentType },
        payload: upload.payload,
        what: 'preview',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(bodyCode(answer), answer.body).toBe(ApiCode.BadRequest);
    }
  });
});
