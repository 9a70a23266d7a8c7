import { randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

/**
 * Reads a named secret from the database, creating it on first use. With PostgreSQL every instance
 * sharing the database gets the same value; the insert that loses a race is ignored and re-read.
 */
export async function readOrCreateDbSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(48).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
