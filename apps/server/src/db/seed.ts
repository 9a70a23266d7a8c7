import { ALL_PERMISSIONS, Permission, Role } from '@portal/contracts/permissions';
import { hashPassword } from '../lib/passwords.ts';
import { newId, nowIso } from '../lib/ids.ts';
import type { FileStorage } from '../lib/storage/index.ts';
import { seedDemoOrders } from '../modules/operations/demo-orders.ts';
import { seedDemoRecharges } from '../modules/recharge/demo-recharges.ts';
import { seedDemoWallet } from '../modules/wallet/wallet-seed.ts';
import type { Db } from './database.ts';
import { seedProductCatalog } from './seed-products.ts';

/** The demo account named in the README and the start-up log. */
export const DEMO_CUSTOMER_CODE = 'C100023';
export const DEMO_MAIN_USER = { loginName: 'demo', password: 'Demo@123456' } as const;
export const DEMO_SUB_USER = { loginName: 'viewer', password: 'Viewer@123456' } as const;
/** A sub-user still on the password the provider issued: the portal asks for a new one at sign-in. */
export const DEMO_NEW_USER = { loginName: 'newcomer', password: 'Welcome@123456' } as const;

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * Creates the demo customer with a main user (every permission), a sub-user whose only role lets it
 * view orders, and a sub-user still on its initial password, then (unless `orders` is false) its demo
 * orders in every status. Does nothing when the demo customer exists; returns what it created.
 */
export async function seedDemoData(
  db: Db,
  options: { orders?: boolean; storage?: FileStorage } = {},
): Promise<{ customerCode: string; users: string[]; orders: number; recharges: number } | null> {
  // The provider's catalog first (each missing product is added, also on a database seeded before it existed).
  await seedProductCatalog(db);
  const existing = await db
    .selectFrom('customers')
    .select('id')
    .where('code', '=', DEMO_CUSTOMER_CODE)
    .executeTakeFirst();
  if (existing) {
    // A database seeded before the wallet existed gets the demo balance too.
    await seedDemoWallet(db, existing.id);
    return null;
  }
  const [mainHash, subHash, newHash] = await Promise.all([
    hashPassword(DEMO_MAIN_USER.password),
    hashPassword(DEMO_SUB_USER.password),
    hashPassword(DEMO_NEW_USER.password),
  ]);
  const now = nowIso();
  const customerId = newId();
  const mainUserId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      const levels = [
        {
          id: newId(),
          code: 'standard',
          name: text('标准客户', 'Standard', '標準客戶'),
          discount_percent: 0,
          sort_order: 0,
        },
        {
          id: newId(),
          code: 'gold',
          name: text('黄金客户', 'Gold', '黃金客戶'),
          discount_percent: 5,
          sort_order: 5,
        },
        {
          id: newId(),
          code: 'platinum',
          name: text('铂金客户', 'Platinum', '鉑金客戶'),
          discount_percent: 10,
          sort_order: 10,
        },
      ];
      await trx
        .insertInto('customer_levels')
        .values(levels)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      const gold = await trx
        .selectFrom('customer_levels')
        .select('id')
        .where('code', '=', 'gold')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('customers')
        .values({
          id: customerId,
          code: DEMO_CUSTOMER_CODE,
          company_name: '深圳市演示跨境电商有限公司',
          contact_name: '李明',
          phone: '13800138000',
          email: 'demo@example.com',
          level_id: gold.id,
          status: 'active',
          created_at: now,
        })
        .execute();
      const adminRole = {
        id: newId(),
        customer_id: customerId,
        code: Role.Admin,
        name: 'Administrator',
        operation_list: JSON.stringify(ALL_PERMISSIONS),
      };
      const operatorRole = {
        id: newId(),
        customer_id: customerId,
        code: Role.Operator,
        name: 'Operator',
        operation_list: JSON.stringify([Permission.OrderView]),
      };
      await trx.insertInto('roles').values([adminRole, operatorRole]).execute();
      const subUserId = newId();
      const newUserId = newId();
      const base = {
        customer_id: customerId,
        status: 'enabled' as const,
        is_init_password: 0,
        password_changed_at: now,
        wechat_open_id: null,
        last_login_at: null,
        last_login_ip: null,
        created_at: now,
      };
      await trx
        .insertInto('users')
        .values([
          {
            ...base,
            id: mainUserId,
            login_name: DEMO_MAIN_USER.loginName,
            phone: '13800138000',
            email: 'demo@example.com',
            display_name: '李明',
            password_hash: mainHash,
            user_type: 'main',
          },
          {
            ...base,
            id: subUserId,
            login_name: DEMO_SUB_USER.loginName,
            phone: '13900139000',
            email: null,
            display_name: '王芳',
            password_hash: subHash,
            user_type: 'sub',
          },
          {
            ...base,
            id: newUserId,
            login_name: DEMO_NEW_USER.loginName,
            phone: null,
            email: null,
            display_name: '张伟',
            password_hash: newHash,
            user_type: 'sub',
            is_init_password: 1,
            password_changed_at: null,
          },
        ])
        .execute();
      await trx
        .insertInto('user_roles')
        .values([
          { user_id: mainUserId, role_id: adminRole.id },
          { user_id: subUserId, role_id: operatorRole.id },
          { user_id: newUserId, role_id: operatorRole.id },
        ])
        .execute();
      // A negotiated price on the UK line: 8 % instead of the gold level's 5 %.
      const ukLine = await trx
        .selectFrom('products')
        .select('id')
        .where('code', '=', 'UK-EXP')
        .executeTakeFirst();
      if (ukLine) {
        await trx
          .insertInto('customer_product_limits')
          .values({
            id: newId(),
            customer_id: customerId,
            product_id: ukLine.id,
            is_hidden: 0,
            max_parcel_weight_g: null,
            max_shipment_weight_g: null,
            max_longest_side_mm: null,
            max_parcels: null,
            max_declared_value: null,
            discount_percent: 8,
            updated_at: now,
          })
          .execute();
      }
    });
  } catch (error) {
    // Another instance sharing the database seeded it first.
    const raced = await db
      .selectFrom('customers')
      .select('id')
      .where('code', '=', DEMO_CUSTOMER_CODE)
      .executeTakeFirst();
    if (raced) return null;
    throw error;
  }
  await seedDemoWallet(db, customerId);
  // Only the instance whose transaction created the customer gets here, so the orders are seeded once.
  // The recharges first: the paid one's ledger row is dated before every demo order's.
  const recharges = options.storage
    ? await seedDemoRecharges(db, options.storage, customerId, mainUserId)
    : 0;
  const orders = options.orders === false ? 0 : await seedDemoOrders(db, customerId, mainUserId);
  return {
    customerCode: DEMO_CUSTOMER_CODE,
    users: [DEMO_MAIN_USER.loginName, DEMO_SUB_USER.loginName, DEMO_NEW_USER.loginName],
    orders,
    recharges,
  };
}
