import type { QuoteAnswer } from '@portal/contracts/product';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCatalog } from '../../src/modules/product/catalog.ts';
import { createCustomer } from '../support/factories.ts';
import { createProduct, setCustomerProductLimit } from '../support/product-factories.ts';
import { call, createTestApps, ENGINE, signIn } from '../support/test-app.ts';

// Two instances on one database, each keeping the catalogue in memory (modules/product/catalog.ts): a
// write to any catalogue table, by whatever means, moves the version the database keeps, and the other
// instance prices with the new catalogue at its next quote.
let a: FastifyInstance;
let b: FastifyInstance;
let close: () => Promise<void>;
let token: string;
let customerId: string;
beforeAll(async () => {
  const started = await createTestApps(2);
  [a, b] = started.apps as [FastifyInstance, FastifyInstance];
  close = started.close;
  const customer = await createCustomer(a.db);
  token = (await signIn(b, customer.main)).jwtToken;
  customerId = customer.customerId;
});
afterAll(async () => close());

const SHIPMENT = {
  countryCode: 'NZ',
  parcels: [{ weight: 1.2, length: 20, width: 15, height: 10 }],
  declaredValue: 5000,
  currencyCode: 'USD',
  hasBattery: false,
};

async function quote(app: FastifyInstance) {
  const answer = await call<QuoteAnswer>(app, {
    method: 'POST',
    url: '/api/ProductInfo/QueryQuote',
    token,
    body: SHIPMENT,
  });
  expect(answer.code).toBe(200);
  return answer.data;
}
const priceOf = (answer: QuoteAnswer, code: string) =>
  answer.usable.find((entry) => entry.productCode === code)?.totalAmount;

describe(`the catalogue kept in memory on ${ENGINE}`, () => {
  it('prices with a product, a rate or a status written on another instance from the next quote on', async () => {
    await quote(a);
    await quote(b);
    expect(priceOf(await quote(b), 'CACHE-NZ')).toBeUndefined();

    // A new product, inserted as an operator would, straight into the tables.
    const id = await createProduct(a.db, {
      code: 'CACHE-NZ',
      currencyCode: 'CNY',
      countries: ['NZ'],
      firstPrice: 3000,
      stepPrice: 1000,
    });
    expect(priceOf(await quote(b), 'CACHE-NZ')).toBe(3000 + 2 * 1000);

    // A new first price, by plain SQL.
    await sql`update product_rates set first_price = 4000 where product_id = ${id}`.execute(a.db);
    expect(priceOf(await quote(b), 'CACHE-NZ')).toBe(4000 + 2 * 1000);
    expect(priceOf(await quote(a), 'CACHE-NZ')).toBe(4000 + 2 * 1000);

    // Disabled: gone from both instances' quotes.
    await sql`update products set status = 'disabled' where id = ${id}`.execute(b.db);
    expect((await quote(a)).usable.map((entry) => entry.productCode)).not.toContain('CACHE-NZ');
    expect((await quote(b)).usable.map((entry) => entry.productCode)).not.toContain('CACHE-NZ');
    // An order of a disabled product still shows its name: the catalogue keeps every product's names.
    expect((await currentCatalog(b.db)).productNames.has('CACHE-NZ')).toBe(true);
  });

  it("reads the customer's own limits with every quote (they are not part of the cached catalogue)", async () => {
    await createProduct(a.db, {
      code: 'CACHE-HIDE',
      currencyCode: 'CNY',
      countries: ['NZ'],
      firstPrice: 2000,
      stepPrice: 500,
    });
    expect(priceOf(await quote(b), 'CACHE-HIDE')).toBe(2000 + 2 * 500);
    await setCustomerProductLimit(a.db, customerId, 'CACHE-HIDE', { isHidden: true });
    const answer = await quote(b);
    expect([...answer.usable, ...answer.unusable].map((entry) => entry.productCode)).not.toContain(
      'CACHE-HIDE',
    );
  });

  it('sees exchange rates and issue kinds changed by SQL, and moves its version with every such write', async () => {
    const before = await currentCatalog(b.db);
    await sql`update currencies set rate_to_cny_micros = 7123456 where code = 'USD'`.execute(a.db);
    const rates = await currentCatalog(b.db);
    expect(rates.version).toBeGreaterThan(before.version);
    expect(rates.exchangeRates.USD?.rateToCnyMicros).toBe(7123456);

    await sql`update issue_kinds set name = ${JSON.stringify({ 'zh-CN': '改名', 'en-US': 'Renamed', 'zh-TW': '改名' })}
      where code = (select min(code) from issue_kinds)`.execute(a.db);
    const kinds = await currentCatalog(b.db);
    expect(kinds.version).toBeGreaterThan(rates.version);
    expect(kinds.issueKinds.some((kind) => kind.name.includes('Renamed'))).toBe(true);

    // Unchanged: the same catalogue object is served, and concurrent first reads share one load.
    expect(await currentCatalog(b.db)).toBe(kinds);
    await sql`update products set sort_order = sort_order where code = 'US-DDP-EXP'`.execute(a.db);
    const together = await Promise.all(Array.from({ length: 8 }, () => currentCatalog(b.db)));
    expect(new Set(together).size).toBe(1);
    expect(together[0]!.version).toBeGreaterThan(kinds.version);
  });

  it('inside a transaction reads the version of that transaction, and a rolled-back write changes nothing', async () => {
    const before = await currentCatalog(a.db);
    await a.db
      .transaction()
      .execute(async (trx) => {
        await sql`update product_rates set first_price = first_price + 1`.execute(trx);
        const inside = await currentCatalog(trx);
        expect(inside.version).toBeGreaterThan(before.version);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    const after = await currentCatalog(b.db);
    expect(after.version).toBe(before.version);
    expect(after.products.map((p) => p.pricing.rates[0]?.firstPrice)).toEqual(
      before.products.map((p) => p.pricing.rates[0]?.firstPrice),
    );
  });
});
