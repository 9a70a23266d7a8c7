import type { Db } from '../../db/database.ts';
import type { AgreementAcceptancesTable } from '../../db/schema.ts';

export const findCurrentAgreement = (db: Db) =>
  db
    .selectFrom('transport_agreements')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Login names are stored lower case (sign-in lowers what is typed). */
export async function isLoginNameTaken(db: Db, loginName: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', loginName.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function isPhoneTaken(db: Db, phone: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

/**
 * Spent register tickets are kept in the table of spent single-use tickets (`sso_used_tickets`, source
 * `registerTicket`), by the SHA-256 of the ticket, until the ticket would have expired anyway; the
 * retention task deletes them then. The primary key (source, ticket id) makes spending atomic.
 */
const REGISTER_TICKET_SOURCE = 'registerTicket';

export async function isTicketSpent(db: Db, ticketHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('sso_used_tickets')
    .select('ticket_id')
    .where('source', '=', REGISTER_TICKET_SOURCE)
    .where('ticket_id', '=', ticketHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Spends the ticket; a second spend of the same ticket fails on the primary key (a unique violation). */
export async function spendTicket(db: Db, ticketHash: string, expiresAt: Date, now: string) {
  await db
    .insertInto('sso_used_tickets')
    .values({
      source: REGISTER_TICKET_SOURCE,
      ticket_id: ticketHash,
      user_id: null,
      used_at: now,
      expires_at: expiresAt.toISOString(),
    })
    .execute();
}

/** Names the user the spent ticket created (for whoever reads the table later). */
export async function recordTicketUser(db: Db, ticketHash: string, userId: string) {
  await db
    .updateTable('sso_used_tickets')
    .set({ user_id: userId })
    .where('source', '=', REGISTER_TICKET_SOURCE)
    .where('ticket_id', '=', ticketHash)
    .execute();
}

export async function insertAcceptance(db: Db, row: AgreementAcceptancesTable) {
  await db.insertInto('agreement_acceptances').values(row).execute();
}

export const findAcceptances = (db: Db, customerId: string) =>
  db
    .selectFrom('agreement_acceptances')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('accepted_at')
    .execute();
