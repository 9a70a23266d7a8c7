import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './availability.ts';

/**
 * The pool Kysely's PostgresDialect is given: pg's pool, except that a connection that failed is
 * destroyed instead of reused.
 *
 * pg gives up on a statement after `query_timeout` (the server frozen) but leaves it running on the
 * connection, and Kysely releases every connection as healthy: the next request would queue behind the
 * stuck statement and wait out a second timeout, and Kysely's ROLLBACK after the failure would too. So a
 * connection whose statement failed because the database is unavailable (client read timeout,
 * statement_timeout cancel, connection lost, server shutting down; see `isDatabaseUnavailable`), or whose
 * ROLLBACK failed, is retired: later statements in the same checkout fail at once with the same error, and
 * on release it goes back with that error, so pg-pool closes it (force-closing the socket when a statement
 * is still running) and opens a fresh one for the next request.
 */
export function retiringPool(pool: pg.Pool): PostgresPool {
  const retired = new WeakMap<pg.PoolClient, Error>();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    async function run<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
      const failure = retired.get(client);
      if (failure) throw failure;
      try {
        return (await client.query(text, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (isDatabaseUnavailable(error) || /^\s*rollback\b/i.test(text)) {
          retired.set(client, error as Error);
        }
        throw error;
      }
    }
    const query = ((textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) =>
      typeof textOrCursor === 'string'
        ? run(textOrCursor, parameters ?? [])
        : client.query(textOrCursor as never)) as PostgresPoolClient['query'];
    return {
      query,
      release() {
        const failure = retired.get(client);
        retired.delete(client);
        client.release(failure);
      },
    };
  };

  return {
    async connect() {
      const client = await pool.connect();
      // Kysely keeps one connection object per client it is handed, so the same client gets the same wrapper.
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
