import { Permission } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const list = (token: string) => call(t.app, { url: '/api/CustomerAddress/Query', token });
const insert = (token: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/CustomerAddress/Insert',
    token,
    body: {
      addressType: 'sender',
      name: '张三',
      phone: '13800138000',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园南区 1 栋',
    },
  });

describe(`the per-request session check on ${ENGINE}`, () => {
  it("grants what the user's roles in its own customer grant, never a role of another customer", async () => {
    const { customerId } = await createCustomer(t.app.db);
    const other = await createCustomer(t.app.db);
    const user = await createUser(t.app.db, customerId, { permissions: [Permission.AddressView] });
    // A second role of its own customer, and (a damaged row) a role of another customer that grants editing.
    const ownRole = newId();
    const foreignRole = newId();
    await t.app.db
      .insertInto('roles')
      .values([
        { id: ownRole, customer_id: customerId, code: 'a_reader', name: 'Reader', operation_list: '[]' },
        {
          id: foreignRole,
          customer_id: other.customerId,
          code: 'editor',
          name: 'Editor',
          operation_list: JSON.stringify([Permission.AddressEdit]),
        },
      ])
      .execute();
    await t.app.db
      .insertInto('user_roles')
      .values([
        { user_id: user.userId, role_id: ownRole },
        { user_id: user.userId, role_id: foreignRole },
      ])
      .execute();
    const { jwtToken } = await signIn(t.app, user);
    expect((await list(jwtToken)).code).toBe(200);
    expect((await insert(jwtToken)).code).toBe(403);

    // Granted in its own customer, editing works on the very next request.
    await t.app.db
      .updateTable('roles')
      .set({ operation_list: JSON.stringify([Permission.AddressEdit]) })
      .where('id', '=', ownRole)
      .execute();
    expect((await insert(jwtToken)).code).toBe(200);
  });

  it('refuses at once a session revoked, a user disabled or a customer frozen after answered requests', async () => {
    for (const end of ['revoke', 'disable', 'freeze'] as const) {
      const { customerId, main } = await createCustomer(t.app.db);
      const { jwtToken } = await signIn(t.app, main);
      for (let i = 0; i < 3; i++) expect((await list(jwtToken)).code).toBe(200);
      if (end === 'revoke')
        expect((await call(t.app, { method: 'POST', url: '/api/Login/Logout', token: jwtToken })).code).toBe(
          200,
        );
      if (end === 'disable')
        await t.app.db
          .updateTable('users')
          .set({ status: 'disabled' })
          .where('login_name', '=', main.loginName)
          .execute();
      if (end === 'freeze')
        await t.app.db
          .updateTable('customers')
          .set({ status: 'frozen' })
          .where('id', '=', customerId)
          .execute();
      expect((await list(jwtToken)).code, end).toBe(204);
    }
  });

  it("refuses a token whose user or customer is not the session's", async () => {
    const { customerId, main } = await createCustomer(t.app.db);
    const { jwtToken } = await signIn(t.app, main);
    const sessionId = JSON.parse(Buffer.from(jwtToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const other = await createUser(t.app.db, customerId, { permissions: [Permission.AddressView] });
    await t.app.db
      .updateTable('sessions')
      .set({ user_id: other.userId })
      .where('id', '=', sessionId)
      .execute();
    expect((await list(jwtToken)).code).toBe(204);
  });
});
