import type { Kysely } from 'kysely';

/**
 * The customer's profile, certification and pictures (issue 13, modules/customer-info): the company
 * address and the logo / QR code on the customer, the avatar on the user, and one certification row per
 * customer (none → pending → verified / rejected) with its photos kept as stored files.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('company_address', 'text').execute();
  await db.schema.alterTable('customers').addColumn('profile_updated_at', 'text').execute();
  // Stored files (purpose `image`); the time changes with each upload, so the web refetches the picture.
  await db.schema.alterTable('customers').addColumn('logo_file_id', 'text').execute();
  await db.schema.alterTable('customers').addColumn('logo_updated_at', 'text').execute();
  await db.schema.alterTable('customers').addColumn('qr_code_file_id', 'text').execute();
  await db.schema.alterTable('customers').addColumn('qr_code_updated_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('avatar_file_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('avatar_updated_at', 'text').execute();

  await db.schema
    .createTable('customer_certifications')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    // none | pending | verified | rejected
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('credit_code', 'text')
    .addColumn('legal_representative', 'text')
    // Stored files (purpose `certificate`), replaced while the state allows it.
    .addColumn('licence_file_id', 'text')
    .addColumn('licence_uploaded_at', 'text')
    .addColumn('id_front_file_id', 'text')
    .addColumn('id_front_uploaded_at', 'text')
    .addColumn('id_back_file_id', 'text')
    .addColumn('id_back_uploaded_at', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('submitted_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Staff's list of certifications waiting for a decision, oldest first.
  await db.schema
    .createIndex('customer_certifications_state_idx')
    .on('customer_certifications')
    .columns(['state', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_certifications').execute();
  for (const column of ['avatar_updated_at', 'avatar_file_id'])
    await db.schema.alterTable('users').dropColumn(column).execute();
  for (const column of [
    'qr_code_updated_at',
    'qr_code_file_id',
    'logo_updated_at',
    'logo_file_id',
    'profile_updated_at',
    'company_address',
  ])
    await db.schema.alterTable('customers').dropColumn(column).execute();
}
