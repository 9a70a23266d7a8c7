import { newId, nowIso } from '../lib/ids.ts';
import type { Db } from './database.ts';

/**
 * The demo catalog: six products a Chinese cross-border shipper would recognise, with rate cards in CNY
 * (minor units: fen), their extra services and remote areas, and the issue kinds. Idempotent and safe when
 * several instances start together: each product (with its parts) is inserted in its own transaction only
 * when its code is new, so an operator's later changes to a product are never overwritten.
 */

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

const yuan = (value: number) => Math.round(value * 100);

interface Band {
  maxKg: number;
  firstKg: number;
  first: number;
  stepKg: number;
  step: number;
}

interface SeedService {
  code: 'SUPERLONG' | 'OVERWEIGHT' | 'REMOTE_AREA' | 'INSURANCE' | 'SIGNATURE';
  thresholdCm?: number;
  thresholdKg?: number;
  amount?: number;
  perKg?: number;
  rateBp?: number;
  min?: number;
  /** [country, from, to] */
  postcodes?: [string, string, string][];
}

interface SeedProduct {
  code: string;
  name: string;
  transit: [number, number];
  divisor: number | null;
  maxParcelKg: number;
  maxShipmentKg: number;
  maxLongestCm: number | null;
  maxGirthCm: number | null;
  maxParcels: number;
  declared: [number, string] | null;
  battery: boolean;
  terms: string[];
  ioss: boolean;
  fuelBp: number;
  /** zone → countries */
  zones: Record<string, string[]>;
  /** zone → bands */
  rates: Record<string, Band[]>;
  services: SeedService[];
}

const SERVICE_NAMES: Record<SeedService['code'], string> = {
  SUPERLONG: text('超长附加费', 'Oversize surcharge', '超長附加費'),
  OVERWEIGHT: text('超重附加费', 'Overweight surcharge', '超重附加費'),
  REMOTE_AREA: text('偏远地区附加费', 'Remote area surcharge', '偏遠地區附加費'),
  INSURANCE: text('货物保险', 'Cargo insurance', '貨物保險'),
  SIGNATURE: text('签名服务', 'Signature on delivery', '簽名服務'),
};

const EU_ZONE_1 = ['DE', 'NL', 'BE', 'LU', 'AT'];
const EU_ZONE_2 = ['FR', 'IT', 'ES', 'PL', 'CZ', 'DK', 'IE'];
const EU_ZONE_3 = ['PT', 'SE', 'FI', 'GR', 'HU', 'SK', 'SI', 'HR', 'RO', 'BG', 'LT', 'LV', 'EE'];

export const DEMO_PRODUCTS: readonly SeedProduct[] = [
  {
    code: 'US-DDP-EXP',
    name: text('美国包税专线', 'US Express Line (tax included)', '美國包稅專線'),
    transit: [7, 12],
    divisor: 6000,
    maxParcelKg: 30,
    maxShipmentKg: 68,
    maxLongestCm: 120,
    maxGirthCm: 274,
    maxParcels: 5,
    declared: [80000, 'USD'],
    battery: false,
    terms: ['DDP'],
    ioss: false,
    fuelBp: 800,
    zones: { US: ['US'] },
    rates: {
      US: [
        { maxKg: 2, firstKg: 0.5, first: yuan(78), stepKg: 0.5, step: yuan(28) },
        { maxKg: 68, firstKg: 2, first: yuan(162), stepKg: 1, step: yuan(48) },
      ],
    },
    services: [
      { code: 'SUPERLONG', thresholdCm: 100, amount: yuan(150) },
      { code: 'OVERWEIGHT', thresholdKg: 22, amount: yuan(120) },
      {
        code: 'REMOTE_AREA',
        amount: yuan(60),
        perKg: yuan(8),
        // Alaska, Hawaii, Puerto Rico and the Virgin Islands, Guam.
        postcodes: [
          ['US', '995', '999'],
          ['US', '967', '968'],
          ['US', '006', '009'],
          ['US', '969', '969'],
        ],
      },
      { code: 'INSURANCE', rateBp: 100, min: yuan(10) },
      { code: 'SIGNATURE', amount: yuan(25) },
    ],
  },
  {
    code: 'EU-IOSS',
    name: text('欧洲 IOSS 专线', 'EU IOSS Line', '歐洲 IOSS 專線'),
    transit: [8, 15],
    divisor: 8000,
    maxParcelKg: 20,
    maxShipmentKg: 30,
    maxLongestCm: 100,
    maxGirthCm: 300,
    maxParcels: 3,
    // The IOSS scheme covers consignments of at most 150 EUR.
    declared: [15000, 'EUR'],
    battery: false,
    terms: ['DDP'],
    ioss: true,
    fuelBp: 1000,
    zones: { Z1: EU_ZONE_1, Z2: EU_ZONE_2, Z3: EU_ZONE_3 },
    rates: {
      Z1: [{ maxKg: 30, firstKg: 0.5, first: yuan(55), stepKg: 0.5, step: yuan(30) }],
      Z2: [{ maxKg: 30, firstKg: 0.5, first: yuan(62), stepKg: 0.5, step: yuan(34) }],
      Z3: [{ maxKg: 30, firstKg: 0.5, first: yuan(70), stepKg: 0.5, step: yuan(38) }],
    },
    services: [
      { code: 'SUPERLONG', thresholdCm: 80, amount: yuan(90) },
      {
        code: 'REMOTE_AREA',
        amount: yuan(45),
        perKg: yuan(6),
        // Corsica, the German North Sea islands (Heligoland, Sylt, Föhr), Sicily, Sardinia, the Balearics.
        postcodes: [
          ['FR', '20', '20'],
          ['DE', '27498', '27498'],
          ['DE', '25980', '25999'],
          ['DE', '25938', '25938'],
          ['IT', '90', '98'],
          ['IT', '07', '09'],
          ['ES', '07', '07'],
        ],
      },
      { code: 'INSURANCE', rateBp: 150, min: yuan(8) },
      { code: 'SIGNATURE', amount: yuan(20) },
    ],
  },
  {
    code: 'UK-EXP',
    name: text('英国专线', 'UK Express Line', '英國專線'),
    transit: [6, 10],
    divisor: 6000,
    maxParcelKg: 30,
    maxShipmentKg: 60,
    maxLongestCm: 120,
    maxGirthCm: 300,
    maxParcels: 5,
    // The UK's low-value threshold: VAT collected at the point of sale up to 135 GBP.
    declared: [13500, 'GBP'],
    battery: false,
    terms: ['DDU', 'DDP'],
    ioss: false,
    fuelBp: 900,
    zones: { GB: ['GB'] },
    rates: {
      GB: [
        { maxKg: 5, firstKg: 0.5, first: yuan(48), stepKg: 0.5, step: yuan(22) },
        { maxKg: 60, firstKg: 5, first: yuan(246), stepKg: 1, step: yuan(36) },
      ],
    },
    services: [
      { code: 'SUPERLONG', thresholdCm: 100, amount: yuan(120) },
      { code: 'OVERWEIGHT', thresholdKg: 25, amount: yuan(100) },
      {
        code: 'REMOTE_AREA',
        amount: yuan(50),
        perKg: yuan(5),
        // Northern Ireland, the Highlands and Islands, the Channel Islands, the Isle of Man.
        postcodes: [
          ['GB', 'BT', 'BT'],
          ['GB', 'HS', 'HS'],
          ['GB', 'ZE', 'ZE'],
          ['GB', 'KW', 'KW'],
          ['GB', 'IV', 'IV'],
          ['GB', 'GY', 'GY'],
          ['GB', 'JE', 'JE'],
          ['GB', 'IM', 'IM'],
        ],
      },
      { code: 'INSURANCE', rateBp: 100, min: yuan(10) },
      { code: 'SIGNATURE', amount: yuan(18) },
    ],
  },
  {
    code: 'JP-EXP',
    name: text('日本专线', 'Japan Express Line', '日本專線'),
    transit: [3, 6],
    divisor: 6000,
    maxParcelKg: 30,
    maxShipmentKg: 100,
    maxLongestCm: 160,
    maxGirthCm: null,
    maxParcels: 10,
    declared: null,
    battery: false,
    terms: ['DDU', 'DDP'],
    ioss: false,
    fuelBp: 500,
    zones: { JP: ['JP'] },
    rates: {
      JP: [
        { maxKg: 2, firstKg: 0.5, first: yuan(32), stepKg: 0.5, step: yuan(12) },
        { maxKg: 100, firstKg: 2, first: yuan(68), stepKg: 1, step: yuan(20) },
      ],
    },
    services: [
      {
        code: 'REMOTE_AREA',
        amount: yuan(30),
        perKg: yuan(4),
        // Okinawa and the outer islands of Kagoshima.
        postcodes: [
          ['JP', '90', '90'],
          ['JP', '891', '891'],
        ],
      },
      { code: 'INSURANCE', rateBp: 80, min: yuan(6) },
    ],
  },
  {
    code: 'GLOBAL-REG',
    name: text('全球挂号小包', 'Global Registered Small Packet', '全球掛號小包'),
    transit: [10, 25],
    // Postal small packets are charged on actual weight.
    divisor: null,
    maxParcelKg: 2,
    maxShipmentKg: 2,
    maxLongestCm: 60,
    maxGirthCm: null,
    maxParcels: 1,
    declared: [30000, 'USD'],
    battery: false,
    terms: ['DDU'],
    ioss: false,
    fuelBp: 0,
    zones: {
      A: ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'CH', 'IE', 'SE', 'DK', 'NO', 'FI', 'PL'],
      B: ['JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID', 'AU', 'NZ', 'CA', 'IL', 'AE', 'SA'],
      C: ['BR', 'MX', 'CL', 'AR', 'CO', 'PE', 'ZA', 'EG', 'NG', 'TR', 'IN', 'RU', 'UA', 'KZ'],
    },
    // First 50 g = registration fee + 50 g at the per-kg price; then every 10 g.
    rates: {
      A: [{ maxKg: 2, firstKg: 0.05, first: yuan(22.25), stepKg: 0.01, step: yuan(0.85) }],
      B: [{ maxKg: 2, firstKg: 0.05, first: yuan(25.5), stepKg: 0.01, step: yuan(1.1) }],
      C: [{ maxKg: 2, firstKg: 0.05, first: yuan(32.5), stepKg: 0.01, step: yuan(1.5) }],
    },
    services: [],
  },
  {
    code: 'BATTERY-NA-AU',
    name: text('带电专线（美加澳）', 'Battery Line (US, Canada, Australia)', '帶電專線（美加澳）'),
    transit: [9, 16],
    divisor: 6000,
    maxParcelKg: 20,
    maxShipmentKg: 20,
    maxLongestCm: 100,
    maxGirthCm: 250,
    maxParcels: 1,
    declared: [80000, 'USD'],
    battery: true,
    terms: ['DDU'],
    ioss: false,
    fuelBp: 1200,
    zones: { US: ['US'], CA: ['CA'], AU: ['AU'] },
    rates: {
      US: [{ maxKg: 20, firstKg: 0.5, first: yuan(85), stepKg: 0.5, step: yuan(32) }],
      CA: [{ maxKg: 20, firstKg: 0.5, first: yuan(95), stepKg: 0.5, step: yuan(35) }],
      AU: [{ maxKg: 20, firstKg: 0.5, first: yuan(90), stepKg: 0.5, step: yuan(33) }],
    },
    services: [
      { code: 'SUPERLONG', thresholdCm: 80, amount: yuan(100) },
      { code: 'INSURANCE', rateBp: 150, min: yuan(10) },
      { code: 'SIGNATURE', amount: yuan(25) },
    ],
  },
];

export const DEMO_ISSUE_KINDS: readonly { code: string; name: string }[] = [
  { code: 'ADDRESS', name: text('地址问题', 'Address problem', '地址問題') },
  { code: 'CUSTOMS_HOLD', name: text('海关扣货', 'Held by customs', '海關扣貨') },
  { code: 'DAMAGED', name: text('包裹破损', 'Damaged', '包裹破損') },
  { code: 'LOST', name: text('包裹丢失', 'Lost', '包裹遺失') },
  { code: 'REFUSED', name: text('收件人拒收', 'Refused by the consignee', '收件人拒收') },
  { code: 'UNREACHABLE', name: text('联系不上收件人', 'Consignee unreachable', '聯絡不上收件人') },
  { code: 'PROHIBITED', name: text('违禁品', 'Prohibited goods', '違禁品') },
  { code: 'DELAYED', name: text('派送延误', 'Delivery delayed', '派送延誤') },
];

const grams = (kg: number) => Math.round(kg * 1000);
const mm = (cm: number | null) => (cm === null ? null : Math.round(cm * 10));

async function insertProduct(db: Db, product: SeedProduct, sortOrder: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = newId();
    const inserted = await trx
      .insertInto('products')
      .values({
        id,
        code: product.code,
        name: product.name,
        transit_days_min: product.transit[0],
        transit_days_max: product.transit[1],
        volumetric_divisor: product.divisor,
        currency_code: 'CNY',
        max_parcel_weight_g: grams(product.maxParcelKg),
        max_shipment_weight_g: grams(product.maxShipmentKg),
        max_longest_side_mm: mm(product.maxLongestCm),
        max_girth_mm: mm(product.maxGirthCm),
        max_parcels: product.maxParcels,
        max_declared_value: product.declared?.[0] ?? null,
        declared_value_currency: product.declared?.[1] ?? null,
        allows_battery: product.battery ? 1 : 0,
        customs_terms: JSON.stringify(product.terms),
        requires_ioss: product.ioss ? 1 : 0,
        fuel_surcharge_bp: product.fuelBp,
        status: 'active',
        sort_order: sortOrder,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .insertInto('product_countries')
      .values(
        Object.entries(product.zones).flatMap(([zone, countries]) =>
          countries.map((country_code) => ({ product_id: id, country_code, zone })),
        ),
      )
      .execute();
    await trx
      .insertInto('product_rates')
      .values(
        Object.entries(product.rates).flatMap(([zone, bands]) =>
          bands.map((band) => ({
            id: newId(),
            product_id: id,
            zone,
            max_weight_g: grams(band.maxKg),
            first_weight_g: grams(band.firstKg),
            first_price: band.first,
            step_weight_g: grams(band.stepKg),
            step_price: band.step,
          })),
        ),
      )
      .execute();
    for (const [index, service] of product.services.entries()) {
      const serviceId = newId();
      await trx
        .insertInto('product_extra_services')
        .values({
          id: serviceId,
          product_id: id,
          service_code: service.code,
          name: SERVICE_NAMES[service.code],
          threshold_mm: service.thresholdCm === undefined ? null : mm(service.thresholdCm),
          threshold_g: service.thresholdKg === undefined ? null : grams(service.thresholdKg),
          amount: service.amount ?? 0,
          per_kg_amount: service.perKg ?? 0,
          rate_bp: service.rateBp ?? 0,
          min_amount: service.min ?? 0,
          sort_order: index,
        })
        .execute();
      if (service.postcodes?.length) {
        await trx
          .insertInto('product_remote_postcodes')
          .values(
            service.postcodes.map(([country_code, postal_from, postal_to]) => ({
              id: newId(),
              extra_service_id: serviceId,
              country_code,
              postal_from,
              postal_to,
            })),
          )
          .execute();
      }
    }
    return true;
  });
}

/** Inserts the demo products and issue kinds that are missing; returns the codes of the products added. */
export async function seedProductCatalog(db: Db): Promise<string[]> {
  const added: string[] = [];
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    if (await insertProduct(db, product, (index + 1) * 10)) added.push(product.code);
  }
  await db
    .insertInto('issue_kinds')
    .values(DEMO_ISSUE_KINDS.map((kind, index) => ({ ...kind, is_enabled: 1, sort_order: (index + 1) * 10 })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return added;
}
