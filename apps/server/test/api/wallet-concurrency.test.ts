import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ApiCode } from '@portal/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { AppError } from '../../src/lib/errors.ts';
import { assertLedgerConsistent, postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from '../support/factories.ts';
import { createTestApps, ENGINE } from '../support/test-app.ts';

/**
 * Holds racing for one wallet, through the real apps' databases. On PostgreSQL three instances share the
 * database (each with its own pool), as a scaled-out deployment would. On SQLite one instance: several
 * in one process cannot share a file under write contention, because better-sqlite3 waits for a lock
 * synchronously (busy_timeout), which blocks the very event loop the lock holder needs to commit; a
 * deployment on SQLite is one process owning its data directory (README).
 */
let apps: FastifyInstance[];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ apps, close } = await createTestApps(ENGINE === 'postgres' ? 3 : 1));
});
afterAll(async () => close());

const db = () => apps[0]!.db;
/** The database of the instance that serves request number i. */
const dbOf = (i: number): Db => apps[i % apps.length]!.db;

/** A customer whose `currencyCode` wallet has `balance` and `creditLimit`. */
async function walletWith(currencyCode: string, balance: number, creditLimit: number, customerId?: string) {
  const id = customerId ?? (await createCustomer(db())).customerId;
  await postLedgerEntry(db(), {
    customerId: id,
    currencyCode,
    entryType: 'recharge',
    amount: balance,
    heldChange: 0,
  });
  await db()
    .updateTable('wallets')
    .set({ credit_limit: creditLimit })
    .where('customer_id', '=', id)
    .where('currency_code', '=', currencyCode)
    .execute();
  return id;
}

/** One order's hold in its own transaction, as Submit does it (with the order's other writes beside it). */
function hold(database: Db, customerId: string, currencyCode: string, amount: number, orderId: string) {
  return database.transaction().execute((trx) =>
    postLedgerEntry(trx, {
      customerId,
      currencyCode,
      entryType: 'order_charge',
      amount: -amount,
      heldChange: amount,
      orderId,
    }),
  );
}

function release(database: Db, customerId: string, currencyCode: string, amount: number, orderId: string) {
  return database.transaction().execute((trx) =>
    postLedgerEntry(trx, {
      customerId,
      currencyCode,
      entryType: 'charge_release',
      amount,
      heldChange: -amount,
      orderId,
    }),
  );
}

async function walletRow(customerId: string, currencyCode: string) {
  return db()
    .selectFrom('wallets')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currencyCode)
    .executeTakeFirstOrThrow();
}

/** Every rejection must be the insufficient-balance refusal, nothing else (no deadlock, no busy error). */
function expectOnlyRefusals(results: PromiseSettledResult<unknown>[]) {
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    expect(result.reason).toBeInstanceOf(AppError);
    expect((result.reason as AppError).messageKey).toBe('wallet.insufficientBalance');
    expect((result.reason as AppError).code).toBe(ApiCode.Conflict);
  }
}

describe(`concurrent holds on ${ENGINE} (${ENGINE === 'postgres' ? 3 : 1} instance(s))`, () => {
  it('200 concurrent holds against money for exactly K of them: K succeed, the rest are refused', async () => {
    const X = 1_234;
    const K = 37;
    const credit = 5_000;
    // Balance + credit covers K holds and falls 1 fen short of the next.
    const start = K * X + (X - 1) - credit;
    const customerId = await walletWith('CNY', start, credit);

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => hold(dbOf(i), customerId, 'CNY', X, `order-${i}`)),
    );

    const succeeded = results.filter((r) => r.status === 'fulfilled');
    expect(succeeded).toHaveLength(K);
    expectOnlyRefusals(results);
    // Every refusal came after the K holds: each saw 1 fen short of X.
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as AppError).data).toMatchObject({
          required: X,
          available: X - 1,
          shortfall: 1,
        });
    }
    const wallet = await walletRow(customerId, 'CNY');
    expect(wallet).toMatchObject({ balance: start - K * X, held: K * X, entry_count: K + 1 });
    expect(wallet.balance + wallet.credit_limit).toBe(X - 1);
    await assertLedgerConsistent(db(), customerId);
    const rows = await db()
      .selectFrom('ledger_entries')
      .select(['entry_no', 'order_id'])
      .where('customer_id', '=', customerId)
      .where('entry_type', '=', 'order_charge')
      .execute();
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(K);
    expect(rows.map((r) => r.entry_no).sort((a, b) => a - b)).toEqual(
      Array.from({ length: K }, (_, i) => i + 2),
    );
  });

  it('a release after a hold gives the money back, and releases racing new holds never overdraw', async () => {
    const X = 2_500;
    const K = 20;
    const start = K * X;
    const customerId = await walletWith('CNY', start, 0);

    // One hold and its release: back where it started.
    await hold(db(), customerId, 'CNY', X, 'single');
    expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: start - X, held: X });
    await release(db(), customerId, 'CNY', X, 'single');
    expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: start, held: 0 });

    // Fill the wallet, then release every hold while twice as many new holds race for the freed money.
    await Promise.all(Array.from({ length: K }, (_, i) => hold(dbOf(i), customerId, 'CNY', X, `first-${i}`)));
    expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: 0, held: K * X });
    const racing = await Promise.allSettled([
      ...Array.from({ length: K }, (_, i) => release(dbOf(i), customerId, 'CNY', X, `first-${i}`)),
      ...Array.from({ length: 2 * K }, (_, i) => hold(dbOf(i + 1), customerId, 'CNY', X, `second-${i}`)),
    ]);
    expect(racing.slice(0, K).every((r) => r.status === 'fulfilled')).toBe(true);
    expectOnlyRefusals(racing);
    const newHolds = racing.slice(K).filter((r) => r.status === 'fulfilled').length;
    expect(newHolds).toBeLessThanOrEqual(K);
    const wallet = await walletRow(customerId, 'CNY');
    expect(wallet).toMatchObject({ balance: start - newHolds * X, held: newHolds * X });
    expect(wallet.balance + wallet.credit_limit).toBeGreaterThanOrEqual(0);
    await assertLedgerConsistent(db(), customerId);

    // Once the race is over, the freed money is there for exactly the holds it covers.
    const after = await Promise.allSettled(
      Array.from({ length: 2 * K }, (_, i) => hold(dbOf(i), customerId, 'CNY', X, `third-${i}`)),
    );
    expect(after.filter((r) => r.status === 'fulfilled')).toHaveLength(K - newHolds);
    expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: 0, held: K * X });
    await assertLedgerConsistent(db(), customerId);
  });

  it('wallets in different currencies and of different customers do not limit each other', async () => {
    const customerId = await walletWith('CNY', 20 * 1_000, 0);
    await walletWith('USD', 13 * 700 + 699, 0, customerId);
    const other = await walletWith('CNY', 7 * 1_000, 0);

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const database = dbOf(i);
        if (i % 4 === 3) return hold(database, other, 'CNY', 1_000, `other-${i}`).then(() => 'other');
        if (i % 2 === 0) return hold(database, customerId, 'CNY', 1_000, `cny-${i}`).then(() => 'CNY');
        return hold(database, customerId, 'USD', 700, `usd-${i}`).then(() => 'USD');
      }),
    );
    expectOnlyRefusals(results);
    const count = (what: string) =>
      results.filter((r) => r.status === 'fulfilled' && r.value === what).length;
    expect(count('CNY')).toBe(20);
    expect(count('USD')).toBe(13);
    expect(count('other')).toBe(7);
    expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: 0, held: 20_000 });
    expect(await walletRow(customerId, 'USD')).toMatchObject({ balance: 699, held: 13 * 700 });
    expect(await walletRow(other, 'CNY')).toMatchObject({ balance: 0, held: 7_000 });
    await assertLedgerConsistent(db());
  });

  it('concurrent first uses of a wallet create it once', async () => {
    const { customerId } = await createCustomer(db());
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postLedgerEntry(dbOf(i), {
          customerId,
          currencyCode: 'EUR',
          entryType: 'recharge',
          amount: 100,
          heldChange: 0,
        }),
      ),
    );
    expect(await walletRow(customerId, 'EUR')).toMatchObject({
      balance: 3_000,
      entry_count: 30,
      credit_limit: 0,
    });
    await assertLedgerConsistent(db(), customerId);
  });

  it.runIf(ENGINE === 'sqlite')(
    'on SQLite, 200 holds from 4 processes sharing the file: exactly K succeed (the busy timeout queues writers)',
    async () => {
      const X = 1_000;
      const K = 61;
      const customerId = await walletWith('CNY', K * X + X - 1, 0);
      const config = apps[0]!.config;
      if (config.database.kind !== 'sqlite') throw new Error('not SQLite');
      const outcomes = await runWorkers(4, {
        file: config.database.file,
        customerId,
        currencyCode: 'CNY',
        amount: X,
        count: 50,
      });
      expect(outcomes.flatMap((o) => o.failures)).toEqual([]);
      expect(outcomes.reduce((sum, o) => sum + o.succeeded, 0)).toBe(K);
      expect(outcomes.reduce((sum, o) => sum + o.refused, 0)).toBe(200 - K);
      expect(await walletRow(customerId, 'CNY')).toMatchObject({ balance: X - 1, held: K * X });
      await assertLedgerConsistent(db(), customerId);
    },
  );
});

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'support', 'ledger-worker.ts');

interface WorkerOutcome {
  succeeded: number;
  refused: number;
  failures: string[];
}

/** Starts the worker processes, lets them all go at once, and collects what each reports. */
async function runWorkers(count: number, job: Record<string, unknown>): Promise<WorkerOutcome[]> {
  const workers = Array.from({ length: count }, (_, i) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', WORKER, JSON.stringify({ ...job, prefix: `p${i}` })],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout });
    const ready = new Promise<void>((resolve, reject) => {
      lines.once('line', (line) => (line === 'ready' ? resolve() : reject(new Error(line))));
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    const outcome = ready.then(
      () =>
        new Promise<WorkerOutcome>((resolve, reject) => {
          lines.once('line', (line) => resolve(JSON.parse(line) as WorkerOutcome));
          child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
        }),
    );
    return { child, ready, outcome };
  });
  await Promise.all(workers.map((w) => w.ready));
  for (const worker of workers) worker.child.stdin!.write('go\n');
  return Promise.all(workers.map((w) => w.outcome));
}
