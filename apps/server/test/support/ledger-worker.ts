/**
 * A separate process posting holds into one SQLite file (wallet-concurrency.test.ts): several processes
 * each with its own connection, as several server processes sharing a data directory would.
 *
 * Argument: JSON { file, customerId, currencyCode, amount, count, prefix }. Prints `ready`, waits for a
 * line on stdin, runs `count` holds at once, prints one JSON line { succeeded, refused, failures }.
 */
import { createInterface } from 'node:readline';
import { createDatabase } from '../../src/db/database.ts';
import { AppError } from '../../src/lib/errors.ts';
import { postLedgerEntry } from '../../src/modules/wallet/ledger.ts';

const job = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  customerId: string;
  currencyCode: string;
  amount: number;
  count: number;
  prefix: string;
};
const db = createDatabase({ kind: 'sqlite', file: job.file });
console.log('ready');
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
const results = await Promise.allSettled(
  Array.from({ length: job.count }, (_, i) =>
    db.transaction().execute((trx) =>
      postLedgerEntry(trx, {
        customerId: job.customerId,
        currencyCode: job.currencyCode,
        entryType: 'order_charge',
        amount: -job.amount,
        heldChange: job.amount,
        orderId: `${job.prefix}-${i}`,
      }),
    ),
  ),
);
const refused = results.filter(
  (r) =>
    r.status === 'rejected' &&
    r.reason instanceof AppError &&
    r.reason.messageKey === 'wallet.insufficientBalance',
).length;
const failures = results
  .filter((r) => r.status === 'rejected' && !(r.reason instanceof AppError))
  .map((r) => String((r as PromiseRejectedResult).reason));
console.log(
  JSON.stringify({ succeeded: results.filter((r) => r.status === 'fulfilled').length, refused, failures }),
);
await db.destroy();
