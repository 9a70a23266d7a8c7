import { gunzipSync } from 'node:zlib';
import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/lib/errors.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { IDEMPOTENCY_ABANDONED_SECONDS } from '../../src/plugins/idempotency.ts';
import { createCustomer } from '../support/factories.ts';
import { createTestApps, ENGINE, signIn } from '../support/test-app.ts';

const ROUTE = '/api/Test/IdempotentRecharge';
/** The same handler on a route that does not opt in. */
const PLAIN_ROUTE = '/api/Test/PlainRecharge';

/** Lets a test hold the throwaway route's handler until it says so. */
let gate: { entered: () => void; release: Promise<void> } | undefined;

/**
 * A throwaway route with a real side effect: it credits the caller's CNY wallet through the ledger writer,
 * so "one side effect" is one ledger row. `fail` makes it crash (HTTP 500) or refuse (a business error).
 */
async function registerTestRoute(app: FastifyInstance) {
  registerRecharge(app, ROUTE, true);
  registerRecharge(app, PLAIN_ROUTE, false);
}

function registerRecharge(app: FastifyInstance, url: string, idempotency: boolean) {
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      config: { idempotency, dataScope: 'company' },
      schema: {
        body: z.object({
          amount: z.number().int().positive().max(1_000_000),
          note: z.string().max(50).optional(),
          fail: z.enum(['server', 'refuse']).optional(),
          wait: z.boolean().optional(),
          /** Pads the answer so plugins/compression.ts compresses it. */
          pad: z.number().int().min(0).max(5000).optional(),
        }),
      },
    },
    async (request) => {
      if (request.body.wait && gate) {
        gate.entered();
        await gate.release;
      }
      if (request.body.fail === 'server') throw new Error('the handler crashed');
      if (request.body.fail === 'refuse')
        throw new AppError(ApiCode.Conflict, 'wallet.insufficientBalance', { shortfall: '¥1.00' });
      const posted = await postLedgerEntry(app.db, {
        customerId: request.auth.customerId,
        currencyCode: 'CNY',
        entryType: 'recharge',
        amount: request.body.amount,
        heldChange: 0,
        remark: request.body.note ?? null,
      });
      return request.ok({
        entryId: posted.id,
        balanceAfter: posted.balanceAfter,
        ...(request.body.pad ? { pad: 'x'.repeat(request.body.pad) } : {}),
      });
    },
  );
}

let apps: FastifyInstance[];
let close: () => Promise<void>;
beforeAll(async () => {
  // Two instances on one database: a key claimed or answered on one is seen by the other.
  ({ apps, close } = await createTestApps(2, {}, { logger: false, configure: registerTestRoute }));
});
afterAll(async () => close());

const app = () => apps[0]!;

async function send(
  token: string,
  body: unknown,
  key?: string,
  options: { on?: FastifyInstance; language?: string } = {},
) {
  const response = await (options.on ?? app()).inject({
    method: 'POST',
    url: ROUTE,
    payload: body as object,
    headers: {
      authorization: `Bearer ${token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });
  const json = response.json() as { code: number; success: boolean; message: string; data: unknown };
  return { response, ...json };
}

async function ledgerRows(customerId: string) {
  return app()
    .db.selectFrom('ledger_entries')
    .select(['amount', 'remark'])
    .where('customer_id', '=', customerId)
    .orderBy('entry_no')
    .execute();
}

async function customerWithToken() {
  const customer = await createCustomer(app().db);
  const { jwtToken } = await signIn(app(), customer.main);
  return { ...customer, token: jwtToken };
}

let keySequence = 0;
const newKey = () => `key-${Date.now()}-${keySequence++}`;

describe(`Idempotency-Key on ${ENGINE}`, () => {
  it('without the header, every request runs', async () => {
    const { customerId, token } = await customerWithToken();
    expect((await send(token, { amount: 100 })).code).toBe(ApiCode.Ok);
    expect((await send(token, { amount: 100 })).code).toBe(ApiCode.Ok);
    expect(await ledgerRows(customerId)).toHaveLength(2);
  });

  it('a route that does not opt in ignores the header', async () => {
    const { customerId, token } = await customerWithToken();
    for (let i = 0; i < 2; i++) {
      const response = await app().inject({
        method: 'POST',
        url: PLAIN_ROUTE,
        payload: { amount: 10 },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'same-key' },
      });
      expect(response.json()).toMatchObject({ code: ApiCode.Ok });
      expect(response.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await ledgerRows(customerId)).toHaveLength(2);
    const keys = await app()
      .db.selectFrom('idempotency_keys')
      .select('route')
      .where('customer_id', '=', customerId)
      .execute();
    expect(keys).toEqual([]);
  });

  it('same key and same body: the first answer again, byte for byte, and one side effect', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    const first = await send(token, { amount: 500, note: 'first' }, key);
    expect(first.code).toBe(ApiCode.Ok);
    expect(first.response.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(token, { amount: 500, note: 'first' }, key);
    expect(again.response.statusCode).toBe(first.response.statusCode);
    expect(again.response.body).toBe(first.response.body);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(again.response.headers['content-type']).toMatch(/^application\/json/);
    // The same JSON with its keys in another order is the same request; so is a replay on another instance.
    const reordered = await send(token, { note: 'first', amount: 500 }, key, { on: apps[1] });
    expect(reordered.response.body).toBe(first.response.body);
    expect(reordered.response.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows(customerId)).toEqual([{ amount: 500, remark: 'first' }]);
    await assertLedgerConsistent(app().db, customerId);
  });

  it('a compressed answer is stored as JSON and replayed compressed or not, as each caller accepts', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    const post = (encoding?: string) =>
      app().inject({
        method: 'POST',
        url: ROUTE,
        payload: { amount: 50, pad: 3000 },
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const first = await post('br');
    expect(first.headers['content-encoding']).toBe('br');
    const [stored] = await app()
      .db.selectFrom('idempotency_keys')
      .select(['state', 'response_body'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(stored?.state).toBe('completed');
    const firstJson = JSON.parse(stored!.response_body!) as { data: { entryId: string; pad: string } };
    expect(firstJson.data.pad).toHaveLength(3000);
    const plain = await post();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['idempotent-replayed']).toBe('true');
    expect(plain.body).toBe(stored!.response_body);
    const gzipped = await post('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['idempotent-replayed']).toBe('true');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(stored!.response_body);
    expect(await ledgerRows(customerId)).toHaveLength(1);
  });

  it('same key with another body: a localized 409 and nothing runs', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    await send(token, { amount: 500 }, key);
    const other = await send(token, { amount: 501 }, key);
    expect(other.code).toBe(ApiCode.Conflict);
    expect(other.success).toBe(false);
    expect(other.message).toBe('该 Idempotency-Key 已用于另一个不同的请求，新的请求请使用新的键');
    const english = await send(token, { amount: 502 }, key, { language: 'en-US' });
    expect(english.message).toBe(
      'This Idempotency-Key was already used with a different request; use a new key for a new request',
    );
    const traditional = await send(token, { amount: 502 }, key, { language: 'zh-TW' });
    expect(traditional.message).toBe('該 Idempotency-Key 已用於另一個不同的請求，新的請求請使用新的鍵');
    expect(await ledgerRows(customerId)).toHaveLength(1);
  });

  it('a key still in flight: the second request gets a localized 409, then the answer is replayed', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let open!: () => void;
    gate = { entered, release: new Promise<void>((resolve) => (open = resolve)) };
    try {
      const first = send(token, { amount: 700, wait: true }, key);
      await inHandler;
      const meanwhile = await send(token, { amount: 700, wait: true }, key);
      expect(meanwhile.code).toBe(ApiCode.Conflict);
      expect(meanwhile.message).toBe('相同的请求正在处理中，请稍候再试');
      // The other instance sees the claim too.
      const elsewhere = await send(token, { amount: 700, wait: true }, key, {
        on: apps[1],
        language: 'en-US',
      });
      expect(elsewhere.message).toBe(
        'The same request is still being processed; please wait a moment and try again',
      );
      open();
      expect((await first).code).toBe(ApiCode.Ok);
    } finally {
      open?.();
      gate = undefined;
    }
    const after = await send(token, { amount: 700, wait: true }, key);
    expect(after.response.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows(customerId)).toHaveLength(1);
  });

  it('of many concurrent requests with one key, exactly one runs', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(token, { amount: 900 }, key, { on: apps[i % 2] })),
    );
    const ran = answers.filter((a) => a.code === ApiCode.Ok && !a.response.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer.code === ApiCode.Ok) expect(answer.response.body).toBe(ran[0]!.response.body);
      else expect(answer.code).toBe(ApiCode.Conflict);
    }
    expect(await ledgerRows(customerId)).toEqual([{ amount: 900, remark: null }]);
    await assertLedgerConsistent(app().db, customerId);
  });

  it('a server error releases the key, so the retry runs', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    const crashed = await send(token, { amount: 300, fail: 'server' }, key);
    expect(crashed.response.statusCode).toBe(500);
    expect(crashed.message).toBe('服务器异常!');
    const again = await send(token, { amount: 300, fail: 'server' }, key);
    expect(again.response.statusCode).toBe(500);
    expect(again.response.headers['idempotent-replayed']).toBeUndefined();
    const fixed = await send(token, { amount: 300 }, key);
    expect(fixed.code).toBe(ApiCode.Ok);
    expect(fixed.response.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerRows(customerId)).toHaveLength(1);
  });

  it('a refused request (business or validation error) releases the key too', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    const refused = await send(token, { amount: 300, fail: 'refuse' }, key);
    expect(refused.code).toBe(ApiCode.Conflict);
    expect(refused.message).toBe('余额不足，还差 ¥1.00，请先充值');
    const invalid = await send(token, { amount: -1 }, key);
    expect(invalid.code).toBe(ApiCode.BadRequest);
    const ok = await send(token, { amount: 300 }, key);
    expect(ok.code).toBe(ApiCode.Ok);
    expect(ok.response.headers['idempotent-replayed']).toBeUndefined();
    expect((await send(token, { amount: 300 }, key)).response.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows(customerId)).toHaveLength(1);
  });

  it('refuses a key that is empty, longer than 128 characters or not printable ASCII', async () => {
    const { customerId, token } = await customerWithToken();
    for (const key of ['', 'k'.repeat(129), 'tab\there', 'clé']) {
      const answer = await send(token, { amount: 100 }, key);
      expect(answer.code, JSON.stringify(key)).toBe(ApiCode.BadRequest);
      expect(answer.message).toContain('Idempotency-Key');
      expect(answer.data).toEqual({
        errors: [
          { field: 'Idempotency-Key', message: 'Idempotency-Key 请求头须为 1 到 128 个可打印 ASCII 字符' },
        ],
      });
    }
    expect(await ledgerRows(customerId)).toHaveLength(0);
    const longest = 'k'.repeat(128);
    expect((await send(token, { amount: 100 }, longest)).code).toBe(ApiCode.Ok);
    expect((await send(token, { amount: 100 }, ' a key with spaces ~!')).code).toBe(ApiCode.Ok);
    expect(await ledgerRows(customerId)).toHaveLength(2);
  });

  it("another customer's same key is independent", async () => {
    const a = await customerWithToken();
    const b = await customerWithToken();
    const key = newKey();
    const first = await send(a.token, { amount: 111 }, key);
    const second = await send(b.token, { amount: 111 }, key);
    expect(second.code).toBe(ApiCode.Ok);
    expect(second.response.headers['idempotent-replayed']).toBeUndefined();
    expect(second.response.body).not.toBe(first.response.body);
    const otherBody = await send(b.token, { amount: 222 }, newKey());
    expect(otherBody.code).toBe(ApiCode.Ok);
    expect(await ledgerRows(a.customerId)).toHaveLength(1);
    expect(await ledgerRows(b.customerId)).toHaveLength(2);
  });

  it('a claim abandoned by a crashed instance is taken over by the retry', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    await send(token, { amount: 400 }, key);
    // Make the stored key look like a claim whose instance died before answering.
    const longAgo = new Date(Date.now() - (IDEMPOTENCY_ABANDONED_SECONDS + 5) * 1000).toISOString();
    await app()
      .db.updateTable('idempotency_keys')
      .set({ state: 'processing', status_code: null, response_body: null, locked_at: longAgo })
      .where('customer_id', '=', customerId)
      .execute();
    const retried = await send(token, { amount: 400 }, key);
    expect(retried.code).toBe(ApiCode.Ok);
    expect(retried.response.headers['idempotent-replayed']).toBeUndefined();
    // A fresh claim is not taken over.
    await app()
      .db.updateTable('idempotency_keys')
      .set({
        state: 'processing',
        status_code: null,
        response_body: null,
        locked_at: new Date().toISOString(),
      })
      .where('customer_id', '=', customerId)
      .execute();
    expect((await send(token, { amount: 400 }, key)).code).toBe(ApiCode.Conflict);
  });

  it('keys expire after 24 hours and the retention task deletes them', async () => {
    const { customerId, token } = await customerWithToken();
    const key = newKey();
    await send(token, { amount: 600 }, key);
    const [row] = await app()
      .db.selectFrom('idempotency_keys')
      .select(['created_at', 'expires_at'])
      .where('customer_id', '=', customerId)
      .execute();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(24 * 3600 * 1000);

    // An expired key that the task has not deleted yet is free again: another body runs.
    const expired = new Date(Date.now() - 1000).toISOString();
    await app()
      .db.updateTable('idempotency_keys')
      .set({ expires_at: expired })
      .where('customer_id', '=', customerId)
      .execute();
    expect((await send(token, { amount: 601 }, key)).response.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerRows(customerId)).toHaveLength(2);

    // The retention task, run a day later, deletes every expired key and keeps the others.
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    const keep = await customerWithToken();
    await send(keep.token, { amount: 2 }, newKey());
    await app()
      .db.updateTable('idempotency_keys')
      .set({ expires_at: new Date(later.getTime() + 3600_000).toISOString() })
      .where('customer_id', '=', keep.customerId)
      .execute();
    expect(await app().db.selectFrom('idempotency_keys').select('customer_id').execute()).not.toHaveLength(1);
    // The retention task is the one that deletes expired keys (the other tasks due then run beside it).
    expect(await app().scheduler.runDue(later)).toContain('retention');
    const left = await app().db.selectFrom('idempotency_keys').select('customer_id').execute();
    expect(left.map((r) => r.customer_id)).toEqual([keep.customerId]);
  });
});
