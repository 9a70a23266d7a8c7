import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_CODE, seedDemoData } from '../../src/db/seed.ts';
import type { FileStorage } from '../../src/lib/storage/index.ts';
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts';

// A start killed while seeding the demo (the seed takes seconds on a busy machine) must not leave it half
// seeded: the seed is one transaction, so the next start seeds it whole.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
});
afterAll(async () => t.close());

const count = async (table: 'customers' | 'orders' | 'ledger_entries' | 'recharges' | 'bills') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`the demo seed (${ENGINE})`, () => {
  it('interrupted mid-way leaves nothing behind, and the next start seeds all of it', async () => {
    // The demo voucher is stored after the customer, its users, wallet and first recharge are written.
    const dying: FileStorage = new Proxy(t.app.storage, {
      get: (target, property) =>
        property === 'put'
          ? () => Promise.reject(new Error('process killed mid-seed'))
          : (Reflect.get(target, property, target) as unknown),
    });
    const options = { orders: true, bills: t.config.bills };
    await expect(seedDemoData(t.app.db, { ...options, storage: dying })).rejects.toThrow('killed mid-seed');
    expect([await count('customers'), await count('ledger_entries'), await count('recharges')]).toEqual([
      0, 0, 0,
    ]);

    const seeded = await seedDemoData(t.app.db, { ...options, storage: t.app.storage });
    expect(seeded).toMatchObject({ customerCode: DEMO_CUSTOMER_CODE });
    expect(seeded!.orders).toBeGreaterThanOrEqual(30);
    expect(await count('orders')).toBe(seeded!.orders);
    expect(seeded!.bills.length).toBeGreaterThan(0);
    expect(await count('bills')).toBe(seeded!.bills.length);
    // A later start finds it complete.
    expect(await seedDemoData(t.app.db, { ...options, storage: t.app.storage })).toBeNull();
  });
});
