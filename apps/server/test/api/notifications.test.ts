import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type {
  BalanceThreshold,
  MarkReadResult,
  NewNotification,
  NotificationPage,
  SystemInfo,
} from '@portal/contracts/notification';
import { Permission } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredData } from '../../src/jobs/retention.ts';
import { issueBills } from '../../src/modules/bill/bill-issue.ts';
import { periodContaining } from '../../src/modules/bill/bill-period.ts';
import { notify } from '../../src/modules/notification/notification.service.ts';
import { NotificationOpsPath } from '../../src/modules/notification/notification-ops.ts';
import { OpsPath } from '../../src/modules/operations/operations.schemas.ts';
import { applyPaymentState, closeRecharge } from '../../src/modules/recharge/recharge.service.ts';
import { postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer, createUser } from '../support/factories.ts';
import { exportTaskApi } from '../support/file-api.ts';
import { runOpsCli } from '../support/ops-cli.ts';
import { fundCny, orderApi, orderBody } from '../support/order-api.ts';
import { rechargeApi } from '../support/recharge-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

const KEY = 'operator-key-for-the-notification-tests-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(async () => t.close());

const db = () => t.app.db;

function api(token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  const post = <T>(url: string, body: unknown) =>
    call<T>(t.app, { method: 'POST', url, token, body, headers });
  return {
    newest: () => call<NewNotification>(t.app, { url: ApiPath.QueryNewNotification, token, headers }),
    query: (body: unknown = {}) => post<NotificationPage>(ApiPath.QueryNotification, body),
    markRead: (body: unknown) => post<MarkReadResult>(ApiPath.MarkNotificationRead, body),
    markAll: () => post<MarkReadResult>(ApiPath.MarkAllNotificationsRead, {}),
    thresholds: () => call<BalanceThreshold[]>(t.app, { url: ApiPath.QueryBalanceThreshold, token, headers }),
    saveThreshold: (body: unknown) => post<BalanceThreshold[]>(ApiPath.SaveBalanceThreshold, body),
    systemInfo: () => call<SystemInfo>(t.app, { url: ApiPath.GetSystemInfo, token, headers }),
  };
}

async function customer() {
  const { customerId, main } = await createCustomer(db());
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, userId: main.userId, token: jwtToken };
}

const kindsOf = async (customerId: string) =>
  (
    await db()
      .selectFrom('notifications')
      .select('kind')
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.kind);

const announce = (customerId: string, extra: Partial<Parameters<typeof notify>[1]> = {}) =>
  notify(db(), {
    customerId,
    kind: 'system_announcement',
    titleKey: 'notification.systemAnnouncement.title',
    bodyKey: 'notification.systemAnnouncement.body',
    params: { text: { 'zh-CN': '系统维护', 'en-US': 'Maintenance tonight', 'zh-TW': '系統維護' } },
    link: '/user/index',
    ...extra,
  });

describe(`notifications on ${ENGINE}`, () => {
  it('words a notification in the reader language, counts it unread per user, marks one and all read', async () => {
    const a = await customer();
    const colleague = await createUser(db(), a.customerId, { userType: 'sub', permissions: [] });
    const colleagueToken = (await signIn(t.app, colleague)).jwtToken;
    const first = await announce(a.customerId);
    expect(first).not.toBeNull();
    // The same source key twice is one notification.
    expect(await announce(a.customerId, { sourceKey: 'announce:1' })).not.toBeNull();
    expect(await announce(a.customerId, { sourceKey: 'announce:1' })).toBeNull();

    const newest = await api(a.token, 'en-US').newest();
    expect(newest.code).toBe(ApiCode.Ok);
    expect(newest.data.unreadCount).toBe(2);
    expect(newest.data.items[0]).toMatchObject({
      kind: 'system_announcement',
      title: 'System announcement',
      body: 'Maintenance tonight',
      link: '/user/index',
      isRead: false,
    });
    expect((await api(a.token, 'zh-TW').newest()).data.items[0]!.title).toBe('系統公告');

    const marked = await api(a.token).markRead({ ids: [first] });
    expect(marked.data).toEqual({ marked: 1, unreadCount: 1 });
    expect((await api(a.token).markRead({ ids: [first] })).data).toEqual({ marked: 0, unreadCount: 1 });
    expect((await api(a.token).query({ readFilter: 'read' })).data.list.map((n) => n.id)).toEqual([first]);
    expect((await api(a.token).query({ readFilter: 'unread' })).data.total).toBe(1);
    // Read marks are per user: the colleague still has both unread.
    expect((await api(colleagueToken).newest()).data.unreadCount).toBe(2);
    expect((await api(a.token).markAll()).data).toEqual({ marked: 1, unreadCount: 0 });
    expect((await api(colleagueToken).newest()).data.unreadCount).toBe(2);

    // Paging, newest first.
    const page = await api(a.token).query({ pageIndex: 2, pageSize: 1 });
    expect([page.data.total, page.data.list.length, page.data.list[0]!.id]).toEqual([2, 1, first]);
  });

  it("keeps other customers', other users' and unpermitted notifications invisible and unmarkable", async () => {
    const a = await customer();
    const b = await customer();
    const clerk = await createUser(db(), a.customerId, {
      userType: 'sub',
      permissions: [Permission.OrderView],
    });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    const ofB = (await announce(b.customerId))!;
    const ofMain = (await announce(a.customerId, { userId: a.userId }))!;
    const financeOnly = (await announce(a.customerId, { permission: Permission.FinanceView }))!;

    expect((await api(clerkToken).query()).data.total).toBe(0);
    expect((await api(a.token).query()).data.list.map((n) => n.id).sort()).toEqual(
      [ofMain, financeOnly].sort(),
    );
    for (const ids of [[ofB], [ofMain], [financeOnly], [ofMain, ofB]]) {
      const refused = await api(clerkToken).markRead({ ids });
      expect([refused.code, refused.message]).toEqual([ApiCode.NotFound, '数据不存在或已被删除']);
    }
    // A refused call marks nothing, not even the caller's own id that came with another's.
    expect((await api(a.token).markRead({ ids: [ofMain, ofB] })).code).toBe(ApiCode.NotFound);
    expect((await api(a.token).newest()).data.unreadCount).toBe(2);
    expect((await api(b.token).newest()).data.unreadCount).toBe(1);
    expect((await api(clerkToken).markAll()).data).toEqual({ marked: 0, unreadCount: 0 });
    expect((await api(a.token).newest()).data.unreadCount).toBe(2);
  });

  it('refuses hostile bodies with a localised answer and writes nothing', async () => {
    const a = await customer();
    const id = (await announce(a.customerId))!;
    const bad: unknown[] = [
      {},
      { ids: [] },
      { ids: 'x' },
      { ids: [''] },
      { ids: ['a'.repeat(65)] },
      { ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) },
    ];
    for (const body of bad) {
      const answer = await api(a.token, 'en-US').markRead(body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(ApiCode.BadRequest);
      expect(answer.message).toMatch(/^Some fields are not valid; please check them and try again/);
    }
    // Control characters are refused (request hygiene or the id check); a near miss is simply not found.
    for (const ids of [['\u0000abc'], ['abc\u202e']]) {
      const refused = await api(a.token).markRead({ ids });
      expect([ApiCode.BadRequest, ApiCode.NotFound]).toContain(refused.code);
      expect(refused.message.length).toBeGreaterThan(0);
    }
    expect((await api(a.token).markRead({ ids: [`${id}x`] })).code).toBe(ApiCode.NotFound);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: ApiPath.MarkNotificationRead,
      headers: {
        authorization: `Bearer ${a.token}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      payload: JSON.stringify({ ids: ['x'.repeat(70 * 1024)] }),
    });
    expect(tooLarge.json()).toMatchObject({ code: ApiCode.BadRequest, message: 'The request is too large' });
    for (const body of [{ readFilter: 'maybe' }, { pageSize: 501 }, { pageIndex: 0 }, { kind: 'gossip' }])
      expect((await api(a.token).query(body)).code).toBe(ApiCode.BadRequest);
    for (const body of [
      { currencyCode: 'CNY', thresholdAmount: -1 },
      { currencyCode: 'CNY', thresholdAmount: 1.5 },
      { currencyCode: 'C\u0000Y', thresholdAmount: 100 },
      { currencyCode: 'CNY' },
    ])
      expect((await api(a.token).saveThreshold(body)).code).toBe(ApiCode.BadRequest);
    expect((await api(a.token).thresholds()).data).toEqual([]);
    expect((await api(a.token).newest()).data.unreadCount).toBe(1);
    // Without finance:view the balance warning setting is refused; without sign-in everything is.
    const clerk = await createUser(db(), a.customerId, {
      userType: 'sub',
      permissions: [Permission.OrderView],
    });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    expect((await api(clerkToken).saveThreshold({ currencyCode: 'CNY', thresholdAmount: 1 })).code).toBe(
      ApiCode.Forbidden,
    );
    expect((await call(t.app, { url: ApiPath.QueryNewNotification })).code).not.toBe(ApiCode.Ok);
  });

  it('warns once per fall below the threshold the user set, and again only after a rise', async () => {
    const a = await customer();
    await fundCny(db(), a.customerId, 100_000);
    const saved = await api(a.token).saveThreshold({ currencyCode: 'cny', thresholdAmount: 50_000 });
    expect(saved.data).toMatchObject([{ currencyCode: 'CNY', thresholdAmount: 50_000, isBelow: false }]);
    const charge = (amount: number) =>
      postLedgerEntry(db(), {
        customerId: a.customerId,
        currencyCode: 'CNY',
        entryType: 'surcharge',
        amount,
        heldChange: 0,
      });
    await charge(-30_000); // 700.00: above
    expect(await kindsOf(a.customerId)).toEqual([]);
    await charge(-30_000); // 400.00: crossed
    await charge(-10_000); // 300.00: still below, no second warning
    expect(await kindsOf(a.customerId)).toEqual(['balance_warning']);
    const [warning] = (await api(a.token).newest()).data.items;
    expect(warning!.body).toBe('CNY 余额 ¥400.00 已低于您设置的提醒金额 ¥500.00，请及时充值');
    await fundCny(db(), a.customerId, 30_000); // 600.00: re-armed
    await charge(-20_000); // 400.00: crossed again
    expect(await kindsOf(a.customerId)).toEqual(['balance_warning', 'balance_warning']);
    // Another user of the customer without a threshold hears nothing of it.
    const colleague = await createUser(db(), a.customerId, {
      userType: 'sub',
      permissions: [Permission.FinanceView],
    });
    expect((await api((await signIn(t.app, colleague)).jwtToken).newest()).data.unreadCount).toBe(0);
    // Removing the threshold stops the warnings.
    expect((await api(a.token).saveThreshold({ currencyCode: 'CNY', thresholdAmount: null })).data).toEqual(
      [],
    );
    await fundCny(db(), a.customerId, 100_000);
    await charge(-120_000);
    expect(await kindsOf(a.customerId)).toHaveLength(2);
  });

  it('notifies each event once: recharge credited and closed, weigh-in, exception, export, bill', async () => {
    const a = await customer();
    const recharges = rechargeApi(t.app, a.token);
    const created = await recharges.create({ amount: 20_000, channel: 'alipay' });
    const { recharge, payToken } = created.data;
    await recharges.startAlipay(recharge.rechargeNo, payToken);
    const paid = {
      state: 'paid' as const,
      rechargeNo: recharge.rechargeNo,
      tradeNo: 'T-1',
      amount: 20_000,
      currencyCode: 'CNY',
      paidAt: new Date(),
    };
    expect((await applyPaymentState(db(), 'sandbox', paid)).outcome).toBe('credited');
    expect((await applyPaymentState(db(), 'sandbox', paid)).outcome).toBe('duplicate');
    expect(await kindsOf(a.customerId)).toEqual(['recharge_result']);
    const credited = (await api(a.token, 'en-US').newest()).data.items[0]!;
    expect(credited.body).toBe(
      `Top-up ${recharge.rechargeNo}: ¥200.00 has been credited; the balance is now ¥200.00`,
    );

    const unpaid = (await recharges.create({ amount: 5_000, channel: 'wechat' })).data.recharge;
    expect(await closeRecharge(db(), unpaid.id, 'recharge.reason.expired')).toBe(true);
    expect(await closeRecharge(db(), unpaid.id, 'recharge.reason.expired')).toBe(false);
    expect((await kindsOf(a.customerId)).filter((kind) => kind === 'recharge_result')).toHaveLength(2);

    // An order weighed heavier than forecast, then marked with an exception.
    await fundCny(db(), a.customerId, 100_000);
    const order = await orderApi(t.app, a.token).create({ ...orderBody(), submit: true });
    expect(order.code).toBe(ApiCode.Ok);
    const ops = (url: string, body: unknown) =>
      call(t.app, { method: 'POST', url, body, headers: { 'x-operator-key': KEY } });
    const waybillNo = order.data.waybillNo!;
    const heavy = [{ weight: 3.2, length: 40, width: 30, height: 30 }];
    expect((await ops(OpsPath.Weigh, { waybillNo, parcels: heavy })).code).toBe(ApiCode.Ok);
    expect((await ops(OpsPath.Weigh, { waybillNo, parcels: heavy })).code).toBe(ApiCode.Ok);
    const issueKind = await db()
      .selectFrom('issue_kinds')
      .select('code')
      .where('is_enabled', '=', 1)
      .executeTakeFirstOrThrow();
    const exception = { waybillNo, issueKindCode: issueKind.code };
    expect((await ops(OpsPath.Exception, exception)).code).toBe(ApiCode.Ok);
    expect((await ops(OpsPath.Exception, exception)).code).toBe(ApiCode.Ok);
    expect((await kindsOf(a.customerId)).slice(2)).toEqual(['weight_adjustment', 'order_exception']);
    const [exceptionNote, weighNote] = (await api(a.token).query()).data.list;
    expect(exceptionNote!.link).toBe(
      `/user/orders/order?numbers=${encodeURIComponent(order.data.customerOrderNo)}`,
    );
    expect(weighNote!.body).toContain('补扣费用');

    // An export finishing: its requester hears of it.
    const exported = await exportTaskApi(t.app, a.token).create({ kind: 'orders', format: 'xlsx' });
    expect(exported.code).toBe(ApiCode.Ok);
    while ((await t.app.taskRunner.runOnce()).length > 0);
    expect((await kindsOf(a.customerId)).slice(4)).toEqual(['export_finished']);

    // The bill of the period.
    const settings = t.config.bills;
    const period = periodContaining(settings, new Date());
    const after = new Date(Date.parse(period.end) + 60_000);
    expect((await issueBills(db(), period, after, settings, a.customerId)).billNos).toHaveLength(1);
    expect((await issueBills(db(), period, after, settings, a.customerId)).billNos).toHaveLength(0);
    expect((await kindsOf(a.customerId)).slice(5)).toEqual(['bill_issued']);
    expect((await api(a.token).newest()).data.unreadCount).toBe(6);
  });

  it('lets staff announce to one customer through the operations API and the command line', async () => {
    const a = await customer();
    const b = await customer();
    const codeOf = async (id: string) =>
      (await db().selectFrom('customers').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
    const body = {
      customerCode: await codeOf(a.customerId),
      zhCN: '今晚 22:00 系统维护',
      enUS: 'Maintenance tonight at 22:00',
      zhTW: '今晚 22:00 系統維護',
      link: '/user/index',
    };
    const post = (payload: unknown, headers: Record<string, string> = { 'x-operator-key': KEY }) =>
      call<{ customers: number }>(t.app, {
        method: 'POST',
        url: NotificationOpsPath.Announce,
        body: payload,
        headers,
      });
    expect((await post(body)).data).toEqual({ customers: 1 });
    expect((await api(a.token, 'en-US').newest()).data.items[0]).toMatchObject({
      kind: 'system_announcement',
      body: 'Maintenance tonight at 22:00',
      link: '/user/index',
    });
    expect((await api(b.token).newest()).data.unreadCount).toBe(0);
    // Refused: no key, an unknown customer, a link off the portal, a control character, a text too long.
    expect((await post(body, {})).code).not.toBe(ApiCode.Ok);
    expect((await post({ ...body, customerCode: 'NOPE-1' })).code).toBe(ApiCode.NotFound);
    for (const bad of [
      { link: '//evil.example/x' },
      { link: 'https://evil.example' },
      { zhCN: 'a\u0007b' },
      { enUS: 'x'.repeat(501) },
      { zhTW: '' },
    ])
      expect((await post({ ...body, ...bad })).code).toBe(ApiCode.BadRequest);
    expect((await api(a.token).newest()).data.unreadCount).toBe(1);

    const cli = await runOpsCli(t.config, [
      'announce',
      '--customer',
      await codeOf(b.customerId),
      '--zh',
      '春节放假通知',
      '--en',
      'Spring Festival holidays',
      '--tw',
      '春節放假通知',
      '--lang',
      'en-US',
    ]);
    expect([cli.code, cli.stdout.trim()]).toEqual([0, 'Announcement sent: 1']);
    expect((await api(b.token, 'zh-TW').newest()).data.items[0]!.body).toBe('春節放假通知');
    expect((await runOpsCli(t.config, ['announce', '--zh', 'x'])).code).not.toBe(0);
  });

  it('deletes notifications past their keeping time with their read marks', async () => {
    const a = await customer();
    const id = (await announce(a.customerId))!;
    await api(a.token).markAll();
    await db()
      .updateTable('notifications')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    const kept = (await announce(a.customerId))!;
    const deleted = await deleteExpiredData(db(), new Date(), 180, 30);
    expect(deleted.notifications).toBeGreaterThanOrEqual(1);
    expect((await api(a.token).query()).data.list.map((n) => n.id)).toEqual([kept]);
    const reads = await db()
      .selectFrom('notification_reads')
      .select('notification_id')
      .where('notification_id', '=', id)
      .execute();
    expect(reads).toEqual([]);
  });

  it('answers the system information', async () => {
    const a = await customer();
    const info = await api(a.token, 'en-US').systemInfo();
    expect(info.code).toBe(ApiCode.Ok);
    expect(info.data.databaseKind).toBe(ENGINE === 'postgres' ? 'postgres' : 'sqlite');
    expect(info.data.databaseVersion).toMatch(ENGINE === 'postgres' ? /^PostgreSQL \d+/ : /^SQLite 3\./);
    expect(info.data.serverVersion).toBe(`Node.js ${process.version}`);
    expect(info.data.currencies.map((c) => c.code)).toContain('CNY');
    expect(Math.abs(Date.parse(info.data.serverTime) - Date.now())).toBeLessThan(3_600_000);
    expect(info.data.applicationName.length).toBeGreaterThan(0);
  });
});
