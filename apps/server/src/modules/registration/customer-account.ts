import { randomInt } from 'node:crypto';
import { ALL_PERMISSIONS, Permission, Role } from '@portal/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { openWallet } from '../wallet/wallet-seed.ts';

/**
 * How a customer account comes to be, in one place: the demo seed (db/seed.ts) and registration both
 * call these, so a registered customer gets exactly the levels, roles, main user and wallet the demo
 * customer gets (menus are global and filtered by the roles' permissions, so the roles are the menu).
 */

const text = (zhCN: string, enUS: string, zhTW: string) =>
  JSON.stringify({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** The customer levels (discount tiers); a new customer starts on `standard`. */
export const DEFAULT_LEVEL_CODE = 'standard';

/** Adds the customer levels that are missing (instances seeding at once: each insert does nothing twice). */
export async function ensureCustomerLevels(db: Db): Promise<void> {
  const levels = [
    { code: 'standard', name: text('标准客户', 'Standard', '標準客戶'), discount_percent: 0, sort_order: 0 },
    { code: 'gold', name: text('黄金客户', 'Gold', '黃金客戶'), discount_percent: 5, sort_order: 5 },
    {
      code: 'platinum',
      name: text('铂金客户', 'Platinum', '鉑金客戶'),
      discount_percent: 10,
      sort_order: 10,
    },
  ];
  await db
    .insertInto('customer_levels')
    .values(levels.map((level) => ({ id: newId(), ...level })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * `C` + 6 digits, e.g. `C482913`: short to read out on the phone; the customers' unique code index decides
 * a collision (the caller draws again).
 */
export const newCustomerCode = () => `C${randomInt(100_000, 1_000_000)}`;

export interface NewCustomerAccount {
  code: string;
  levelCode: string;
  companyName: string;
  contactName: string;
  phone: string | null;
  email: string | null;
  mainUser: {
    loginName: string;
    phone: string | null;
    email: string | null;
    displayName: string;
    passwordHash: string;
  };
  /** The CNY wallet's credit limit (minor units); omitted: the caller opens the wallet itself. */
  walletCreditLimit?: number;
}

/**
 * Writes a customer (active), its two default roles — `admin` with every permission, held by the main
 * user, and `operator` who may view orders —, its main user and (with walletCreditLimit) its CNY wallet.
 * Run it inside the caller's transaction.
 */
export async function createCustomerAccount(trx: Db, input: NewCustomerAccount) {
  const now = nowIso();
  const customerId = newId();
  const mainUserId = newId();
  const level = await trx
    .selectFrom('customer_levels')
    .select('id')
    .where('code', '=', input.levelCode)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('customers')
    .values({
      id: customerId,
      code: input.code,
      company_name: input.companyName,
      contact_name: input.contactName,
      phone: input.phone,
      email: input.email,
      level_id: level.id,
      status: 'active',
      created_at: now,
    })
    .execute();
  const adminRoleId = newId();
  const operatorRoleId = newId();
  await trx
    .insertInto('roles')
    .values([
      {
        id: adminRoleId,
        customer_id: customerId,
        code: Role.Admin,
        name: 'Administrator',
        operation_list: JSON.stringify(ALL_PERMISSIONS),
      },
      {
        id: operatorRoleId,
        customer_id: customerId,
        code: Role.Operator,
        name: 'Operator',
        operation_list: JSON.stringify([Permission.OrderView]),
      },
    ])
    .execute();
  await trx
    .insertInto('users')
    .values({
      id: mainUserId,
      customer_id: customerId,
      login_name: input.mainUser.loginName,
      phone: input.mainUser.phone,
      email: input.mainUser.email,
      display_name: input.mainUser.displayName,
      password_hash: input.mainUser.passwordHash,
      user_type: 'main',
      status: 'enabled',
      is_init_password: 0,
      password_changed_at: now,
      wechat_open_id: null,
      last_login_at: null,
      last_login_ip: null,
      created_at: now,
    })
    .execute();
  await trx.insertInto('user_roles').values({ user_id: mainUserId, role_id: adminRoleId }).execute();
  if (input.walletCreditLimit !== undefined)
    await openWallet(trx, customerId, 'CNY', input.walletCreditLimit);
  return { customerId, mainUserId, adminRoleId, operatorRoleId, createdAt: now };
}
