import { sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * `trx` as a Db for code written to open its own transactions (`db.transaction().execute(fn)`, as the
 * services do): each of those becomes a savepoint inside `trx`, so all of it commits or rolls back with
 * the one outer transaction. The demo seed uses it: a start killed mid-seed leaves nothing half seeded.
 * Not for concurrent use (savepoints nest on the one connection).
 */
export function inOneTransaction(trx: Transaction<Database>): Db {
  let savepoints = 0;
  const nested: Db = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({
          execute: async <T>(work: (inner: Db) => Promise<T>): Promise<T> => {
            const name = sql.id(`seed_${++savepoints}`);
            await sql`savepoint ${name}`.execute(target);
            try {
              const result = await work(nested);
              await sql`release savepoint ${name}`.execute(target);
              return result;
            } catch (error) {
              await sql`rollback to savepoint ${name}`.execute(target);
              throw error;
            }
          },
        });
      }
      // Kysely keeps its state in private fields: its methods must run on the real object.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return nested;
}
