import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { postLedgerEntry } from './ledger.ts';

/** The demo customer's CNY wallet: ¥5,000.00 opening balance and a ¥1,000.00 credit limit. */
export const DEMO_WALLET = {
  currencyCode: 'CNY',
  openingBalance: 500_000,
  creditLimit: 100_000,
} as const;

/**
 * Gives a customer its opening CNY balance as the wallet's first ledger row (a `manual_adjustment` written
 * by the one ledger writer), so "balance = Σ ledger rows" holds from the start. Idempotent and safe for
 * instances seeding at once: only the transaction whose insert created the wallet row writes the opening
 * row (on PostgreSQL a concurrent insert waits for it and then does nothing). A wallet already in use is
 * left alone. Returns whether it wrote anything.
 */
export async function seedDemoWallet(db: Db, customerId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const created = await openWallet(trx, customerId, DEMO_WALLET.currencyCode, DEMO_WALLET.creditLimit);
    if (!created) return false;
    await postLedgerEntry(trx, {
      customerId,
      currencyCode: DEMO_WALLET.currencyCode,
      entryType: 'manual_adjustment',
      amount: DEMO_WALLET.openingBalance,
      heldChange: 0,
      referenceNo: 'OPENING',
      remark: '期初余额 / opening balance',
      createdBy: 'seed',
    });
    return true;
  });
}

/**
 * Opens a customer's empty wallet in a currency (the demo seed and registration); answers whether this
 * call created it (a wallet that exists is left alone).
 */
export async function openWallet(
  db: Db,
  customerId: string,
  currencyCode: string,
  creditLimit: number,
): Promise<boolean> {
  const created = await db
    .insertInto('wallets')
    .values({
      customer_id: customerId,
      currency_code: currencyCode,
      balance: 0,
      held: 0,
      credit_limit: creditLimit,
      entry_count: 0,
      updated_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['customer_id', 'currency_code']).doNothing())
    .executeTakeFirst();
  return Number(created.numInsertedOrUpdatedRows ?? 0) === 1;
}
