import type { Kysely } from 'kysely';

// Migrations never import application code: they describe tables as they were on the day they ran.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customer_levels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('level_id', 'text', (c) => c.notNull().references('customer_levels.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text')
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_init_password', 'integer', (c) => c.notNull())
    .addColumn('password_changed_at', 'text')
    .addColumn('wechat_open_id', 'text')
    .addColumn('last_login_at', 'text')
    .addColumn('last_login_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_customer_idx').on('users').column('customer_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('operation_list', 'text', (c) => c.notNull())
    .addUniqueConstraint('roles_customer_code_uq', ['customer_id', 'code'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('login_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Throttling counts recent failures per typed name and per address; the log page lists per user.
  await db.schema
    .createIndex('login_logs_name_time_idx')
    .on('login_logs')
    .columns(['login_name', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_logs_ip_time_idx')
    .on('login_logs')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_logs_user_time_idx')
    .on('login_logs')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('application_info')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain_name', 'text', (c) => c.notNull().unique())
    .addColumn('web_name', 'text', (c) => c.notNull())
    .addColumn('web_slogan', 'text', (c) => c.notNull())
    .addColumn('web_keyword', 'text', (c) => c.notNull())
    .addColumn('web_description', 'text', (c) => c.notNull())
    .addColumn('favicon', 'text', (c) => c.notNull())
    .addColumn('footer_system_name', 'text', (c) => c.notNull())
    .addColumn('filing_number', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('application_menus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('application_menus.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('menu_code', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text')
    .addColumn('authority', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'application_menus',
    'application_info',
    'login_logs',
    'refresh_tokens',
    'sessions',
    'user_roles',
    'roles',
    'users',
    'customers',
    'customer_levels',
    'app_secrets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
