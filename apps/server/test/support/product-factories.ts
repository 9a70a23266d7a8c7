import type { Db } from '../../src/db/database.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';

/** Product rows for tests: a customer's level, its limits on a product, an extra product. */

export async function productId(db: Db, code: string): Promise<string> {
  const row = await db.selectFrom('products').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** Puts a customer on a level by code (standard 0 %, gold 5 %, platinum 10 % in the demo data). */
export async function setCustomerLevel(db: Db, customerId: string, levelCode: string) {
  const level = await db
    .selectFrom('customer_levels')
    .select('id')
    .where('code', '=', levelCode)
    .executeTakeFirstOrThrow();
  await db.updateTable('customers').set({ level_id: level.id }).where('id', '=', customerId).execute();
}

export async function setCustomerProductLimit(
  db: Db,
  customerId: string,
  productCode: string,
  limit: {
    isHidden?: boolean;
    maxParcelWeightGrams?: number;
    maxShipmentWeightGrams?: number;
    maxLongestSideMm?: number;
    maxParcels?: number;
    maxDeclaredValue?: number;
    discountPercent?: number;
  },
) {
  await db
    .insertInto('customer_product_limits')
    .values({
      id: newId(),
      customer_id: customerId,
      product_id: await productId(db, productCode),
      is_hidden: limit.isHidden ? 1 : 0,
      max_parcel_weight_g: limit.maxParcelWeightGrams ?? null,
      max_shipment_weight_g: limit.maxShipmentWeightGrams ?? null,
      max_longest_side_mm: limit.maxLongestSideMm ?? null,
      max_parcels: limit.maxParcels ?? null,
      max_declared_value: limit.maxDeclaredValue ?? null,
      discount_percent: limit.discountPercent ?? null,
      updated_at: nowIso(),
    })
    .execute();
}

/**
 * A one-zone product for the given countries, priced first weight + steps in `currencyCode`, without
 * limits worth mentioning. Returns its id.
 */
export async function createProduct(
  db: Db,
  options: {
    code: string;
    currencyCode: string;
    countries: string[];
    firstPrice: number;
    stepPrice: number;
    transitDays?: [number, number];
  },
) {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('products')
    .values({
      id,
      code: options.code,
      name: JSON.stringify({
        'zh-CN': `测试 ${options.code}`,
        'en-US': `Test ${options.code}`,
        'zh-TW': `測試 ${options.code}`,
      }),
      transit_days_min: options.transitDays?.[0] ?? 5,
      transit_days_max: options.transitDays?.[1] ?? 9,
      volumetric_divisor: 6000,
      currency_code: options.currencyCode,
      max_parcel_weight_g: 30_000,
      max_shipment_weight_g: 30_000,
      max_longest_side_mm: null,
      max_girth_mm: null,
      max_parcels: 5,
      max_declared_value: null,
      declared_value_currency: null,
      allows_battery: 0,
      customs_terms: JSON.stringify(['DDU', 'DDP']),
      requires_ioss: 0,
      fuel_surcharge_bp: 0,
      status: 'active',
      sort_order: 1000,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('product_countries')
    .values(options.countries.map((country_code) => ({ product_id: id, country_code, zone: 'Z' })))
    .execute();
  await db
    .insertInto('product_rates')
    .values({
      id: newId(),
      product_id: id,
      zone: 'Z',
      max_weight_g: 30_000,
      first_weight_g: 500,
      first_price: options.firstPrice,
      step_weight_g: 500,
      step_price: options.stepPrice,
    })
    .execute();
  return id;
}
