import type { Db } from '../../db/database.ts';

/** The customer's wallets, one per currency it has used (scoped to the customer here, never by the route). */
export function findWallets(db: Db, customerId: string) {
  return db
    .selectFrom('wallets')
    .select(['currency_code', 'balance', 'held', 'credit_limit'])
    .where('customer_id', '=', customerId)
    .orderBy('currency_code')
    .execute();
}
