import type { WalletBalance } from '@portal/contracts/wallet';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { findWallets } from './wallet.repository.ts';

/** The portal's home currency: always listed first, with zeros before the customer's first ledger row. */
export const HOME_CURRENCY = 'CNY';

/** Balance, held, credit limit and available (balance + credit limit) per currency, CNY first. */
export async function queryBalances(db: Db, auth: AuthContext): Promise<WalletBalance[]> {
  const rows = await findWallets(db, auth.customerId);
  const balances = rows.map((row) => ({
    currencyCode: row.currency_code,
    balance: row.balance,
    held: row.held,
    available: row.balance + row.credit_limit,
    creditLimit: row.credit_limit,
  }));
  const home = balances.find((b) => b.currencyCode === HOME_CURRENCY) ?? {
    currencyCode: HOME_CURRENCY,
    balance: 0,
    held: 0,
    available: 0,
    creditLimit: 0,
  };
  return [home, ...balances.filter((b) => b.currencyCode !== HOME_CURRENCY)];
}
