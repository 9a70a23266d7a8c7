import { ALL_PERMISSIONS } from '@portal/contracts/permissions';
import { DEFAULT_LEVEL_CODE } from '../../src/modules/registration/customer-account.ts';
import type { Db } from '../../src/db/database.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/**
 * Creates a customer with a main user (every permission) and returns its credentials. Each test makes
 * its own, so tests run in any order and another customer's ids are at hand for isolation checks.
 */
export async function createCustomer(db: Db, options: { status?: 'active' | 'arrears' | 'frozen' } = {}) {
  const suffix = unique();
  // On the level a registered customer starts on (no discount), so list prices are what tests see.
  const level = await db
    .selectFrom('customer_levels')
    .select('id')
    .where('code', '=', DEFAULT_LEVEL_CODE)
    .executeTakeFirstOrThrow();
  const customerId = newId();
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      code: `T${suffix}`.toUpperCase(),
      company_name: `Test Co ${suffix}`,
      contact_name: 'Tester',
      phone: null,
      email: null,
      level_id: level.id,
      status: options.status ?? 'active',
      created_at: nowIso(),
    })
    .execute();
  const adminRoleId = newId();
  await db
    .insertInto('roles')
    .values({
      id: adminRoleId,
      customer_id: customerId,
      code: 'admin',
      name: 'Administrator',
      operation_list: JSON.stringify(ALL_PERMISSIONS),
    })
    .execute();
  const main = await createUser(db, customerId, { userType: 'main', roleIds: [adminRoleId] });
  return { customerId, main };
}

/** Adds a user to a customer; a sub-user gets a role with exactly the given permissions. */
export async function createUser(
  db: Db,
  customerId: string,
  options: {
    userType?: 'main' | 'sub';
    permissions?: string[];
    roleIds?: string[];
    isInitPassword?: boolean;
    phone?: string;
  } = {},
) {
  const suffix = unique();
  const loginName = `user_${suffix}`;
  const password = `Pass${suffix}9`;
  const userId = newId();
  await db
    .insertInto('users')
    .values({
      id: userId,
      customer_id: customerId,
      login_name: loginName,
      phone: options.phone ?? null,
      email: null,
      display_name: `User ${suffix}`,
      password_hash: await hashPassword(password),
      user_type: options.userType ?? 'sub',
      status: 'enabled',
      is_init_password: options.isInitPassword ? 1 : 0,
      password_changed_at: null,
      wechat_open_id: null,
      last_login_at: null,
      last_login_ip: null,
      created_at: nowIso(),
    })
    .execute();
  const roleIds = [...(options.roleIds ?? [])];
  if (options.permissions) {
    const roleId = newId();
    await db
      .insertInto('roles')
      .values({
        id: roleId,
        customer_id: customerId,
        code: `role_${suffix}`,
        name: `Role ${suffix}`,
        operation_list: JSON.stringify(options.permissions),
      })
      .execute();
    roleIds.push(roleId);
  }
  if (roleIds.length)
    await db
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  return { userId, loginName, password };
}
