import type { OrderCreateInput, OrderStatus } from '@portal/contracts/order';
import { ALL_PERMISSIONS } from '@portal/contracts/permissions';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { cancelOrders, createOrder, orderCreateSchema } from '../order/order.service.ts';
import { performStep, type ScriptStep } from './journey-script.ts';

/**
 * The demo customer's orders: a few dozen in every status, spread over the last 30 days, made by the real
 * services (order create and submit, cancel, and the operations steps) so numbers, holds, weigh-in
 * adjustments, tracking events and last-mile numbers are what the portal would really hold. The actions of
 * all orders run in the order of their (simulated) times, and the rows each writes are dated at that time,
 * so the ledger's running balance reads in time order.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SHIPPER = {
  name: '李明',
  company: '深圳市演示跨境电商有限公司',
  phone: '13800138000',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '宝安区',
  postalCode: '518101',
  addressLine1: '福永街道凤凰第一工业区 A 栋 3 楼',
};

/** Destinations with a product that serves them and a realistic consignee. */
const ROUTES = [
  {
    productCode: 'US-DDP-EXP',
    customsTerms: 'DDP' as const,
    consignee: {
      name: 'Emily Johnson',
      phone: '+1 (213) 555-0147',
      email: 'emily.johnson@example.com',
      countryCode: 'US',
      province: 'CA',
      city: 'Los Angeles',
      postalCode: '90012',
      addressLine1: '200 N Spring St',
    },
  },
  {
    productCode: 'JP-EXP',
    customsTerms: 'DDU' as const,
    consignee: {
      name: 'Sato Yuki',
      phone: '+81 3-1234-5678',
      countryCode: 'JP',
      province: 'Tokyo',
      city: 'Chiyoda-ku',
      postalCode: '100-0005',
      addressLine1: '1-1 Marunouchi',
    },
  },
  {
    productCode: 'UK-EXP',
    customsTerms: 'DDP' as const,
    consignee: {
      name: 'Oliver Smith',
      phone: '+44 20 7946 0958',
      countryCode: 'GB',
      city: 'London',
      postalCode: 'SW1A 2AA',
      addressLine1: '10 Downing Street',
    },
  },
  {
    productCode: 'GLOBAL-REG',
    customsTerms: 'DDU' as const,
    consignee: {
      name: 'Lukas Müller',
      phone: '+49 30 1234567',
      countryCode: 'DE',
      city: 'Berlin',
      postalCode: '10117',
      addressLine1: 'Friedrichstraße',
      houseNumber: '43',
    },
  },
  {
    productCode: 'GLOBAL-REG',
    customsTerms: 'DDU' as const,
    consignee: {
      name: 'Camille Martin',
      phone: '+33 1 42 68 53 00',
      countryCode: 'FR',
      city: 'Paris',
      postalCode: '75008',
      addressLine1: '55 Rue du Faubourg Saint-Honoré',
    },
  },
] as const;

const GOODS = [
  { nameCn: '棉质T恤', nameEn: 'Cotton T-shirt', hsCode: '610910', unitPrice: 1200, weightKg: 0.25 },
  { nameCn: '手机壳', nameEn: 'Phone case', hsCode: '392690', unitPrice: 600, weightKg: 0.08 },
  { nameCn: '蓝牙耳机收纳包', nameEn: 'Earphone pouch', hsCode: '420292', unitPrice: 800, weightKg: 0.12 },
  { nameCn: '陶瓷马克杯', nameEn: 'Ceramic mug', hsCode: '691200', unitPrice: 1500, weightKg: 0.45 },
  { nameCn: '瑜伽裤', nameEn: 'Yoga leggings', hsCode: '610463', unitPrice: 2200, weightKg: 0.3 },
] as const;

/** Each order's target status and its age in days (when it was created). */
const PLAN: readonly [OrderStatus, number][] = [
  ...[29, 27, 26, 24, 22, 21, 19, 17, 15, 13, 12, 10].map((d) => ['delivered', d] as [OrderStatus, number]),
  ['returned', 25],
  ['returned', 18],
  ['returned', 11],
  ['exception', 9],
  ['exception', 7],
  ['exception', 5],
  ['exception', 2],
  ...[8, 6, 5.5, 4, 3, 2.5].map((d) => ['in_transit', d] as [OrderStatus, number]),
  ['received', 1.2],
  ['received', 0.8],
  ['received', 0.4],
  ['submitted', 0.2],
  ['submitted', 0.1],
  ['submitted', 0.05],
  ['submitted', 0.02],
  ['cancelled', 20],
  ['cancelled', 14],
  ['cancelled', 3],
  ['draft', 6],
  ['draft', 1],
  ['draft', 0.5],
  ['draft', 0.01],
];

/** The operations steps after submit that bring an order to its target, with the time each takes. */
function journeyTo(target: OrderStatus, index: number): [ScriptStep, number][] {
  const weigh: [ScriptStep, number] = [{ kind: 'weigh' }, 6 * HOUR];
  const transit: [ScriptStep, number] = [{ kind: 'transit' }, 12 * HOUR];
  const lastMile: [ScriptStep, number] = [{ kind: 'lastMile' }, 3.5 * DAY];
  switch (target) {
    case 'received':
      return [weigh];
    case 'in_transit':
      return index % 2 === 0 ? [weigh, transit, lastMile] : [weigh, transit];
    case 'delivered':
      return [weigh, transit, lastMile, [{ kind: 'deliver' }, 3 * DAY]];
    case 'returned':
      return [
        weigh,
        transit,
        lastMile,
        [{ kind: 'exception', issueKindCode: 'REFUSED' }, DAY],
        [{ kind: 'return' }, 1.5 * DAY],
      ];
    case 'exception': {
      const kinds = ['UNREACHABLE', 'CUSTOMS_HOLD', 'ADDRESS', 'DAMAGED'];
      const kind = kinds[index % kinds.length]!;
      if (kind === 'DAMAGED') return [[{ kind: 'exception', issueKindCode: kind }, 5 * HOUR]];
      const before = kind === 'UNREACHABLE' ? [weigh, transit, lastMile] : [weigh, transit];
      return [...before, [{ kind: 'exception', issueKindCode: kind }, 1.5 * DAY]];
    }
    default:
      return [];
  }
}

function createBody(index: number, createdAt: Date, submit: boolean): OrderCreateInput {
  const route = ROUTES[index % ROUTES.length]!;
  const good = GOODS[index % GOODS.length]!;
  const quantity = 1 + (index % 3);
  const weight = Math.round((good.weightKg * quantity + 0.1) * 1000) / 1000;
  const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
  return {
    productCode: route.productCode,
    customerOrderNo: `SHOP-${day}-${String(index + 1).padStart(3, '0')}`,
    shipper: SHIPPER,
    consignee: route.consignee,
    parcels: [{ weight, length: 25, width: 18, height: 6 + (index % 4) * 3 }],
    items: [
      {
        nameCn: good.nameCn,
        nameEn: good.nameEn,
        hsCode: good.hsCode,
        quantity,
        unitPrice: good.unitPrice,
        currencyCode: 'USD',
        unitWeight: good.weightKg,
        originCountryCode: 'CN',
      },
    ],
    hasBattery: false,
    customsTerms: route.customsTerms,
    submit,
  };
}

interface Action {
  at: number;
  orderIndex: number;
  run: () => Promise<void>;
}

/**
 * Seeds the demo orders; the demo customer and its wallet exist. `now` fixes the clock the plan is laid
 * out against (the seed's own start by default).
 */
export async function seedDemoOrders(
  db: Db,
  customerId: string,
  mainUserId: string,
  now = Date.now(),
): Promise<number> {
  const auth: AuthContext = {
    userId: mainUserId,
    customerId,
    sessionId: 'demo-seed',
    userType: 'main',
    orgUnitId: null,
    permissions: [...ALL_PERMISSIONS],
    roles: [],
    dataScope: null,
  };
  // The opening balance came before the first order.
  await db
    .updateTable('ledger_entries')
    .set({ created_at: new Date(now - 31 * DAY).toISOString() })
    .where('customer_id', '=', customerId)
    .where('reference_no', '=', 'OPENING')
    .execute();
  const ids: string[] = [];
  const actions: Action[] = [];
  PLAN.forEach(([target, ageDays], index) => {
    const created = now - ageDays * DAY;
    const submit = target !== 'draft' && !(target === 'cancelled' && index % 2 === 0);
    actions.push({
      at: created,
      orderIndex: index,
      run: async () => {
        const input = orderCreateSchema.parse(createBody(index, new Date(created), submit));
        const order = await createOrder(db, auth, input, 'zh-CN');
        ids[index] = order.id;
        const iso = new Date(created).toISOString();
        await db
          .updateTable('orders')
          .set({ created_at: iso, updated_at: iso, ...(submit ? { submitted_at: iso } : {}) })
          .where('id', '=', order.id)
          .execute();
      },
    });
    if (target === 'cancelled') {
      const at = created + 2 * HOUR;
      actions.push({
        at,
        orderIndex: index,
        run: async () => {
          await cancelOrders(db, auth, [ids[index]!]);
          const iso = new Date(at).toISOString();
          await db
            .updateTable('orders')
            .set({ cancelled_at: iso, updated_at: iso })
            .where('id', '=', ids[index]!)
            .execute();
        },
      });
    }
    let at = created;
    for (const [step, takes] of journeyTo(target, index)) {
      at += takes;
      const stepAt = Math.min(at, now - MINUTE);
      actions.push({
        at: stepAt,
        orderIndex: index,
        run: async () => {
          const order = await db
            .selectFrom('orders')
            .selectAll()
            .where('id', '=', ids[index]!)
            .executeTakeFirstOrThrow();
          await performStep(db, order, step, new Date(stepAt).toISOString());
        },
      });
    }
  });
  actions.sort((a, b) => a.at - b.at || a.orderIndex - b.orderIndex);
  for (const action of actions) {
    const before = await entryCount(db, customerId);
    await action.run();
    // The rows this action wrote are dated when it happened.
    await db
      .updateTable('ledger_entries')
      .set({ created_at: new Date(action.at).toISOString() })
      .where('customer_id', '=', customerId)
      .where('entry_no', '>', before)
      .execute();
  }
  return PLAN.length;
}

async function entryCount(db: Db, customerId: string) {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.max('entry_count').as('count'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
