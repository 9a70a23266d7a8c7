import { sql, type Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Settlement (issue 11): recharges and the provider notifications they received, bills with their
 * per-currency totals and write-offs, invoice titles, a shared rate-limit counter, and what the ledger
 * keeps for the consumption flow: per wallet the time of its latest row (so `created_at` never goes back
 * within a wallet) and running totals of money in and out on the wallet and on every row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallets').addColumn('last_entry_at', 'text').execute();
  await db.schema
    .alterTable('wallets')
    .addColumn('total_in', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('wallets')
    .addColumn('total_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('total_in_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('total_out_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillRunningTotals(db);
  // The consumption flow: one currency's rows by time, a type's rows by time, a number's rows.
  await db.schema
    .createIndex('ledger_entries_currency_time_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'currency_code', 'created_at', 'entry_no'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_type_time_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'entry_type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_reference_idx')
    .on('ledger_entries')
    .columns(['customer_id', 'reference_no'])
    .where(sql.ref('reference_no'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_entries_recharge_idx')
    .on('ledger_entries')
    .column('recharge_id')
    .where(sql.ref('recharge_id'), 'is not', null)
    .execute();
  // A bill's lines, and the rows not billed yet that the next bill takes.
  await db.schema
    .createIndex('ledger_entries_bill_idx')
    .on('ledger_entries')
    .columns(['bill_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('recharges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recharge_no', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    // alipay | wechat | bank_transfer
    .addColumn('channel', 'text', (c) => c.notNull())
    // sandbox | alipay | wechat | staff: who processes it (fixed when the payment starts)
    .addColumn('provider', 'text', (c) => c.notNull())
    // pending | paid | failed | closed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_trade_no', 'text')
    // The user who created it; null on the public /topUp page.
    .addColumn('created_by', 'text')
    // portal | public
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    // A bank transfer's voucher (stored_files).
    .addColumn('voucher_file_id', 'text')
    // Why it failed or was closed: a message key and its JSON parameters (translated when read), or
    // staff's own words for a rejected voucher in `status_note`.
    .addColumn('status_reason_key', 'text')
    .addColumn('status_note', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('ledger_entry_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('recharges_customer_idx')
    .on('recharges')
    .columns(['customer_id', 'created_at'])
    .execute();
  // Reconciliation: pending online recharges by age.
  await db.schema
    .createIndex('recharges_status_idx')
    .on('recharges')
    .columns(['status', 'created_at'])
    .execute();
  // One trade of a provider credits at most one recharge.
  await db.schema
    .createIndex('recharges_trade_uq')
    .on('recharges')
    .columns(['provider', 'provider_trade_no'])
    .unique()
    .where(sql.ref('provider_trade_no'), 'is not', null)
    .execute();

  // Every notification that reached us, verified or not, for staff to read.
  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('recharge_no', 'text')
    .addColumn('provider_trade_no', 'text')
    // credited | duplicate | closed | ignored | bad_signature | amount_mismatch | app_mismatch | unknown_recharge | malformed
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('remote_address', 'text')
    // The body as received (bounded), to investigate a refusal.
    .addColumn('body', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_notifications_time_idx')
    .on('payment_notifications')
    .columns(['received_at'])
    .execute();
  await db.schema
    .createIndex('payment_notifications_recharge_idx')
    .on('payment_notifications')
    .columns(['recharge_no'])
    .execute();

  await db.schema
    .createTable('bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bill_no', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('period_label', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    // open | partial | settled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  // One bill per customer and period, however many instances issue at once.
  await db.schema
    .createIndex('bills_customer_period_uq')
    .on('bills')
    .columns(['customer_id', 'period_start'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bills_status_idx')
    .on('bills')
    .columns(['customer_id', 'status', 'period_start'])
    .execute();

  // A bill's amount per currency (positive: owed) and how much of it is written off.
  await db.schema
    .createTable('bill_amounts')
    .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id'))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('written_off', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bill_amounts_pk', ['bill_id', 'currency_code'])
    .execute();

  await db.schema
    .createTable('bill_write_offs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // prepaid (money in: recharges, positive manual adjustments) | staff
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_write_offs_bill_idx')
    .on('bill_write_offs')
    .columns(['bill_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bill_write_offs_customer_idx')
    .on('bill_write_offs')
    .columns(['customer_id', 'currency_code', 'source'])
    .execute();

  await db.schema
    .createTable('invoice_titles')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('tax_no', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('bank_account', 'text')
    .addColumn('email', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Fixed-window counters shared by every instance (lib/rate-limit.ts): the public top-up look-up now,
  // SMS codes later.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_expiry_idx')
    .on('rate_limit_hits')
    .column('expires_at')
    .execute();

  await db
    .insertInto('application_menus')
    .values([
      {
        id: 'settlement',
        parent_id: null,
        sort_order: 30,
        path: '/user/settlement',
        name: 'settlement',
        menu_code: 'settlement',
        icon: 'AccountBookOutlined',
        authority: null,
        title: text('结算中心', 'Settlement', '結算中心'),
      },
      {
        id: 'topUpOnline',
        parent_id: 'settlement',
        sort_order: 10,
        path: '/user/settlement/topUpOnline',
        name: 'topUpOnline',
        menu_code: 'topUpOnline',
        icon: 'WalletOutlined',
        authority: JSON.stringify('finance:view'),
        title: text('充值记录', 'Recharge records', '儲值紀錄'),
      },
      {
        id: 'consumptionFlow',
        parent_id: 'settlement',
        sort_order: 20,
        path: '/user/settlement/consumptionFlow',
        name: 'consumptionFlow',
        menu_code: 'consumptionFlow',
        icon: 'TransactionOutlined',
        authority: JSON.stringify('finance:view'),
        title: text('消费流水', 'Consumption flow', '消費流水'),
      },
      {
        id: 'billingInquiries',
        parent_id: 'settlement',
        sort_order: 30,
        path: '/user/settlement/billingInquiries',
        name: 'billingInquiries',
        menu_code: 'billingInquiries',
        icon: 'ProfileOutlined',
        authority: JSON.stringify('finance:bill'),
        title: text('账单查询', 'Bills', '帳單查詢'),
      },
    ])
    .execute();
}

/**
 * Existing ledger rows get their running totals and every wallet its latest row's time, wallet by wallet
 * in entry order (at migration time the ledger is a demo's or a pilot's, small enough to walk).
 */
async function backfillRunningTotals(db: Kysely<any>) {
  const wallets = await db.selectFrom('wallets').select(['customer_id', 'currency_code']).execute();
  for (const wallet of wallets) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['id', 'amount', 'created_at'])
      .where('customer_id', '=', wallet.customer_id)
      .where('currency_code', '=', wallet.currency_code)
      .orderBy('entry_no')
      .execute();
    let totalIn = 0;
    let totalOut = 0;
    let last: string | null = null;
    for (const row of rows) {
      const amount = Number(row.amount);
      if (amount > 0) totalIn += amount;
      else totalOut += amount;
      if (last === null || row.created_at > last) last = row.created_at;
      await db
        .updateTable('ledger_entries')
        .set({ total_in_after: totalIn, total_out_after: totalOut })
        .where('id', '=', row.id)
        .execute();
    }
    await db
      .updateTable('wallets')
      .set({ total_in: totalIn, total_out: totalOut, last_entry_at: last })
      .where('customer_id', '=', wallet.customer_id)
      .where('currency_code', '=', wallet.currency_code)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('application_menus')
    .where('id', 'in', ['topUpOnline', 'consumptionFlow', 'billingInquiries'])
    .execute();
  await db.deleteFrom('application_menus').where('id', '=', 'settlement').execute();
  for (const table of [
    'rate_limit_hits',
    'invoice_titles',
    'bill_write_offs',
    'bill_amounts',
    'bills',
    'payment_notifications',
    'recharges',
  ])
    await db.schema.dropTable(table).execute();
  for (const index of [
    'ledger_entries_bill_idx',
    'ledger_entries_recharge_idx',
    'ledger_entries_reference_idx',
    'ledger_entries_type_time_idx',
    'ledger_entries_currency_time_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('ledger_entries').dropColumn('total_out_after').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('total_in_after').execute();
  await db.schema.alterTable('wallets').dropColumn('total_out').execute();
  await db.schema.alterTable('wallets').dropColumn('total_in').execute();
  await db.schema.alterTable('wallets').dropColumn('last_entry_at').execute();
}
