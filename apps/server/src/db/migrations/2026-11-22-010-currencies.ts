import type { Kysely } from 'kysely';

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Currencies the provider accepts, with the exchange rate to CNY as an integer scaled by 1,000,000
 * (never a float). The seeded rates are starting values for the operator to maintain.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('minor_units', 'integer', (c) => c.notNull())
    .addColumn('rate_to_cny_micros', 'bigint', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const row = (
    code: string,
    name: string,
    symbol: string,
    minorUnits: number,
    rateMicros: number,
    sortOrder: number,
  ) => ({
    code,
    name,
    symbol,
    minor_units: minorUnits,
    rate_to_cny_micros: rateMicros,
    is_enabled: 1,
    sort_order: sortOrder,
    updated_at: now,
  });
  await db
    .insertInto('currencies')
    .values([
      row('CNY', text('人民币', 'Chinese yuan', '人民幣'), '¥', 2, 1_000_000, 10),
      row('USD', text('美元', 'US dollar', '美元'), '$', 2, 7_120_000, 20),
      row('EUR', text('欧元', 'Euro', '歐元'), '€', 2, 8_260_000, 30),
      row('GBP', text('英镑', 'Pound sterling', '英鎊'), '£', 2, 9_480_000, 40),
      row('HKD', text('港币', 'Hong Kong dollar', '港幣'), 'HK$', 2, 915_500, 50),
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('currencies').execute();
}
