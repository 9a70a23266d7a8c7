import { ApiCode } from '@portal/contracts/envelope';
import type { OrderCreated } from '@portal/contracts/order';
import type {
  EndDataResult,
  OrderDetail,
  HomeSummary,
  OrderQueryInput,
  OrderQueryResult,
  TrackingResult,
} from '@portal/contracts/order-list';
import { MAX_PASTED_NUMBERS, OrderQuerySchema, type OrderQuery } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration085 from '../../src/db/migrations/2026-11-26-085-order-list.ts';
import { newId } from '../../src/lib/ids.ts';
import { queryOrders } from '../../src/modules/order/order-list.service.ts';
import { orderTransaction, transitionOrder } from '../../src/modules/order/order-status.ts';
import type { AuthContext } from '../../src/plugins/authenticate.ts';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { createUser } from '../support/factories.ts';
import { consignee, fundCny, newOrderCustomer, orderApi, orderBody } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * The order list and every read of orders (issue 10): each filter and their combinations, the pasted
 * numbers, the tabs' counts, paging, the detail, tracking, end data, the home summary and Update.
 */

let t: TestApp;
type FieldErrors = { errors: { field: string; message: string }[] };

const api = (token: string, language = 'en-US') => {
  const headers = { 'accept-language': language };
  return {
    ...orderApi(t.app, token, language),
    query: (body: OrderQueryInput | Record<string, unknown> = {}) =>
      call<OrderQueryResult>(t.app, {
        method: 'POST',
        url: '/api/CustomerOrder/Query',
        token,
        body: { pageIndex: 1, pageSize: 100, ...body },
        headers,
      }),
    detail: (id: string) =>
      call<OrderDetail>(t.app, { url: '/api/CustomerOrder/Get', token, query: { id }, headers }),
    update: (body: unknown) =>
      call<OrderCreated>(t.app, { method: 'POST', url: '/api/CustomerOrder/Update', token, body, headers }),
    tracking: (numbers: unknown) =>
      call<TrackingResult>(t.app, {
        method: 'POST',
        url: '/api/CustomerOrder/QueryTracking',
        token,
        body: { numbers },
        headers,
      }),
    endData: (body: Record<string, unknown> = {}) =>
      call<EndDataResult>(t.app, {
        method: 'POST',
        url: '/api/CustomerOrder/QueryEndData',
        token,
        body: { pageIndex: 1, pageSize: 100, ...body },
        headers,
      }),
    home: (utcOffsetMinutes?: number) =>
      call<HomeSummary>(t.app, {
        url: '/api/CustomerOrder/QueryHomeSummary',
        token,
        query: utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: String(utcOffsetMinutes) },
        headers,
      }),
  };
};

const gb = (name: string) =>
  consignee({
    name,
    company: null,
    phone: '+44 20 7946 0000',
    email: null,
    countryCode: 'GB',
    province: null,
    city: 'London',
    postalCode: 'SW1A 1AA',
    addressLine1: '10 Downing Street',
  });

/** Moves an order through operations' steps (the ops module's writer), with optional columns. */
async function move(
  customerId: string,
  orderId: string,
  to: Parameters<typeof transitionOrder>[1]['to'],
  set = {},
) {
  await orderTransaction(t.app.db, (trx) =>
    transitionOrder(trx, { customerId, orderId, to, at: new Date().toISOString(), set }),
  );
}

/** Sets an order's created time (the fixtures' orders are all created within a second). */
const createdAt = (id: string, at: string) =>
  t.app.db.updateTable('orders').set({ created_at: at }).where('id', '=', id).execute();

let owner: { customerId: string; token: string; userId: string };
let stranger: { customerId: string; token: string };
/** The owner's orders by role in the fixtures. */
const o: Record<'draft' | 'submitted' | 'transit' | 'exception' | 'cancelled', OrderCreated> = {} as never;
let strangerOrder: OrderCreated;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrderCustomer(t.app);
  stranger = await newOrderCustomer(t.app);
  await fundCny(t.app.db, owner.customerId, 1_000_000);
  await fundCny(t.app.db, stranger.customerId, 1_000_000);
  const a = api(owner.token);
  const created = async (body: object) => {
    const answer = await a.create(body);
    expect(answer.code, answer.message).toBe(ApiCode.Ok);
    return answer.data;
  };
  o.draft = await created(orderBody({ customerOrderNo: 'REF-DRAFT' }));
  o.submitted = await created(
    orderBody({
      customerOrderNo: 'REF-SUB',
      consignee: consignee({
        name: 'John Smith',
        company: 'Acme_Corp 100%',
        city: 'New York',
        province: 'NY',
        postalCode: '10001',
      }),
      submit: true,
    }),
  );
  o.transit = await created(
    orderBody({
      productCode: 'UK-EXP',
      customerOrderNo: 'REF-GB',
      consignee: gb('Émile Zola'),
      submit: true,
    }),
  );
  o.exception = await created(orderBody({ customerOrderNo: 'REF-EXC', submit: true }));
  o.cancelled = await created(
    orderBody({ productCode: 'UK-EXP', customerOrderNo: 'REF-CAN', consignee: gb('Ada Lovelace') }),
  );
  expect((await a.cancel([o.cancelled.id])).code).toBe(ApiCode.Ok);

  await move(owner.customerId, o.transit.id, 'received');
  await move(owner.customerId, o.transit.id, 'in_transit', {
    last_mile_carrier: 'Royal Mail',
    last_mile_no: 'RM123456789GB',
    handed_over_at: '2026-11-20T08:00:00.000Z',
  });
  await move(owner.customerId, o.exception.id, 'received');
  await move(owner.customerId, o.exception.id, 'exception', { issue_kind_code: 'ADDRESS' });

  // Creation days for the date filters: draft 1 Nov, submitted 10 Nov, GB 20 Nov (UTC).
  await createdAt(o.draft.id, '2026-11-01T00:00:00.000Z');
  await createdAt(o.submitted.id, '2026-11-10T12:00:00.000Z');
  await createdAt(o.transit.id, '2026-11-20T23:59:59.999Z');

  const s = await api(stranger.token).create(orderBody({ customerOrderNo: 'REF-STRANGER', submit: true }));
  strangerOrder = s.data;
  await move(stranger.customerId, strangerOrder.id, 'received');
  await move(stranger.customerId, strangerOrder.id, 'in_transit', {
    last_mile_carrier: 'USPS',
    last_mile_no: 'USPS-STRANGER-1',
  });
});
afterAll(async () => t.close());

const ids = (result: { list: { id: string }[] }) => result.list.map((row) => row.id);

describe(`order list (${ENGINE})`, () => {
  it('lists every order newest first with counts per status and names in the caller language', async () => {
    const answer = await api(owner.token).query();
    expect(answer.code).toBe(ApiCode.Ok);
    expect(ids(answer.data)).toEqual([
      o.cancelled.id,
      o.exception.id,
      o.transit.id,
      o.submitted.id,
      o.draft.id,
    ]);
    expect(answer.data.total).toBe(5);
    expect(answer.data.statusCounts).toEqual({
      all: 5,
      draft: 1,
      submitted: 1,
      received: 0,
      in_transit: 1,
      delivered: 0,
      exception: 1,
      returned: 0,
      cancelled: 1,
    });
    expect(answer.data.notFoundNumbers).toEqual([]);
    const gbRow = answer.data.list.find((row) => row.id === o.transit.id)!;
    expect(gbRow).toMatchObject({
      status: 'in_transit',
      customerOrderNo: 'REF-GB',
      lastMileCarrier: 'Royal Mail',
      lastMileNo: 'RM123456789GB',
      productCode: 'UK-EXP',
      productName: 'UK Express Line',
      consigneeName: 'Émile Zola',
      consigneeCountryCode: 'GB',
      parcelCount: 1,
      forecastWeight: 1.2,
      chargeFinal: false,
    });
    expect(gbRow.charge).toEqual({ amount: expect.any(Number), currencyCode: 'CNY' });
    const exceptionRow = answer.data.list.find((row) => row.id === o.exception.id)!;
    expect(exceptionRow).toMatchObject({ issueKindCode: 'ADDRESS', issueKindName: 'Address problem' });
    const zh = await api(owner.token, 'zh-TW').query({ status: 'exception' });
    expect(zh.data.list[0]).toMatchObject({ productName: expect.any(String), issueKindName: '地址問題' });
  });

  it('filters by status, and counts every tab under the other filters', async () => {
    const submitted = await api(owner.token).query({ status: 'submitted' });
    expect(ids(submitted.data)).toEqual([o.submitted.id]);
    expect(submitted.data.total).toBe(1);
    expect(submitted.data.statusCounts.all).toBe(5);

    const us = await api(owner.token).query({ countryCode: 'us' });
    expect(ids(us.data)).toEqual([o.exception.id, o.submitted.id, o.draft.id]);
    expect(us.data.statusCounts).toMatchObject({
      all: 3,
      draft: 1,
      submitted: 1,
      exception: 1,
      in_transit: 0,
    });
    const usSubmitted = await api(owner.token).query({ countryCode: 'US', status: 'submitted' });
    expect(ids(usSubmitted.data)).toEqual([o.submitted.id]);
    expect(usSubmitted.data.total).toBe(1);
    // The tabs do not narrow themselves: the counts are those of the US orders.
    expect(usSubmitted.data.statusCounts).toEqual(us.data.statusCounts);
  });

  it('filters by reference, waybill and last-mile numbers, exactly, and names the numbers not found', async () => {
    const waybill = (await api(owner.token).get(o.submitted.id)).data.waybillNo!;
    const answer = await api(owner.token).query({
      numbers: `REF-DRAFT, ${waybill}\nRM123456789GB；REF-STRANGER\tREF-D NOPE-1`,
    });
    expect(ids(answer.data)).toEqual([o.transit.id, o.submitted.id, o.draft.id]);
    // Another customer's number is "not found", like a number nobody has; partial numbers match nothing.
    expect(answer.data.notFoundNumbers).toEqual(['REF-STRANGER', 'REF-D', 'NOPE-1']);
    expect(answer.data.statusCounts).toMatchObject({ all: 3, draft: 1, submitted: 1, in_transit: 1 });
    // Full-width characters (a Chinese input method's, or a copy from a full-width document) are the
    // same numbers; before, each became a separator and such a paste filtered by nothing: every order.
    const fullWidth = await api(owner.token).query({ numbers: 'ＲＥＦ－ＤＲＡＦＴ\u3000ＮＯＰＥ－１' });
    expect(ids(fullWidth.data)).toEqual([o.draft.id]);
    expect(fullWidth.data.notFoundNumbers).toEqual(['NOPE-1']);
    const asList = await api(owner.token).query({ numbers: ['ref-draft', 'REF-DRAFT'] });
    expect(ids(asList.data)).toEqual([o.draft.id]);
    expect(asList.data.notFoundNumbers).toEqual(['ref-draft']);
  });

  it('takes 500 pasted numbers with any separators, names those not found in pasted order, refuses 501', async () => {
    const unknown = Array.from(
      { length: MAX_PASTED_NUMBERS - 2 },
      (_, i) => `X${String(i).padStart(5, '0')}`,
    );
    const pasted = [unknown[0], 'REF-SUB', ...unknown.slice(1, 250), 'RM123456789GB', ...unknown.slice(250)];
    const separators = ['\n', ',', ' ', '\t', '，', ';', '\r\n', '、'];
    const text = pasted.map((n, i) => `${n}${separators[i % separators.length]}`).join('');
    const answer = await api(owner.token).query({ numbers: text });
    expect(answer.code).toBe(ApiCode.Ok);
    expect(ids(answer.data)).toEqual([o.transit.id, o.submitted.id]);
    expect(answer.data.notFoundNumbers).toEqual(unknown);

    const tooMany = await api(owner.token).query({ numbers: [...pasted, 'ONE-MORE'].join(' ') });
    expect(tooMany.code).toBe(ApiCode.BadRequest);
    expect(tooMany.message).toContain('Search at most 500 numbers at once');
    const zh = await api(owner.token, 'zh-CN').query({ numbers: [...pasted, 'ONE-MORE'] });
    expect(zh.code).toBe(ApiCode.BadRequest);
  });

  it('filters by created time: from inclusive, to exclusive, any offset', async () => {
    const nov10 = await api(owner.token).query({
      createdFrom: '2026-11-10T20:00:00+08:00',
      createdTo: '2026-11-21T07:59:59.999+08:00',
    });
    expect(ids(nov10.data)).toEqual([o.submitted.id]);
    const withEnd = await api(owner.token).query({
      createdFrom: '2026-11-10T12:00:00Z',
      createdTo: '2026-11-21T08:00:00+08:00',
    });
    expect(ids(withEnd.data)).toEqual([o.transit.id, o.submitted.id]);
    const from = await api(owner.token).query({ createdFrom: '2026-11-02T00:00:00Z' });
    expect(from.data.total).toBe(4);
    const to = await api(owner.token).query({ createdTo: '2026-11-01T00:00:00.001Z' });
    expect(ids(to.data)).toEqual([o.draft.id]);
    // Offsets may carry a bound past year 9999 or before year 0, which ISO text writes as ±YYYYYY and
    // which would sort before every stored time: after all time matches nothing, before all time everything.
    const afterAllTime = await api(owner.token).query({ createdFrom: '9999-12-31T23:00:00-23:00' });
    expect(afterAllTime.data.total).toBe(0);
    const beforeAllTime = await api(owner.token).query({ createdFrom: '0000-01-01T00:00:00+23:00' });
    expect(beforeAllTime.data.total).toBe(5);
    const untilAfterAllTime = await api(owner.token).query({ createdTo: '9999-12-31T23:00:00-23:00' });
    expect(untilAfterAllTime.data.total).toBe(5);
  });

  it('filters by product and by consignee keyword (case-insensitive, LIKE characters literal)', async () => {
    const uk = await api(owner.token).query({ productCode: 'UK-EXP' });
    expect(ids(uk.data)).toEqual([o.cancelled.id, o.transit.id]);
    expect((await api(owner.token).query({ productCode: 'NOPE' })).data.total).toBe(0);

    const keyword = async (k: string) => ids((await api(owner.token).query({ keyword: k })).data);
    expect(await keyword('ÉMILE')).toEqual([o.transit.id]);
    expect(await keyword('john')).toEqual([o.submitted.id]);
    expect(await keyword('acme_corp 100%')).toEqual([o.submitted.id]);
    expect(await keyword('%')).toEqual([o.submitted.id]);
    expect(await keyword('e_ile')).toEqual([]);
    expect(await keyword('new york')).toEqual([o.submitted.id]);
    expect(await keyword('jane@example')).toEqual([o.exception.id, o.submitted.id, o.draft.id]);
    expect(await keyword('+44 20')).toEqual([o.cancelled.id, o.transit.id]);
  });

  it('combines filters', async () => {
    const combined = await api(owner.token).query({
      status: 'in_transit',
      countryCode: 'GB',
      productCode: 'UK-EXP',
      keyword: 'zola',
      createdFrom: '2026-11-20T00:00:00Z',
      createdTo: '2026-11-21T00:00:00Z',
      numbers: 'REF-GB REF-SUB',
    });
    expect(ids(combined.data)).toEqual([o.transit.id]);
    expect(combined.data.statusCounts).toMatchObject({ all: 1, in_transit: 1 });
    expect(combined.data.notFoundNumbers).toEqual([]);
    const none = await api(owner.token).query({ status: 'draft', countryCode: 'GB' });
    expect(none.data).toMatchObject({ list: [], total: 0 });
    expect(none.data.statusCounts).toMatchObject({ all: 2, in_transit: 1, cancelled: 1 });
  });

  it('pages: every page in order, a short last page, nothing past the end', async () => {
    const all = ids((await api(owner.token).query()).data);
    for (const filter of [{}, { countryCode: 'US' }, { keyword: 'a' }]) {
      const everything = ids((await api(owner.token).query(filter)).data);
      const pages: string[] = [];
      for (let pageIndex = 1; pageIndex <= 3; pageIndex++) {
        const page = await api(owner.token).query({ ...filter, pageIndex, pageSize: 2 });
        expect(page.data.total).toBe(everything.length);
        pages.push(...ids(page.data));
      }
      expect(pages).toEqual(everything);
    }
    const past = await api(owner.token).query({ pageIndex: 99, pageSize: 10 });
    expect(past.data).toMatchObject({ list: [], total: 5 });
    expect(all).toHaveLength(5);
    const pastFiltered = await api(owner.token).query({ status: 'draft', pageIndex: 2, pageSize: 1 });
    expect(pastFiltered.data).toMatchObject({ list: [], total: 1 });
  });

  it('answers the same through both roads: a small match set read whole, or counts and an index walk', async () => {
    const auth = { customerId: owner.customerId, userId: owner.userId } as AuthContext;
    const filters: Partial<OrderQuery>[] = [
      {},
      { status: 'in_transit' },
      { countryCode: 'US' },
      { countryCode: 'GB', status: 'cancelled' },
      { keyword: 'a' },
      { keyword: 'jane', status: 'draft' },
      { productCode: 'UK-EXP' },
      { createdFrom: '2026-11-05T00:00:00.000Z' },
      { numbers: ['REF-SUB', 'REF-GB', 'NOPE'] },
    ];
    for (const filter of filters)
      for (const pageSize of [1, 2, 100])
        for (let pageIndex = 1; pageIndex <= 6; pageIndex++) {
          const query = OrderQuerySchema.parse({ ...filter, pageIndex, pageSize });
          const whole = await queryOrders(t.app.db, auth, query, 'en-US');
          const walked = await queryOrders(t.app.db, auth, query, 'en-US', { smallMatchSet: 0 });
          expect(walked).toEqual(whole);
        }
  });

  it('never shows another customer’s orders', async () => {
    const answer = await api(stranger.token).query();
    expect(ids(answer.data)).toEqual([strangerOrder.id]);
    expect(answer.data.statusCounts.all).toBe(1);
    const probe = await api(stranger.token).query({ numbers: 'REF-SUB RM123456789GB' });
    expect(probe.data).toMatchObject({ list: [], total: 0, notFoundNumbers: ['REF-SUB', 'RM123456789GB'] });
  });

  it('refuses malformed, oversized and control-character filters with localized messages', async () => {
    const a = api(owner.token);
    const fields = async (body: Record<string, unknown>) => {
      const answer = await a.query(body);
      expect(answer.code).toBe(ApiCode.BadRequest);
      return (answer.data as unknown as FieldErrors).errors.map((e) => e.field);
    };
    expect(await fields({ pageSize: 100_000 })).toContain('pageSize');
    expect(await fields({ pageIndex: 0 })).toContain('pageIndex');
    expect(await fields({ status: 'lost' })).toContain('status');
    expect(await fields({ countryCode: 'USA' })).toContain('countryCode');
    expect(await fields({ createdFrom: 'yesterday' })).toContain('createdFrom');
    expect(await fields({ keyword: 'x'.repeat(101) })).toContain('keyword');
    expect(await fields({ numbers: { $gt: '' } })).toContain('numbers');
    expect(await fields({ numbers: 'A'.repeat(65) })).toContain('numbers');
    const control = await a.query({ keyword: 'Jane\u0000' });
    expect(control.code).toBe(ApiCode.BadRequest);
    expect(control.message).toContain('control character');
    // A product code is compared as it is: a NUL in it (which PostgreSQL refuses in any text parameter)
    // is refused like the keyword's, on the list, the end data and an export's filter.
    for (const url of [
      '/api/CustomerOrder/Query',
      '/api/CustomerOrder/QueryEndData',
      '/api/ExportTask/Create',
    ]) {
      const answer = await call(t.app, {
        method: 'POST',
        url,
        token: owner.token,
        body: { kind: 'orders', format: 'csv', filter: { productCode: 'US\u0000' }, productCode: 'US\u0000' },
        headers: { 'accept-language': 'en-US' },
      });
      expect(answer.code, `${url}: ${answer.message}`).toBe(ApiCode.BadRequest);
      expect(answer.message).toContain('control character');
    }
    const range = await a.query({ createdFrom: '2026-11-02T00:00:00Z', createdTo: '2026-11-01T00:00:00Z' });
    expect(range.code).toBe(ApiCode.BadRequest);
    expect(range.message).toContain('The start must not be after the end');
    const huge = await a.query({ numbers: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.httpStatus).toBe(413);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerOrder/Query',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(notJson.json().code).toBe(ApiCode.BadRequest);
  });

  it('keeps the per-status counters equal to a count of the orders', async () => {
    for (const customerId of [owner.customerId, stranger.customerId]) {
      const counted = await t.app.db
        .selectFrom('orders')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', customerId)
        .groupBy('status')
        .execute();
      const stored = await t.app.db
        .selectFrom('customer_order_counts')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      const total = counted.reduce((sum, row) => sum + Number(row.n), 0);
      expect(Number(stored.last_seq)).toBe(total);
      for (const row of counted) expect(Number(stored[row.status])).toBe(Number(row.n));
    }
  });
});

describe(`order detail (${ENGINE})`, () => {
  it('answers the journey, tracking events newest first and the ledger rows oldest first', async () => {
    const events = [
      {
        at: '2026-11-21T01:00:00.000Z',
        code: 'RECEIVED',
        text: 'Received at Shenzhen hub',
        location: 'Shenzhen',
      },
      { at: '2026-11-22T01:00:00.000Z', code: 'DEPARTED', text: 'Departed', location: null },
    ];
    for (const event of events)
      await t.app.db
        .insertInto('order_tracking_events')
        .values({
          id: newId(),
          order_id: o.transit.id,
          customer_id: owner.customerId,
          occurred_at: event.at,
          location: event.location,
          status_code: event.code,
          description: event.text,
          language: 'en-US',
          created_at: event.at,
        })
        .execute();
    const detail = await api(owner.token).detail(o.transit.id);
    expect(detail.code).toBe(ApiCode.Ok);
    expect(detail.data).toMatchObject({
      status: 'in_transit',
      lastMileNo: 'RM123456789GB',
      handedOverAt: '2026-11-20T08:00:00.000Z',
      receivedAt: expect.any(String),
      deliveredAt: null,
      returnedAt: null,
      issueKindCode: null,
    });
    expect(detail.data.trackingEvents.map((e) => e.statusCode)).toEqual(['DEPARTED', 'RECEIVED']);
    expect(detail.data.trackingEvents[1]).toMatchObject({
      location: 'Shenzhen',
      description: 'Received at Shenzhen hub',
    });
    expect(detail.data.ledgerEntries.map((e) => e.entryType)).toEqual(['order_charge']);
    expect(detail.data.ledgerEntries[0]).toMatchObject({ orderId: o.transit.id, currencyCode: 'CNY' });
    expect(detail.data.ledgerEntries[0]!.amount).toBeLessThan(0);

    const exception = await api(owner.token, 'zh-CN').detail(o.exception.id);
    expect(exception.data).toMatchObject({ issueKindCode: 'ADDRESS', issueKindName: '地址问题' });
    const draft = await api(owner.token).detail(o.draft.id);
    expect(draft.data.ledgerEntries).toEqual([]);
    expect(draft.data.trackingEvents).toEqual([]);

    // Hold then release, oldest first.
    const order = await api(owner.token).create(orderBody({ submit: true }));
    await api(owner.token).cancel([order.data.id]);
    const cancelled = await api(owner.token).detail(order.data.id);
    expect(cancelled.data.ledgerEntries.map((e) => e.entryType)).toEqual(['order_charge', 'charge_release']);
    expect(cancelled.data.ledgerEntries[0]!.amount + cancelled.data.ledgerEntries[1]!.amount).toBe(0);
    expect(cancelled.data.cancelledAt).toEqual(expect.any(String));

    expect((await api(stranger.token).detail(o.transit.id)).code).toBe(ApiCode.NotFound);
  });
});

describe(`order update (${ENGINE})`, () => {
  it('edits a draft, checked and priced like a create, and the list finds it by its new consignee', async () => {
    const { customerId, token } = await newOrderCustomer(t.app);
    await fundCny(t.app.db, customerId, 1_000_000);
    const draft = (await api(token).create(orderBody({ customerOrderNo: 'EDIT-ME' }))).data;
    const updated = await api(token).update({
      ...orderBody({
        consignee: consignee({
          name: 'Grace Hopper',
          city: 'Arlington',
          province: 'VA',
          postalCode: '22201',
        }),
      }),
      parcels: [{ weight: 2.5, length: 30, width: 20, height: 10 }],
      customerOrderNo: null,
      id: draft.id,
    });
    expect(updated.code, updated.message).toBe(ApiCode.Ok);
    expect(updated.message).toBe('Draft updated');
    expect(updated.data).toMatchObject({
      id: draft.id,
      status: 'draft',
      customerOrderNo: 'EDIT-ME',
      waybillNo: null,
    });
    expect(updated.data.estimatedCharge.totalAmount).toBeGreaterThan(draft.estimatedCharge.totalAmount);
    const read = await api(token).detail(draft.id);
    expect(read.data.consignee.name).toBe('Grace Hopper');
    expect(read.data.parcels).toEqual([{ weight: 2.5, length: 30, width: 20, height: 10 }]);
    expect(ids((await api(token).query({ keyword: 'grace' })).data)).toEqual([draft.id]);
    expect((await api(token).query({ keyword: 'jane doe' })).data.total).toBe(0);

    // The create path's checks: an unusable product, a field error — nothing written.
    const invalid = await api(token).update({ ...orderBody({ parcels: [] }), id: draft.id });
    expect(invalid.code).toBe(ApiCode.BadRequest);
    const unusable = await api(token).update({ ...orderBody({ productCode: 'JP-EXP' }), id: draft.id });
    expect(unusable.code).toBe(ApiCode.BadRequest);
    expect((await api(token).detail(draft.id)).data.consignee.name).toBe('Grace Hopper');

    // A taken reference number, then submit in the same call.
    await api(token).create(orderBody({ customerOrderNo: 'TAKEN-1' }));
    const taken = await api(token).update({ ...orderBody({ customerOrderNo: 'TAKEN-1' }), id: draft.id });
    expect(taken.code).toBe(ApiCode.Conflict);
    const submitted = await api(token).update({
      ...orderBody({ customerOrderNo: 'EDITED-1', submit: true }),
      id: draft.id,
    });
    expect(submitted.data).toMatchObject({ status: 'submitted', customerOrderNo: 'EDITED-1' });
    expect(submitted.data.waybillNo).toEqual(expect.any(String));
    const counts = (await api(token).query()).data.statusCounts;
    expect(counts).toMatchObject({ all: 2, draft: 1, submitted: 1 });
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('refuses to edit a submitted order, naming its status, and another customer’s draft', async () => {
    const update = await api(owner.token).update({ ...orderBody(), id: o.submitted.id });
    expect(update.code).toBe(ApiCode.Conflict);
    expect(update.message).toBe('Order REF-SUB is submitted; only drafts can be edited');
    const zh = await api(owner.token, 'zh-CN').update({ ...orderBody(), id: o.submitted.id });
    expect(zh.message).toBe('订单 REF-SUB 当前状态为“已提交”，只有草稿可以编辑');
    expect((await api(stranger.token).update({ ...orderBody(), id: o.draft.id })).code).toBe(
      ApiCode.NotFound,
    );
    expect((await api(owner.token).detail(o.draft.id)).data.customerOrderNo).toBe('REF-DRAFT');
    const noId = await api(owner.token).update(orderBody());
    expect(noId.code).toBe(ApiCode.BadRequest);
  });
});

describe(`order ids with control characters (${ENGINE})`, () => {
  // PostgreSQL refuses a NUL in any text parameter: such an id is refused by its shape (contracts
  // `idField`) before any query, never a server error.
  it('are refused by Get, Submit, Update, Cancel and PrintLabel, and nothing is written', async () => {
    const { customerId, token } = await newOrderCustomer(t.app);
    const post = (url: string, body: unknown) =>
      call(t.app, { method: 'POST', url, token, body, headers: { 'accept-language': 'en-US' } });
    for (const bad of ['a\u0000b', '\u001b[2J', 'x\u007f']) {
      const answers = {
        get: await api(token).detail(bad),
        submit: await post('/api/CustomerOrder/Submit', { id: bad }),
        update: await api(token).update({ ...orderBody(), id: bad }),
        cancel: await post('/api/CustomerOrder/Cancel', { ids: [bad] }),
        label: await post('/api/CustomerOrder/PrintLabel', { ids: [bad] }),
      };
      for (const [name, answer] of Object.entries(answers))
        expect(answer.code, `${name} ${JSON.stringify(bad)}: ${answer.message}`).toBe(ApiCode.BadRequest);
    }
    // A well-formed id nobody has is not found.
    expect((await api(token).detail('no-such-order')).code).toBe(ApiCode.NotFound);
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe(`tracking (${ENGINE})`, () => {
  it('answers the caller’s numbers with their events; another customer’s numbers are not found', async () => {
    const answer = await api(owner.token).tracking('RM123456789GB REF-SUB USPS-STRANGER-1 REF-STRANGER NOPE');
    expect(answer.code).toBe(ApiCode.Ok);
    expect(answer.data.list.map((row) => [row.number, row.orderId])).toEqual([
      ['RM123456789GB', o.transit.id],
      ['REF-SUB', o.submitted.id],
    ]);
    expect(answer.data.list[0]!.events.map((e) => e.statusCode)).toEqual(['DEPARTED', 'RECEIVED']);
    expect(answer.data.list[1]).toMatchObject({
      status: 'submitted',
      events: [],
      consigneeCountryCode: 'US',
    });
    expect(answer.data.notFoundNumbers).toEqual(['USPS-STRANGER-1', 'REF-STRANGER', 'NOPE']);

    const theirs = await api(stranger.token).tracking(['USPS-STRANGER-1']);
    expect(theirs.data.list.map((row) => row.orderId)).toEqual([strangerOrder.id]);
    expect(theirs.data.list[0]!.events).toEqual([]);
  });

  it('refuses no numbers, too many and malformed bodies', async () => {
    expect((await api(owner.token).tracking('  ,, ')).code).toBe(ApiCode.BadRequest);
    expect((await api(owner.token).tracking(Array.from({ length: 501 }, (_, i) => `N${i}`))).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await api(owner.token).tracking(42)).code).toBe(ApiCode.BadRequest);
  });
});

describe(`end data (${ENGINE})`, () => {
  it('lists only the caller’s orders with a last-mile number, under the filters', async () => {
    const answer = await api(owner.token).endData();
    expect(answer.code).toBe(ApiCode.Ok);
    expect(answer.data).toMatchObject({ total: 1, notFoundNumbers: [] });
    expect(answer.data.list).toEqual([
      expect.objectContaining({
        id: o.transit.id,
        lastMileCarrier: 'Royal Mail',
        lastMileNo: 'RM123456789GB',
        handedOverAt: '2026-11-20T08:00:00.000Z',
        consigneeCountryCode: 'GB',
        productCode: 'UK-EXP',
      }),
    ]);
    expect((await api(owner.token).endData({ countryCode: 'US' })).data.total).toBe(0);
    const numbers = await api(owner.token).endData({ numbers: 'REF-GB REF-SUB USPS-STRANGER-1' });
    expect(ids(numbers.data)).toEqual([o.transit.id]);
    expect(numbers.data.notFoundNumbers).toEqual(['USPS-STRANGER-1']);
    expect((await api(owner.token).endData({ pageIndex: 2, pageSize: 1 })).data.list).toEqual([]);
    expect((await api(owner.token).endData({ pageSize: 0 })).code).toBe(ApiCode.BadRequest);
  });
});

describe(`home summary (${ENGINE})`, () => {
  it('answers the counts, today’s and this month’s submitted orders and charges, and recent exceptions', async () => {
    const { customerId, token } = await newOrderCustomer(t.app);
    await fundCny(t.app.db, customerId, 1_000_000);
    const first = (await api(token).create(orderBody({ submit: true }))).data;
    const second = (await api(token).create(orderBody({ submit: true }))).data;
    const cancelled = (await api(token).create(orderBody({ submit: true }))).data;
    await api(token).cancel([cancelled.id]);
    await api(token).create(orderBody());
    await move(customerId, second.id, 'received');
    await move(customerId, second.id, 'exception', { issue_kind_code: 'DAMAGED' });

    const answer = await api(token, 'zh-TW').home();
    expect(answer.code).toBe(ApiCode.Ok);
    expect(answer.data.statusCounts).toMatchObject({
      all: 4,
      draft: 1,
      submitted: 1,
      exception: 1,
      cancelled: 1,
    });
    const charged = first.estimatedCharge.totalAmount + second.estimatedCharge.totalAmount;
    // Right after midnight in the caller's zone "today" may have just begun: the month holds both anyway.
    expect(answer.data.month).toEqual({ orders: 2, charges: [{ amount: charged, currencyCode: 'CNY' }] });
    expect([0, 2]).toContain(answer.data.today.orders);
    expect(answer.data.recentExceptions.map((row) => [row.id, row.issueKindName])).toEqual([
      [second.id, '包裹破損'],
    ]);

    expect((await api(token).home(-720)).code).toBe(ApiCode.Ok);
    expect((await api(token).home(900)).code).toBe(ApiCode.BadRequest);
    const empty = await api(stranger.token).home();
    expect(empty.data.recentExceptions).toEqual([]);
  });
});

describe(`permissions (${ENGINE})`, () => {
  it('needs order:view to read and order:create to update', async () => {
    const clerk = await createUser(t.app.db, owner.customerId, { permissions: [Permission.AddressView] });
    const clerkApi = api((await signIn(t.app, clerk)).jwtToken);
    for (const answer of [
      await clerkApi.query(),
      await clerkApi.detail(o.draft.id),
      await clerkApi.tracking('REF-SUB'),
      await clerkApi.endData(),
      await clerkApi.home(),
      await clerkApi.update({ ...orderBody(), id: o.draft.id }),
    ])
      expect(answer.code).toBe(ApiCode.Forbidden);
    const viewer = await createUser(t.app.db, owner.customerId, { permissions: [Permission.OrderView] });
    const viewerApi = api((await signIn(t.app, viewer)).jwtToken);
    expect((await viewerApi.query()).data.total).toBeGreaterThanOrEqual(5);
    expect((await viewerApi.home()).code).toBe(ApiCode.Ok);
    expect((await viewerApi.update({ ...orderBody(), id: o.draft.id })).code).toBe(ApiCode.Forbidden);
    expect((await call(t.app, { method: 'POST', url: '/api/CustomerOrder/Query', body: {} })).code).toBe(
      ApiCode.NotSignedIn,
    );
  });
});

describe(`migration 085 on existing orders (${ENGINE})`, () => {
  it('numbers, counts and indexes the orders that exist, as the create path would have', async () => {
    const db = t.app.db;
    const snapshot = async () => ({
      orders: await db
        .selectFrom('orders')
        .select(['id', 'customer_id', 'customer_seq', 'consignee_search'])
        .orderBy('id')
        .execute(),
      counts: await db.selectFrom('customer_order_counts').selectAll().orderBy('customer_id').execute(),
    });
    const before = await snapshot();
    expect(before.orders.length).toBeGreaterThan(5);
    await migration085.down(db);
    await migration085.up(db);
    const after = await snapshot();
    expect(after).toEqual(before);
    // And the list still answers from them.
    expect((await api(owner.token).query({ keyword: 'émile' })).data.list.map((row) => row.id)).toEqual([
      o.transit.id,
    ]);
  });
});
