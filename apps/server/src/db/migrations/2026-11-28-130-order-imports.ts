import { sql, type Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Batch create from Excel (issue 12): the imports with every row of their sheet, the customers' saved
 * column mappings, the batch an order came from, and the batch-create page in the orders menu.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    // mapping | ready | committing | committed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // The upload kept in file management (stored_files), when storage took it.
    .addColumn('file_id', 'text')
    // JSON array of the header row's texts.
    .addColumn('headers', 'text', (c) => c.notNull())
    // JSON OrderSheetMapping (field → 0-based column); the guess while `mapping`.
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('mapping_id', 'text')
    // The product for rows that name none, and the sender (an address of the customer's book).
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('shipper_address_id', 'text')
    // Counts and totals as of the last check (kept by the service after every change).
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid_order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excluded_order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The language the cells' errors are kept in is not stored: errors are message keys with params.
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    // Commit: drafts (0) or submitted (1); the runner's task; the key of the commit's failure and its params.
    .addColumn('submit', 'integer')
    .addColumn('task_id', 'text')
    // JSON { key, params }: the last commit's failure, shown in the reader's language.
    .addColumn('commit_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_imports_customer_idx')
    .on('order_imports')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('order_imports_expiry_idx').on('order_imports').column('expires_at').execute();

  await db.schema
    .createTable('order_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('order_imports.id').onDelete('cascade'))
    // The row's number in the sheet (the header is row 1).
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // JSON array of the row's cells as text, in the sheet's column order: the sheet as the user typed it.
    .addColumn('cells', 'text', (c) => c.notNull())
    // JSON field → text once mapped (edits in the grid change these, never `cells`); null while `mapping`.
    .addColumn('field_values', 'text')
    // The reference number as mapped (trimmed; null when blank): rows that share it are one order.
    .addColumn('customer_order_no', 'text')
    // The lead row's number of this row's order (its own for a row without a reference number).
    .addColumn('lead_row_number', 'integer', (c) => c.notNull())
    .addColumn('is_lead', 'integer', (c) => c.notNull().defaultTo(0))
    // valid | invalid | excluded | created — the same on every row of one order.
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('invalid'))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [{ field, key, params }]: this row's cell errors as message keys, worded when read.
    .addColumn('errors', 'text')
    // On the lead row of a valid order: the checked create input (JSON, without the sender), the estimate.
    .addColumn('order_input', 'text')
    .addColumn('charge_amount', 'bigint')
    .addColumn('charge_currency_code', 'text')
    .addColumn('chargeable_weight_g', 'integer')
    // Once created: the order.
    .addColumn('order_id', 'text')
    .addPrimaryKeyConstraint('order_import_rows_pk', ['import_id', 'row_number'])
    .execute();
  // The rows of one reference number (an edit re-checks them), and the grid's views by state.
  await db.schema
    .createIndex('order_import_rows_order_no_idx')
    .on('order_import_rows')
    .columns(['import_id', 'customer_order_no'])
    .execute();
  await db.schema
    .createIndex('order_import_rows_state_idx')
    .on('order_import_rows')
    .columns(['import_id', 'state', 'row_number'])
    .execute();
  await db.schema
    .createIndex('order_import_rows_lead_idx')
    .on('order_import_rows')
    .columns(['import_id', 'lead_row_number'])
    .execute();

  await db.schema
    .createTable('order_import_mappings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON field → header text.
    .addColumn('columns', 'text', (c) => c.notNull())
    // The normalised header texts the mapping names, sorted and joined: sheets with them get it offered.
    .addColumn('header_signature', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('order_import_mappings_name_uq')
    .on('order_import_mappings')
    .columns(['customer_id', 'name'])
    .unique()
    .execute();

  // The batch an order came from: the batch's result links to the order list filtered by it.
  await db.schema.alterTable('orders').addColumn('import_id', 'text').execute();
  await db.schema
    .createIndex('orders_import_idx')
    .on('orders')
    .columns(['customer_id', 'import_id'])
    .where(sql.ref('import_id'), 'is not', null)
    .execute();

  await db
    .insertInto('application_menus')
    .values({
      id: 'batchCreate',
      parent_id: 'orders',
      sort_order: 25,
      path: '/user/orders/batchCreate',
      name: 'batchCreate',
      menu_code: 'batchCreate',
      icon: 'FileExcelOutlined',
      authority: JSON.stringify('order:create'),
      title: text('批量创建订单', 'Batch create orders', '批次建立訂單'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('application_menus').where('id', '=', 'batchCreate').execute();
  await db.schema.dropIndex('orders_import_idx').execute();
  await db.schema.alterTable('orders').dropColumn('import_id').execute();
  await db.schema.dropTable('order_import_mappings').execute();
  await db.schema.dropTable('order_import_rows').execute();
  await db.schema.dropTable('order_imports').execute();
}
