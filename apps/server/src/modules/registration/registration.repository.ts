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
