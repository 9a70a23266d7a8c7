import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/modules/order/order.repository.ts';

const sqlite = (message: string) => Object.assign(new Error(message), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
const postgres = (constraint: string) =>
  Object.assign(new Error('duplicate key'), { code: '23505', constraint });

describe('isUniqueViolation', () => {
  it('names the reference-number index only for its own clash, on both engines', () => {
    const index = 'orders_customer_order_no_uq';
    expect(
      isUniqueViolation(
        sqlite('UNIQUE constraint failed: orders.customer_id, orders.customer_order_no'),
        index,
      ),
    ).toBe(true);
    expect(isUniqueViolation(postgres(index), index)).toBe(true);
    // A clash in the ledger's numbering is a bug to report, not a taken reference number.
    const ledger =
      'UNIQUE constraint failed: ledger_entries.customer_id, ledger_entries.currency_code, ledger_entries.entry_no';
    expect(isUniqueViolation(sqlite(ledger), index)).toBe(false);
    expect(isUniqueViolation(postgres('ledger_entries_wallet_no_uq'), index)).toBe(false);
    expect(isUniqueViolation(sqlite(ledger))).toBe(true);
    expect(isUniqueViolation(new Error('other'), index)).toBe(false);
  });
});
