import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomerCertificationsTable, CustomersTable } from '../../db/schema.ts';

/** SQL of the customer's profile, pictures and certification; every query scoped to one customer. */

export function findCurrentUser(db: Db, customerId: string, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .innerJoin('customer_levels', 'customer_levels.id', 'customers.level_id')
    .leftJoin('customer_certifications as cert', 'cert.customer_id', 'customers.id')
    .select([
      'users.id',
      'users.login_name',
      'users.display_name',
      'users.phone',
      'users.email',
      'users.user_type',
      'users.avatar_updated_at',
      'customers.code as customer_code',
      'customers.company_name',
      'customers.contact_name',
      'customers.status as customer_status',
      'customers.logo_updated_at',
      'customers.qr_code_updated_at',
      'customer_levels.code as level_code',
      'customer_levels.name as level_name',
      'customer_levels.discount_percent',
      'cert.state as certification_state',
    ])
    .where('users.customer_id', '=', customerId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export function findCustomer(db: Db, customerId: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

export async function updateCustomer(db: Db, customerId: string, changes: Updateable<CustomersTable>) {
  await db.updateTable('customers').set(changes).where('id', '=', customerId).execute();
}

export async function setAvatar(db: Db, customerId: string, userId: string, fileId: string, at: string) {
  await db
    .updateTable('users')
    .set({ avatar_file_id: fileId, avatar_updated_at: at })
    .where('customer_id', '=', customerId)
    .where('id', '=', userId)
    .execute();
}

export function findAvatar(db: Db, customerId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['avatar_file_id as file_id'])
    .where('customer_id', '=', customerId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A stored file of the customer (the picture's bytes and type). */
export function findStoredFile(db: Db, customerId: string, fileId: string) {
  return db
    .selectFrom('stored_files')
    .select(['id', 'storage_key', 'content_type', 'file_size'])
    .where('customer_id', '=', customerId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export async function deleteStoredFile(db: Db, customerId: string, fileId: string) {
  await db
    .deleteFrom('stored_files')
    .where('customer_id', '=', customerId)
    .where('id', '=', fileId)
    .execute();
}

export function findCertification(db: Db, customerId: string) {
  return db
    .selectFrom('customer_certifications')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The customer's certification row, created in state `none` the first time a photo comes. */
export async function ensureCertification(db: Db, customerId: string, at: string) {
  await db
    .insertInto('customer_certifications')
    .values({ customer_id: customerId, state: 'none', updated_at: at })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
}

/**
 * Changes the certification only while it is in one of `states` (the state machine's guard, in the same
 * statement as the change, so two requests at once cannot both pass it). Answers whether it changed.
 */
export async function updateCertificationIn(
  db: Db,
  customerId: string,
  states: readonly CustomerCertificationsTable['state'][],
  changes: Updateable<CustomerCertificationsTable>,
  extra: { photosComplete?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('customer_certifications')
    .set(changes)
    .where('customer_id', '=', customerId)
    .where('state', 'in', [...states]);
  if (extra.photosComplete)
    query = query
      .where('licence_file_id', 'is not', null)
      .where('id_front_file_id', 'is not', null)
      .where('id_back_file_id', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Certifications waiting for staff, oldest first, with the customer's code. */
export function listPendingCertifications(db: Db, limit: number) {
  return db
    .selectFrom('customer_certifications as cert')
    .innerJoin('customers', 'customers.id', 'cert.customer_id')
    .select([
      'customers.code as customer_code',
      'cert.company_name',
      'cert.credit_code',
      'cert.legal_representative',
      'cert.submitted_at',
    ])
    .where('cert.state', '=', 'pending')
    .orderBy('cert.submitted_at')
    .orderBy('customers.code')
    .limit(limit)
    .execute();
}

export function findCustomerByCode(db: Db, code: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'code', 'company_name'])
    .where('code', '=', code)
    .executeTakeFirst();
}
