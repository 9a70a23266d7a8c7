import { hashPassword } from '../lib/passwords.ts';
import { newId, nowIso } from '../lib/ids.ts';
import type { BillsConfig } from '../config.ts';
import type { FileStorage } from '../lib/storage/index.ts';
import { issueDemoBills } from '../modules/bill/bill-issue.ts';
import { seedDemoOrders } from '../modules/operations/demo-orders.ts';
import { seedDemoRecharges } from '../modules/recharge/demo-recharges.ts';
import { seedDemoWallet } from '../modules/wallet/wallet-seed.ts';
import { createCustomerAccount, ensureCustomerLevels } from '../modules/registration/customer-account.ts';
import { sql } from 'kysely';
import { isPostgres, type Db } from './database.ts';
import { inOneTransaction } from './one-transaction.ts';
import { seedProductCatalog } from './seed-products.ts';

/** The demo account named in the README and the start-up log. */
export const DEMO_CUSTOMER_CODE = 'C100023';
export const DEMO_MAIN_USER = { loginName: 'demo', password: 'Demo@123456' } as const;
export const DEMO_SUB_USER = { loginName: 'viewer', password: 'Viewer@123456' } as const;
/** A sub-user still on the password the provider issued: the portal asks for a new one at sign-in. */
export const DEMO_NEW_USER = { loginName: 'newcomer', password: 'Welcome@123456' } as const;

/**
 * Creates the demo customer with a main user (every permission), a sub-user whose only role lets it
 * view orders, and a sub-user still on its initial password, then (unless `orders` is false) its demo
 * orders in every status and the bills of the periods they span before the current one, all in one
 * transaction. Does nothing when the demo customer exists; returns what it created.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult | null> {
  // SQLite: another instance on the same file may hold its one seed transaction for seconds. Waiting for
  // it inside better-sqlite3 (synchronous) would block this process at every statement; so the seed
  // fails at once (busy_timeout 0) and waits here, off the event loop, then tries again — once the other
  // commits, this one finds the customer and has nothing left to do. STARTUP_TIMEOUT_MS bounds the start.
  const busyTimeout = isPostgres(db)
    ? undefined
    : (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]?.timeout;
  if (busyTimeout !== undefined) await sql`pragma busy_timeout = 0`.execute(db);
  try {
    for (;;) {
      try {
        return await seedOnce(db, options);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    if (busyTimeout !== undefined)
      await sql`pragma busy_timeout = ${sql.raw(String(busyTimeout))}`.execute(db);
  }
}

interface SeedOptions {
  orders?: boolean;
  storage?: FileStorage;
  bills?: BillsConfig;
}
interface SeedResult {
  customerCode: string;
  users: string[];
  orders: number;
  recharges: number;
  bills: string[];
}

async function seedOnce(db: Db, options: SeedOptions): Promise<SeedResult | null> {
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
  try {
    // All of it in one transaction (the services' own transactions become savepoints in it): a start
    // killed mid-seed leaves no half-seeded demo, and the next start seeds it whole.
    return await db.transaction().execute(async (outer) => {
      const trx = inOneTransaction(outer);
      // The levels, roles and main user every customer gets (registration makes its customers the same way).
      await ensureCustomerLevels(trx);
      const account = await createCustomerAccount(trx, {
        code: DEMO_CUSTOMER_CODE,
        levelCode: 'gold',
        companyName: '深圳市演示跨境电商有限公司',
        contactName: '李明',
        phone: '13800138000',
        email: 'demo@example.com',
        mainUser: {
          loginName: DEMO_MAIN_USER.loginName,
          phone: '13800138000',
          email: 'demo@example.com',
          displayName: '李明',
          passwordHash: mainHash,
        },
      });
      const customerId = account.customerId;
      const mainUserId = account.mainUserId;
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
          { user_id: subUserId, role_id: account.operatorRoleId },
          { user_id: newUserId, role_id: account.operatorRoleId },
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
      await seedDemoWallet(trx, customerId);
      // The recharges first: the paid one's ledger row is dated before every demo order's.
      const recharges = options.storage
        ? await seedDemoRecharges(trx, options.storage, customerId, mainUserId)
        : 0;
      const orders = options.orders === false ? 0 : await seedDemoOrders(trx, customerId, mainUserId);
      // The bills of the periods the demo orders span before the current one, so the bills page shows some.
      const bills = orders > 0 && options.bills ? await issueDemoBills(trx, options.bills, customerId) : [];
      return {
        customerCode: DEMO_CUSTOMER_CODE,
        users: [DEMO_MAIN_USER.loginName, DEMO_SUB_USER.loginName, DEMO_NEW_USER.loginName],
        orders,
        recharges,
        bills,
      };
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
}
