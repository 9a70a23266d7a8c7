import type { Kysely } from 'kysely';

/**
 * Codes by SMS (issue 13): the codes sent for sign-in, password reset, phone change and registration
 * (hashed, single use, a few tries), the single-use tickets a checked reset code gives, and the sandbox SMS
 * provider's outbox (what a real provider would have delivered, read by the operator, the tests and a
 * newcomer trying the demo).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // login | reset | changePhone | register
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    // The user a code is bound to (change phone: the signed-in user), or null.
    .addColumn('subject', 'text')
    // HMAC of the id and the code with the server's secret: a leaked table gives no codes.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    // 0 for a code never sent (a phone no user has, for sign-in and reset): it can never be checked.
    .addColumn('is_delivered', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the code was used, spent by wrong tries, or replaced by a newer code.
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_codes_phone_idx')
    .on('verification_codes')
    .columns(['phone', 'purpose', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_expiry_idx')
    .on('verification_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('password_reset_tickets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_reset_tickets_expiry_idx')
    .on('password_reset_tickets')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    // JSON object of the template's parameters (the code).
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    // The message as the phone would show it.
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone_idx')
    .on('sms_outbox')
    .columns(['phone', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_outbox_created_idx').on('sms_outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute();
  await db.schema.dropTable('password_reset_tickets').execute();
  await db.schema.dropTable('verification_codes').execute();
}
