import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Background tasks (jobs/task-runner.ts), export tasks and their files, the customer's stored uploads,
 * and the file management page in the personal settings menu (issue 10).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON, the handler's input.
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | succeeded | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null: the runner's TASK_MAX_ATTEMPTS.
    .addColumn('max_attempts', 'integer')
    // A queued task runs when this time has come (retries wait their backoff here).
    .addColumn('run_after', 'text', (c) => c.notNull())
    // The instance running the task and until when its claim holds; renewed while it runs.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The claim's search: queued tasks that are due, running ones whose lease ran out.
  await db.schema.createIndex('tasks_claim_idx').on('tasks').columns(['status', 'run_after']).execute();
  await db.schema
    .createIndex('tasks_lease_idx')
    .on('tasks')
    .columns(['status', 'lease_expires_at'])
    .execute();

  await db.schema
    .createTable('export_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // The runner's task that produces the file (deleted with the export).
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // JSON: ids, filter, labelSize as created.
    .addColumn('request', 'text', (c) => c.notNull())
    // Headers, names and the file name are written in the language of the user who created the task.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('storage_key', 'text')
    // A message key (translated when read), so the reason reads in the reader's language.
    .addColumn('error_key', 'text')
    // JSON: the message's parameters ({ count, ids } …), when it has any.
    .addColumn('error_params', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('export_tasks_customer_idx')
    .on('export_tasks')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('export_tasks_expiry_idx').on('export_tasks').column('expires_at').execute();

  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Found from the content's magic bytes, not the browser's claim.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stored_files_customer_idx')
    .on('stored_files')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db
    .insertInto('application_menus')
    .values({
      id: 'fileManagement',
      parent_id: 'personal',
      sort_order: 20,
      path: '/user/userCenterManagement/fileManagement',
      name: 'fileManagement',
      menu_code: 'fileManagement',
      icon: 'FolderOpenOutlined',
      authority: JSON.stringify('file:manage'),
      title: text('文件管理', 'File management', '檔案管理'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', '=', 'fileManagement').execute();
  await db.schema.dropTable('stored_files').execute();
  await db.schema.dropTable('export_tasks').execute();
  await db.schema.dropTable('tasks').execute();
}
