import type { Db } from '../../db/database.ts';

/** Currencies the provider accepts, in display order. Not tenant data: the same for every customer. */
export function listEnabledCurrencies(db: Db) {
  return db
    .selectFrom('currencies')
    .selectAll()
    .where('is_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}
