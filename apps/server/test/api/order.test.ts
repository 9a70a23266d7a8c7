import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import type { InsufficientBalance } from '@portal/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { isValidWaybillNo } from '../../src/modules/order/waybill.ts';
import { assertLedgerConsistent } from '../../src/modules/wallet/ledger.ts';
import { createUser } from '../support/factories.ts';
import {
  consignee,
  countCustomerLedgerRows,
  countCustomerOrders,
  fundCny,
  newOrderCustomer,
  orderApi,
  orderBody,
  shipper,
  US_PRODUCT,
} from '../support/order-api.ts';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type FieldErrors = { errors: { field: string; message: string }[] };

/** A customer product limit that hides the product from the customer. */
const HIDDEN_LIMIT = {
  is_hidden: 1,
  max_parcel_weight_g: null,
  max_shipment_weight_g: null,
  max_longest_side_mm: null,
  max_parcels: null,
  max_declared_value: null,
  discount_percent: null,
  updated_at: new Date().toISOString(),
};

const newCustomer = () => newOrderCustomer(t.app);
const fund = (customerId: string, amount: number) => fundCny(t.app.db, customerId, amount);
const api = (token: string, language?: string) => orderApi(t.app, token, language);
const countOrders = (customerId: string) => countCustomerOrders(t.app.db, customerId);
const countLedgerRows = (customerId: string) => countCustomerLedgerRows(t.app.db, customerId);

describe('create', () => {
  it('saves a priced draft with a generated reference number, and Get answers it whole', async () => {
    const { customerId, token } = await newCustomer();
    const created = await api(token).create(orderBody());
    expect(created.code).toBe(ApiCode.Ok);
    expect(created.message).toBe('订单已保存为草稿');
    expect(created.data.status).toBe('draft');
    expect(created.data.waybillNo).toBeNull();
    expect(created.data.customerOrderNo).toMatch(/^ORD\d{8}-000001$/);
    const charge = created.data.estimatedCharge;
    expect(charge.currencyCode).toBe('CNY');
    expect(charge.totalAmount).toBeGreaterThan(0);
    expect(charge.breakdown.reduce((sum, line) => sum + line.amount, 0)).toBe(charge.totalAmount);
    // A draft holds nothing.
    expect(await countLedgerRows(customerId)).toBe(0);

    const second = await api(token).create(orderBody());
    expect(second.data.customerOrderNo).toMatch(/^ORD\d{8}-000002$/);

    const order = (await api(token, 'en-US').get(created.data.id)).data;
    expect(order).toMatchObject({
      id: created.data.id,
      status: 'draft',
      productCode: US_PRODUCT,
      productName: 'US Express Line (tax included)',
      waybillNo: null,
      declaredValue: 3000,
      declaredCurrencyCode: 'USD',
      forecastWeight: 1.2,
      hasBattery: false,
      customsTerms: 'DDP',
      parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
      submittedAt: null,
    });
    // The charge is stored unworded: each reader sees its lines in the reader's language.
    expect(order.estimatedCharge).toEqual({
      ...charge,
      breakdown: charge.breakdown.map((line) => ({
        ...line,
        label: expect.stringMatching(/^[A-Za-z]/) as unknown as string,
        detail: line.detail === null ? null : (expect.any(String) as unknown as string),
      })),
    });
    expect(order.estimatedCharge?.breakdown[0]?.label).toBe('Freight');
    expect((await api(token).get(created.data.id)).data.estimatedCharge).toEqual(charge);
    expect(order.shipper).toMatchObject({
      name: '张三',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
    });
    expect(order.consignee).toMatchObject({ name: 'Jane Doe', countryCode: 'US', postalCode: '90001' });
    expect(order.items[0]).toMatchObject({
      nameEn: 'T-shirt',
      hsCode: '61091000',
      unitWeight: 0.3,
      quantity: 2,
    });
    expect((await api(token).get(created.data.id)).data.productName).toBe('美国包税专线');
  });

  it('keeps a typed reference number and refuses it a second time, naming it', async () => {
    const { customerId, token } = await newCustomer();
    const first = await api(token).create(orderBody({ customerOrderNo: 'SHOP-1001' }));
    expect(first.data.customerOrderNo).toBe('SHOP-1001');
    const again = await api(token, 'en-US').create(orderBody({ customerOrderNo: 'SHOP-1001' }));
    expect(again.code).toBe(ApiCode.Conflict);
    expect(again.message).toContain('SHOP-1001');
    expect(await countOrders(customerId)).toBe(1);
    // Another customer may use the same number.
    const other = await newCustomer();
    expect((await api(other.token).create(orderBody({ customerOrderNo: 'SHOP-1001' }))).code).toBe(
      ApiCode.Ok,
    );
  });

  it('takes the shipper from the caller’s address book, and not from another customer’s', async () => {
    const { token } = await newCustomer();
    const address = await call<{ id: string }>(t.app, {
      method: 'POST',
      url: '/api/CustomerAddress/Insert',
      token,
      body: { addressType: 'sender', ...shipper({ name: '李四' }) },
    });
    const body = orderBody({ shipper: undefined, shipperAddressId: address.data.id });
    const created = await api(token).create(body);
    expect(created.code).toBe(ApiCode.Ok);
    expect((await api(token).get(created.data.id)).data.shipper.name).toBe('李四');

    const stranger = await newCustomer();
    const refused = await api(stranger.token).create(body);
    expect(refused.code).toBe(ApiCode.NotFound);
    expect(refused.message).toBe('发件人地址不存在或已被删除，请重新选择');
  });

  it('saves the consignee to the address book once', async () => {
    const { token } = await newCustomer();
    await api(token).create(orderBody({ saveConsignee: true }));
    // The same address typed with other spacing is the same address.
    await api(token).create(
      orderBody({ saveConsignee: true, consignee: consignee({ name: ' Jane  Doe ' }) }),
    );
    await api(token).create(orderBody({ saveConsignee: false, consignee: consignee({ name: 'John Roe' }) }));
    const book = await call<{ items: { name: string; addressType: string }[]; total: number }>(t.app, {
      url: '/api/CustomerAddress/Query',
      token,
    });
    expect(book.data.total).toBe(1);
    expect(book.data.items[0]).toMatchObject({ name: 'Jane Doe', addressType: 'receiver' });
  });

  it('creates and submits in one call: a valid waybill number and the charge held', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const created = await api(token).create(orderBody({ submit: true }));
    expect(created.code).toBe(ApiCode.Ok);
    expect(created.data.status).toBe('submitted');
    expect(isValidWaybillNo(created.data.waybillNo!)).toBe(true);
    expect(created.message).toContain(created.data.waybillNo!);
    const total = created.data.estimatedCharge.totalAmount;
    expect(await api(token).balance()).toMatchObject({ balance: 100_000 - total, held: total });
    const order = (await api(token).get(created.data.id)).data;
    expect(order.status).toBe('submitted');
    expect(order.submittedAt).not.toBeNull();
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('refuses a submit the balance cannot cover, naming the shortfall, and writes nothing', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 1_000);
    const refused = await api(token).create(orderBody({ submit: true }));
    expect(refused.code).toBe(ApiCode.Conflict);
    const data = refused.data as unknown as InsufficientBalance;
    expect(data.reason).toBe('insufficientBalance');
    expect(data.shortfall).toBe(data.required - 1_000);
    expect(refused.message).toMatch(/^余额不足，还差 ¥\d+\.\d{2}，请先充值$/);
    expect(await countOrders(customerId)).toBe(0);
    expect(await countLedgerRows(customerId)).toBe(1);
    expect(await api(token).balance()).toMatchObject({ balance: 1_000, held: 0 });
    await assertLedgerConsistent(t.app.db, customerId);
  });
});

describe('submit', () => {
  it('submits a draft once; a second submit is refused naming its state', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const draft = await api(token).create(
      orderBody({
        parcels: [
          { weight: 0.333, length: 12.3, width: 4.5, height: 6.7 },
          { weight: 2.005, length: 45.6, width: 30.1, height: 20.9 },
        ],
        insuranceValue: 12_345,
      }),
    );
    const submitted = await api(token).submit(draft.data.id);
    expect(submitted.code).toBe(ApiCode.Ok);
    expect(submitted.data).toMatchObject({ id: draft.data.id, status: 'submitted' });
    expect(isValidWaybillNo(submitted.data.waybillNo!)).toBe(true);
    // Re-priced from the stored grams and millimetres: the same price as the draft's.
    expect(submitted.data.estimatedCharge).toEqual(draft.data.estimatedCharge);
    const again = await api(token).submit(draft.data.id);
    expect(again.code).toBe(ApiCode.Conflict);
    expect(again.message).toContain('已提交');
    const total = submitted.data.estimatedCharge.totalAmount;
    expect(await api(token).balance()).toMatchObject({ balance: 100_000 - total, held: total });
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('leaves the draft a draft when the balance is short', async () => {
    const { customerId, token } = await newCustomer();
    const draft = await api(token, 'en-US').create(orderBody());
    const refused = await api(token, 'en-US').submit(draft.data.id);
    expect(refused.code).toBe(ApiCode.Conflict);
    expect(refused.message).toMatch(/^Insufficient balance: .+ short/);
    const order = (await api(token).get(draft.data.id)).data;
    expect(order).toMatchObject({ status: 'draft', waybillNo: null });
    expect(await countLedgerRows(customerId)).toBe(0);
    await assertLedgerConsistent(t.app.db, customerId);
  });
});

describe('cancel', () => {
  it('cancels a draft and a submitted order together, releasing the hold', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const draft = await api(token).create(orderBody());
    const submitted = await api(token).create(orderBody({ submit: true }));
    const cancelled = await api(token).cancel([draft.data.id, submitted.data.id, draft.data.id]);
    expect(cancelled.code).toBe(ApiCode.Ok);
    expect(cancelled.data.cancelled).toBe(2);
    expect(cancelled.message).toBe('已取消 2 个订单');
    expect(await api(token).balance()).toMatchObject({ balance: 100_000, held: 0 });
    const rows = await t.app.db
      .selectFrom('ledger_entries')
      .select(['entry_type', 'amount', 'held_change', 'order_id'])
      .where('customer_id', '=', customerId)
      .orderBy('entry_no')
      .execute();
    const total = submitted.data.estimatedCharge.totalAmount;
    expect(rows.map((row) => [row.entry_type, Number(row.amount), Number(row.held_change)])).toEqual([
      ['recharge', 100_000, 0],
      ['order_charge', -total, total],
      ['charge_release', total, -total],
    ]);
    expect(rows[2]!.order_id).toBe(submitted.data.id);
    const order = (await api(token).get(submitted.data.id)).data;
    expect(order.status).toBe('cancelled');
    expect(order.cancelledAt).not.toBeNull();
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('cancels all or nothing', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const submitted = await api(token).create(orderBody({ submit: true }));
    const done = await api(token).create(orderBody());
    await api(token).cancel([done.data.id]);
    // An order already cancelled blocks the call, naming it; the submitted one keeps its hold.
    const refused = await api(token).cancel([submitted.data.id, done.data.id]);
    expect(refused.code).toBe(ApiCode.Conflict);
    expect(refused.message).toContain(done.data.customerOrderNo);
    expect(refused.message).toContain('已取消');
    expect((await api(token).get(submitted.data.id)).data.status).toBe('submitted');
    // Another customer's id makes the whole call not found.
    const stranger = await newCustomer();
    const foreign = await api(stranger.token).create(orderBody());
    const mixed = await api(token).cancel([submitted.data.id, foreign.data.id]);
    expect(mixed.code).toBe(ApiCode.NotFound);
    expect((await api(token).get(submitted.data.id)).data.status).toBe('submitted');
    expect((await api(stranger.token).get(foreign.data.id)).data.status).toBe('draft');
    await assertLedgerConsistent(t.app.db, customerId);
  });
});

describe('idempotency', () => {
  it('answers a repeated create with the same key and body with the first answer, once', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const key = newId();
    const body = orderBody({ submit: true });
    const first = await api(token).create(body, { 'idempotency-key': key });
    const second = await api(token).create(body, { 'idempotency-key': key });
    expect(second.data).toEqual(first.data);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countOrders(customerId)).toBe(1);
    const other = await api(token).create(orderBody({ remark: 'another' }), { 'idempotency-key': key });
    expect(other.code).toBe(ApiCode.Conflict);
    expect(await countOrders(customerId)).toBe(1);
    await assertLedgerConsistent(t.app.db, customerId);
  });

  it('makes one order of a double click', async () => {
    const { customerId, token } = await newCustomer();
    await fund(customerId, 100_000);
    const key = newId();
    const body = orderBody({ submit: true });
    const answers = await Promise.all([
      api(token).create(body, { 'idempotency-key': key }),
      api(token).create(body, { 'idempotency-key': key }),
    ]);
    expect(answers.filter((answer) => answer.code === ApiCode.Ok).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) if (answer.code !== ApiCode.Ok) expect(answer.code).toBe(ApiCode.Conflict);
    expect(await countOrders(customerId)).toBe(1);
    expect(await countLedgerRows(customerId)).toBe(2);
    await assertLedgerConsistent(t.app.db, customerId);
  });
});

describe('products', () => {
  it('refuses an unknown product', async () => {
    const { customerId, token } = await newCustomer();
    const refused = await api(token).create(orderBody({ productCode: 'NO-SUCH-LINE' }));
    expect(refused.code).toBe(ApiCode.BadRequest);
    expect((refused.data as unknown as { reasons: string[] }).reasons.length).toBeGreaterThan(0);
    expect(await countOrders(customerId)).toBe(0);
  });

  it('refuses a product hidden from the customer', async () => {
    const { customerId, token } = await newCustomer();
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('code', '=', US_PRODUCT)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('customer_product_limits')
      .values({ ...HIDDEN_LIMIT, id: newId(), customer_id: customerId, product_id: product.id })
      .execute();
    const refused = await api(token).create(orderBody());
    expect(refused.code).toBe(ApiCode.BadRequest);
    expect(await countOrders(customerId)).toBe(0);
  });

  it('lists every reason a product cannot carry the order', async () => {
    const { token } = await newCustomer();
    const refused = await api(token, 'en-US').create(
      orderBody({
        hasBattery: true,
        parcels: [{ weight: 45, length: 150, width: 20, height: 10 }],
      }),
    );
    expect(refused.code).toBe(ApiCode.BadRequest);
    const { reasons } = refused.data as unknown as { reasons: string[] };
    expect(reasons.length).toBeGreaterThanOrEqual(3);
    for (const reason of reasons) expect(refused.message).toContain(reason);
  });
});

describe('customs and extra services', () => {
  const germany = consignee({
    name: 'Max Mustermann',
    phone: '+49 30 1234567',
    countryCode: 'DE',
    province: null,
    city: 'Berlin',
    postalCode: '10115',
    addressLine1: 'Unter den Linden 1',
  });
  const euItems = [{ nameCn: '杯子', nameEn: 'Cup', quantity: 2, unitPrice: 2000, currencyCode: 'EUR' }];

  it('checks the product’s customs rules: an EU IOSS line needs the IOSS number and its terms', async () => {
    const { customerId, token } = await newCustomer();
    const base = { productCode: 'EU-IOSS', consignee: germany, items: euItems };
    const refused = await api(token, 'en-US').create(orderBody({ ...base, customsTerms: 'DDU' }));
    expect(refused.code).toBe(ApiCode.BadRequest);
    const { reasons } = refused.data as unknown as { reasons: string[] };
    expect(reasons).toHaveLength(2);
    expect(refused.message).toContain('DDU');
    expect(await countOrders(customerId)).toBe(0);

    const accepted = await api(token).create(
      orderBody({ ...base, customsTerms: 'DDP', iossNumber: 'im1234567890' }),
    );
    expect(accepted.code).toBe(ApiCode.Ok);
    expect((await api(token).get(accepted.data.id)).data).toMatchObject({
      iossNumber: 'IM1234567890',
      customsTerms: 'DDP',
      consignee: { countryCode: 'DE', city: 'Berlin' },
    });
  });

  it('puts an order that names no customs terms on the only terms its product offers', async () => {
    const { token } = await newCustomer();
    const ddpOnly = await api(token).create(orderBody({ customsTerms: null }));
    expect(ddpOnly.code).toBe(ApiCode.Ok);
    expect((await api(token).get(ddpOnly.data.id)).data.customsTerms).toBe('DDP');
    // The UK line offers DDU and DDP: nothing is chosen for the shipper.
    const uk = consignee({
      name: 'Jane Bloggs',
      phone: '+44 20 7946 0000',
      countryCode: 'GB',
      province: null,
      city: 'London',
      postalCode: 'SW1A 1AA',
      addressLine1: '10 Downing Street',
    });
    const either = await api(token).create(
      orderBody({ productCode: 'UK-EXP', consignee: uk, customsTerms: null }),
    );
    expect(either.code).toBe(ApiCode.Ok);
    expect((await api(token).get(either.data.id)).data.customsTerms).toBeNull();
  });

  it('prices insurance on the insured value and a signature when asked', async () => {
    const { token } = await newCustomer();
    const plain = await api(token).create(orderBody());
    const extras = await api(token).create(
      orderBody({ insuranceValue: 50_000, extraServiceCodes: ['SIGNATURE'] }),
    );
    expect(extras.code).toBe(ApiCode.Ok);
    const codes = extras.data.estimatedCharge.breakdown.map((line) => line.code);
    expect(codes).toContain('insurance');
    expect(codes).toContain('signature');
    expect(plain.data.estimatedCharge.breakdown.map((line) => line.code)).not.toContain('insurance');
    expect(extras.data.estimatedCharge.totalAmount).toBeGreaterThan(plain.data.estimatedCharge.totalAmount);
    const order = (await api(token).get(extras.data.id)).data;
    expect(order.insuranceValue).toBe(50_000);
    expect(order.extraServiceCodes).toEqual(['SIGNATURE']);
  });
});

describe('access', () => {
  it('hides another customer’s orders', async () => {
    const owner = await newCustomer();
    await fund(owner.customerId, 100_000);
    const draft = await api(owner.token).create(orderBody());
    const stranger = await newCustomer();
    expect((await api(stranger.token).get(draft.data.id)).code).toBe(ApiCode.NotFound);
    expect((await api(stranger.token).submit(draft.data.id)).code).toBe(ApiCode.NotFound);
    expect((await api(stranger.token).cancel([draft.data.id])).code).toBe(ApiCode.NotFound);
    expect((await api(owner.token).get(draft.data.id)).data.status).toBe('draft');
  });

  it('needs order:create to create, submit and cancel, and order:view to read', async () => {
    const owner = await newCustomer();
    const draft = await api(owner.token).create(orderBody());
    const viewer = await createUser(t.app.db, owner.customerId, { permissions: [Permission.OrderView] });
    const viewerToken = (await signIn(t.app, viewer)).jwtToken;
    expect((await api(viewerToken).create(orderBody())).code).toBe(ApiCode.Forbidden);
    expect((await api(viewerToken).submit(draft.data.id)).code).toBe(ApiCode.Forbidden);
    expect((await api(viewerToken).cancel([draft.data.id])).code).toBe(ApiCode.Forbidden);
    expect((await api(viewerToken).get(draft.data.id)).code).toBe(ApiCode.Ok);
    const clerk = await createUser(t.app.db, owner.customerId, { permissions: [Permission.AddressView] });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    expect((await api(clerkToken).get(draft.data.id)).code).toBe(ApiCode.Forbidden);
    expect(await countOrders(owner.customerId)).toBe(1);
  });
});

describe('bad input', () => {
  it('refuses malformed, oversized and control-character bodies with localized field errors', async () => {
    const { customerId, token } = await newCustomer();
    const missing = await api(token, 'en-US').create({ ...orderBody(), consignee: undefined });
    expect(missing.code).toBe(ApiCode.BadRequest);
    expect((missing.data as unknown as FieldErrors).errors.some((e) => e.field.startsWith('consignee'))).toBe(
      true,
    );

    const noShipper = await api(token, 'en-US').create({ ...orderBody(), shipper: undefined });
    expect((noShipper.data as unknown as FieldErrors).errors).toContainEqual({
      field: 'shipper',
      message: 'Choose a sender address or enter the sender',
    });

    const control = await api(token, 'en-US').create(
      orderBody({ consignee: consignee({ name: 'Jane\u0007Doe' }) }),
    );
    const itemControl = await api(token, 'en-US').create(
      orderBody({
        items: [
          { nameCn: '杯\u202E子', nameEn: 'Cup\u0000', quantity: 1, unitPrice: 100, currencyCode: 'USD' },
        ],
      }),
    );
    expect((itemControl.data as unknown as FieldErrors).errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['items.0.nameCn', 'items.0.nameEn']),
    );
    expect(control.code).toBe(ApiCode.BadRequest);
    expect((control.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain('consignee.name');

    // Weights take at most 7 characters: 12345.67 is too heavy, 1.2345 has too many decimals.
    for (const weight of [12345.67, 1.2345]) {
      const answer = await api(token, 'en-US').create(
        orderBody({ parcels: [{ weight, length: 10, width: 10, height: 10 }] }),
      );
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect((answer.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain(
        'parcels.0.weight',
      );
    }

    const currencies = await api(token, 'en-US').create(
      orderBody({
        items: [
          { nameCn: '杯子', nameEn: 'Cup', quantity: 1, unitPrice: 100, currencyCode: 'USD' },
          { nameCn: '碗', nameEn: 'Bowl', quantity: 1, unitPrice: 100, currencyCode: 'EUR' },
        ],
      }),
    );
    expect(currencies.message).toContain('All declared items must use the same currency');

    const wrongTypes = await api(token).create({ ...orderBody(), parcels: 'many', hasBattery: 'no' });
    expect(wrongTypes.code).toBe(ApiCode.BadRequest);

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerOrder/Create',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"productCode":',
    });
    expect(notJson.json().code).toBe(ApiCode.BadRequest);

    const huge = await api(token).create(orderBody({ remark: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.httpStatus).toBe(413);
    expect(huge.message).toBe('请求内容过大');

    const tooManyItems = await api(token).create(
      orderBody({
        items: Array.from({ length: 101 }, () => ({
          nameCn: '杯子',
          nameEn: 'Cup',
          quantity: 1,
          unitPrice: 100,
          currencyCode: 'USD',
        })),
      }),
    );
    expect(tooManyItems.code).toBe(ApiCode.BadRequest);
    expect((await api(token).cancel(Array.from({ length: 501 }, () => newId()))).code).toBe(
      ApiCode.BadRequest,
    );
    expect((await api(token).cancel([])).code).toBe(ApiCode.BadRequest);
    expect((await api(token).get('')).code).toBe(ApiCode.BadRequest);
    expect((await api(token).get('x'.repeat(65))).code).toBe(ApiCode.BadRequest);
    const badNumber = await api(token, 'en-US').create(orderBody({ customerOrderNo: 'A B<script>' }));
    expect((badNumber.data as unknown as FieldErrors).errors).toContainEqual({
      field: 'customerOrderNo',
      message: 'A reference number may contain only letters, digits and - _ . /',
    });
    const badIoss = await api(token, 'en-US').create(orderBody({ iossNumber: 'IM12' }));
    expect((badIoss.data as unknown as FieldErrors).errors.map((e) => e.field)).toContain('iossNumber');
    const unknownShipper = await api(token).create(
      orderBody({ shipper: undefined, shipperAddressId: newId() }),
    );
    expect(unknownShipper.code).toBe(ApiCode.NotFound);
    expect(await countOrders(customerId)).toBe(0);
  });
});
