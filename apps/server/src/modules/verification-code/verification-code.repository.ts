import type { Db } from '../../db/database.ts';
import type { VerificationCodesTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

/** All SQL about verification codes and password reset tickets. */

/** Inserts a new code and retires the phone's open codes of the same purpose (only the newest is valid). */
export async function replaceOpenCode(db: Db, row: Insertable<VerificationCodesTable>) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: row.created_at })
      .where('phone', '=', row.phone)
      .where('purpose', '=', row.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx.insertInto('verification_codes').values(row).execute();
  });
}

export async function retireCode(db: Db, id: string, at: string) {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .execute();
}

/** The phone's newest open code for a purpose, if it has not expired. */
export function findOpenCode(db: Db, purpose: string, phone: string, now: string) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one try of an open code: ONE conditional update, so of parallel guesses at most `maxTries` get a
 * comparison. Answers the tries taken so far, or undefined when the code is spent or used.
 */
export async function takeTry(db: Db, id: string, maxTries: number): Promise<number | undefined> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxTries)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** A right code checked without using it gives its try back. */
export async function giveTryBack(db: Db, id: string) {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('attempts', '>', 0)
    .execute();
}

/** Uses a code; false when another request used it first. */
export async function consumeCode(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertResetTicket(
  db: Db,
  ticket: { token_hash: string; user_id: string; created_at: string; expires_at: string },
) {
  await db
    .insertInto('password_reset_tickets')
    .values({ ...ticket, used_at: null })
    .execute();
}

/** Uses a reset ticket: ONE conditional update, so a ticket resets one password once. */
export async function useResetTicket(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tickets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Retention: codes and tickets past their expiry can never be used again. */
export async function deleteExpiredCodes(db: Db, now: Date) {
  const at = now.toISOString();
  const codes = await db.deleteFrom('verification_codes').where('expires_at', '<=', at).executeTakeFirst();
  const tickets = await db
    .deleteFrom('password_reset_tickets')
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return Number(codes.numDeletedRows) + Number(tickets.numDeletedRows);
}
