import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { InsufficientBalance, WalletBalance } from '@portal/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_CODE, DEMO_SUB_USER } from '../../src/db/seed.ts';
import { AppError } from '../../src/lib/errors.ts';
import { translate } from '../../src/lib/messages.ts';
import {
  assertLedgerConsistent,
  postLedgerEntry,
  type LedgerEntryInput,
} from '../../src/modules/wallet/ledger.ts';
import { DEMO_PAID_RECHARGE } from '../../src/modules/recharge/demo-recharges.ts';
import { DEMO_WALLET, seedDemoWallet } from '../../src/modules/wallet/wallet-seed.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.app.db;
const balances = (token: string, query?: Record<string, string>) =>
  call<WalletBalance[]>(t.app, { url: ApiPath.QueryWalletBalance, token, query });

async function demoCustomerId() {
  const row = await db()
    .selectFrom('customers')
    .select('id')
    .where('code', '=', DEMO_CUSTOMER_CODE)
    .executeTakeFirstOrThrow();
  return row.id;
}

const entry = (customerId: string, overrides: Partial<LedgerEntryInput> = {}): LedgerEntryInput => ({
  customerId,
  currencyCode: 'CNY',
  entryType: 'recharge',
  amount: 10_000,
  heldChange: 0,
  ...overrides,
});

async function setCreditLimit(customerId: string, currencyCode: string, creditLimit: number) {
  await db()
    .updateTable('wallets')
    .set({ credit_limit: creditLimit })
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .execute();
}

/** The refusal postLedgerEntry threw, or a failure of the test when it did not throw one. */
async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(`wallet on ${ENGINE}`, () => {
  describe('the demo customer', () => {
    it('starts with ¥5,000.00 from an opening ledger row, a ¥2,000.00 sandbox top-up and a ¥1,000.00 credit limit', async () => {
      const { jwtToken } = await signIn(t.app);
      const answer = await balances(jwtToken);
      expect(answer.code).toBe(ApiCode.Ok);
      expect(answer.data).toEqual([
        { currencyCode: 'CNY', balance: 700_000, held: 0, available: 800_000, creditLimit: 100_000 },
      ]);
      const customerId = await demoCustomerId();
      const rows = await db()
        .selectFrom('ledger_entries')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('entry_no')
        .execute();
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ entry_type: 'recharge', amount: DEMO_PAID_RECHARGE, entry_no: 2 });
      expect(rows[0]).toMatchObject({
        entry_type: 'manual_adjustment',
        amount: DEMO_WALLET.openingBalance,
        balance_after: DEMO_WALLET.openingBalance,
        entry_no: 1,
        reference_no: 'OPENING',
      });
      await assertLedgerConsistent(db(), customerId);
    });

    it('is seeded once: seeding again writes nothing', async () => {
      const customerId = await demoCustomerId();
      expect(await seedDemoWallet(db(), customerId)).toBe(false);
      expect(await Promise.all([seedDemoWallet(db(), customerId), seedDemoWallet(db(), customerId)])).toEqual(
        [false, false],
      );
      const count = await db()
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      // The opening row and the demo's paid top-up.
      expect(Number(count.n)).toBe(2);
    });

    it('seeding a fresh customer from concurrent callers writes exactly one opening row', async () => {
      const { customerId } = await createCustomer(db());
      const results = await Promise.all(Array.from({ length: 5 }, () => seedDemoWallet(db(), customerId)));
      expect(results.filter(Boolean)).toHaveLength(1);
      await assertLedgerConsistent(db(), customerId);
      const [wallet] = await db()
        .selectFrom('wallets')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute();
      expect(wallet).toMatchObject({ balance: 500_000, credit_limit: 100_000, entry_count: 1 });
    });
  });

  describe('QueryBalance', () => {
    it('answers a CNY row of zeros for a customer that never had a ledger row', async () => {
      const { main } = await createCustomer(db());
      const { jwtToken } = await signIn(t.app, main);
      const answer = await balances(jwtToken);
      expect(answer.code).toBe(ApiCode.Ok);
      expect(answer.data).toEqual([
        { currencyCode: 'CNY', balance: 0, held: 0, available: 0, creditLimit: 0 },
      ]);
    });

    it('lists every currency, CNY first, with available = balance + credit limit', async () => {
      const { customerId, main } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { currencyCode: 'USD', amount: 2_500 }));
      await postLedgerEntry(db(), entry(customerId, { currencyCode: 'EUR', amount: 700 }));
      await postLedgerEntry(db(), entry(customerId, { amount: 30_000 }));
      await setCreditLimit(customerId, 'CNY', 5_000);
      await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'order_charge', amount: -1_234, heldChange: 1_234, orderId: 'o-1' }),
      );
      const { jwtToken } = await signIn(t.app, main);
      const answer = await balances(jwtToken);
      expect(answer.data).toEqual([
        { currencyCode: 'CNY', balance: 28_766, held: 1_234, available: 33_766, creditLimit: 5_000 },
        { currencyCode: 'EUR', balance: 700, held: 0, available: 700, creditLimit: 0 },
        { currencyCode: 'USD', balance: 2_500, held: 0, available: 2_500, creditLimit: 0 },
      ]);
      await assertLedgerConsistent(db(), customerId);
    });

    it("never shows another customer's wallet, whatever the query says", async () => {
      const a = await createCustomer(db());
      const b = await createCustomer(db());
      await postLedgerEntry(db(), entry(a.customerId, { amount: 99_900 }));
      const { jwtToken } = await signIn(t.app, b.main);
      const answer = await balances(jwtToken, { customerId: a.customerId, currencyCode: 'CNY' });
      expect(answer.code).toBe(ApiCode.Ok);
      expect(answer.data).toEqual([
        { currencyCode: 'CNY', balance: 0, held: 0, available: 0, creditLimit: 0 },
      ]);
    });

    it('answers users holding finance:view with the whole-company scope, and refuses the others', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 4_200 }));
      const finance = await createUser(db(), customerId, { permissions: [Permission.FinanceView] });
      const answer = await balances((await signIn(t.app, finance)).jwtToken);
      expect(answer.code).toBe(ApiCode.Ok);
      expect(answer.data[0]).toMatchObject({ currencyCode: 'CNY', balance: 4_200 });
      // The balance is the company's: a clerk without finance:view learns it only as "not enough".
      const clerk = await createUser(db(), customerId, { permissions: [] });
      expect((await balances((await signIn(t.app, clerk)).jwtToken)).code).toBe(ApiCode.Forbidden);
      const viewer = await signIn(t.app, DEMO_SUB_USER);
      expect((await balances(viewer.jwtToken)).code).toBe(ApiCode.Forbidden);
    });

    it('answers a customer in arrears (it needs to know how much to top up)', async () => {
      const { customerId, main } = await createCustomer(db());
      const { jwtToken } = await signIn(t.app, main);
      await postLedgerEntry(db(), entry(customerId, { entryType: 'manual_adjustment', amount: -800 }));
      await db().updateTable('customers').set({ status: 'arrears' }).where('id', '=', customerId).execute();
      const answer = await balances(jwtToken);
      expect(answer.code).toBe(ApiCode.Ok);
      expect(answer.data[0]).toMatchObject({ balance: -800, available: -800 });
    });

    it('refuses a caller without a session', async () => {
      const answer = await call(t.app, { url: ApiPath.QueryWalletBalance });
      expect(answer.code).toBe(ApiCode.NotSignedIn);
      expect(answer.data).toBeNull();
      const forged = await call(t.app, { url: ApiPath.QueryWalletBalance, token: 'not-a-token' });
      expect(forged.code).toBe(ApiCode.NotSignedIn);
    });
  });

  describe('postLedgerEntry', () => {
    it('creates the wallet on first use with credit limit 0 and numbers the rows', async () => {
      const { customerId } = await createCustomer(db());
      const first = await postLedgerEntry(db(), entry(customerId, { amount: 5_000, remark: '银行转账' }));
      expect(first).toMatchObject({ entryNo: 1, balanceAfter: 5_000, heldAfter: 0, creditLimit: 0 });
      const second = await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'order_charge', amount: -1_500, heldChange: 1_500, orderId: 'o-9' }),
      );
      expect(second).toMatchObject({ entryNo: 2, balanceAfter: 3_500, heldAfter: 1_500 });
      const rows = await db()
        .selectFrom('ledger_entries')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('entry_no')
        .execute();
      expect(rows.map((r) => [r.entry_type, r.amount, r.held_change, r.balance_after, r.order_id])).toEqual([
        ['recharge', 5_000, 0, 5_000, null],
        ['order_charge', -1_500, 1_500, 3_500, 'o-9'],
      ]);
      expect(rows[0]?.remark).toBe('银行转账');
      await assertLedgerConsistent(db(), customerId);
    });

    it('refuses a charge beyond balance + credit, naming the shortfall in three languages', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 10_000 }));
      await setCreditLimit(customerId, 'CNY', 2_000);
      // Exactly balance + credit fits.
      await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'order_charge', amount: -11_000, heldChange: 11_000 }),
      );
      const error = await refusalOf(
        postLedgerEntry(
          db(),
          entry(customerId, { entryType: 'order_charge', amount: -2_234, heldChange: 2_234 }),
        ),
      );
      expect(error.code).toBe(ApiCode.Conflict);
      expect(error.messageKey).toBe('wallet.insufficientBalance');
      expect(error.data).toEqual({
        reason: 'insufficientBalance',
        currencyCode: 'CNY',
        required: 2_234,
        available: 1_000,
        shortfall: 1_234,
      } satisfies InsufficientBalance);
      expect(translate('zh-CN', error.messageKey, error.params)).toBe('余额不足，还差 ¥12.34，请先充值');
      expect(translate('en-US', error.messageKey, error.params)).toBe(
        'Insufficient balance: ¥12.34 short. Please top up first',
      );
      expect(translate('zh-TW', error.messageKey, error.params)).toBe('餘額不足，還差 ¥12.34，請先儲值');
      // Nothing was written by the refused charge.
      const [wallet] = await db()
        .selectFrom('wallets')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute();
      expect(wallet).toMatchObject({ balance: -1_000, held: 11_000, entry_count: 2 });
      await assertLedgerConsistent(db(), customerId);
    });

    it('names the shortfall with the symbol of the currency, and refuses on a wallet never used', async () => {
      const { customerId } = await createCustomer(db());
      const error = await refusalOf(
        postLedgerEntry(
          db(),
          entry(customerId, {
            currencyCode: 'HKD',
            entryType: 'order_charge',
            amount: -123_456_789,
            heldChange: 123_456_789,
          }),
        ),
      );
      expect(translate('zh-CN', error.messageKey, error.params)).toBe(
        '余额不足，还差 HK$1,234,567.89，请先充值',
      );
      expect(error.data).toMatchObject({ currencyCode: 'HKD', available: 0, shortfall: 123_456_789 });
    });

    it('lets operations force a weight adjustment, surcharge or manual debit into arrears', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 1_000 }));
      await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'weight_adjustment', amount: -1_500, heldChange: 0 }),
      );
      await postLedgerEntry(db(), entry(customerId, { entryType: 'surcharge', amount: -200 }));
      const last = await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'manual_adjustment', amount: -300 }),
      );
      expect(last.balanceAfter).toBe(-1_000);
      // A customer's own charge is still refused, and money in is always accepted.
      await refusalOf(
        postLedgerEntry(db(), entry(customerId, { entryType: 'order_charge', amount: -1, heldChange: 1 })),
      );
      const credited = await postLedgerEntry(db(), entry(customerId, { entryType: 'refund', amount: 400 }));
      expect(credited.balanceAfter).toBe(-600);
      await assertLedgerConsistent(db(), customerId);
    });

    it('a release gives the hold back; releasing more than is held is a bug, not a refusal', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 9_000 }));
      await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'order_charge', amount: -4_000, heldChange: 4_000 }),
      );
      const released = await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'charge_release', amount: 4_000, heldChange: -4_000 }),
      );
      expect(released).toMatchObject({ balanceAfter: 9_000, heldAfter: 0 });
      const error = await postLedgerEntry(
        db(),
        entry(customerId, { entryType: 'charge_release', amount: 1, heldChange: -1 }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(AppError);
      expect(String(error)).toMatch(/held/);
      await assertLedgerConsistent(db(), customerId);
    });

    it("rolls back with the caller's transaction", async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 5_000 }));
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            const posted = await postLedgerEntry(
              trx,
              entry(customerId, { entryType: 'order_charge', amount: -3_000, heldChange: 3_000 }),
            );
            expect(posted.balanceAfter).toBe(2_000);
            throw new Error('the order insert failed');
          }),
      ).rejects.toThrow('the order insert failed');
      const [wallet] = await db()
        .selectFrom('wallets')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute();
      expect(wallet).toMatchObject({ balance: 5_000, held: 0, entry_count: 1 });
      await assertLedgerConsistent(db(), customerId);
    });

    it('refuses entries that are not integer minor units of a known type', async () => {
      const { customerId } = await createCustomer(db());
      const bad: Partial<LedgerEntryInput>[] = [
        { amount: 12.5 },
        { amount: Number.NaN },
        { amount: 0, heldChange: 0 },
        { amount: 1e15 },
        { currencyCode: 'cny' },
        { entryType: 'gift' as never },
        { customerId: '' },
      ];
      for (const overrides of bad) {
        await expect(postLedgerEntry(db(), entry(customerId, overrides))).rejects.toThrow(/ledger/);
      }
      expect(
        await db().selectFrom('wallets').selectAll().where('customer_id', '=', customerId).execute(),
      ).toEqual([]);
    });
  });

  describe('assertLedgerConsistent', () => {
    it('detects a balance changed outside the ledger writer', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 100 }));
      await assertLedgerConsistent(db(), customerId);
      await db().updateTable('wallets').set({ balance: 101 }).where('customer_id', '=', customerId).execute();
      await expect(assertLedgerConsistent(db(), customerId)).rejects.toThrow(/balance 101/);
    });

    it('detects a ledger row whose balance after does not follow from the previous one', async () => {
      const { customerId } = await createCustomer(db());
      await postLedgerEntry(db(), entry(customerId, { amount: 100 }));
      await postLedgerEntry(db(), entry(customerId, { amount: 50 }));
      await db()
        .updateTable('ledger_entries')
        .set({ balance_after: 140 })
        .where('customer_id', '=', customerId)
        .where('entry_no', '=', 2)
        .execute();
      await expect(assertLedgerConsistent(db(), customerId)).rejects.toThrow(/#2: balance after 140/);
    });
  });
});
