import type { Language } from '@portal/contracts/languages';
import type { OrderImportRow } from '@portal/contracts/order-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { fundCny, newOrderCustomer, orderApi, orderBody, shipper } from '../support/order-api.ts';
import {
  allRows,
  extraRow,
  importApi,
  marketplaceSheet,
  multipartBody,
  orderSheet,
  PARCEL_ROW,
  rawSheet,
  SOCKS_ROW,
  sprinkledSheet,
  templateHeaders,
  validRow,
} from '../support/order-sheets.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';
import { zipArchive } from '../support/zip-archive.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A customer with a default sender address, its token and its import calls. */
async function newImporter(language: Language = 'zh-CN') {
  const { customerId, token } = await newOrderCustomer(t.app);
  const address = await call<{ id: string }>(t.app, {
    method: 'POST',
    url: '/api/CustomerAddress/Insert',
    token,
    body: { ...shipper(), addressType: 'sender', isDefault: true },
  });
  expect(address.success).toBe(true);
  return { customerId, token, senderId: address.data.id, api: importApi(t.app, token, language) };
}

describe(`batch import preview on ${ENGINE}`, () => {
  it.each(['zh-CN', 'en-US', 'zh-TW'] as const)(
    'reads a template sheet in %s and prices every order',
    async (language) => {
      const { api, senderId } = await newImporter(language);
      const rows = [
        validRow(1),
        validRow(2, { customerOrderNo: '' }),
        validRow(3, { consigneeCountry: 'United States' }),
      ];
      const answer = await api.preview(await orderSheet(rows, language));
      expect(answer).toMatchObject({
        code: 200,
        success: true,
        data: {
          status: 'ready',
          shipperAddressId: senderId,
          rowCount: 3,
          orderCount: 3,
          validOrderCount: 3,
          invalidOrderCount: 0,
          errorCount: 0,
        },
      });
      const [total] = answer.data.totals;
      expect(total).toMatchObject({ currencyCode: 'CNY', available: 0, insufficient: true });
      const page = await api.rows(answer.data.id);
      expect(page.data.total).toBe(3);
      const first = page.data.rows[0]!;
      expect(first).toMatchObject({
        rowNumber: 2,
        state: 'valid',
        isLead: true,
        leadRowNumber: 2,
        customerOrderNo: 'REF-1',
      });
      expect(first.values.consigneeCountry).toBe('US');
      expect(first.chargeAmount).toBeGreaterThan(0);
      expect(first.chargeableWeight).toBeGreaterThan(0);
      expect(total!.amount).toBe(page.data.rows.reduce((sum, row) => sum + (row.chargeAmount ?? 0), 0));

      // The create page prices the same order at the same amount.
      const stored = await t.app.db
        .selectFrom('order_import_rows')
        .select('order_input')
        .where('import_id', '=', answer.data.id)
        .where('row_number', '=', 2)
        .executeTakeFirstOrThrow();
      const input = JSON.parse(stored.order_input!);
      expect(input).toMatchObject({
        productCode: 'US-DDP-EXP',
        customerOrderNo: 'REF-1',
        consignee: { countryCode: 'US', name: 'Jane Doe 1' },
        parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
        items: [{ nameCn: 'T恤', quantity: 2, unitPrice: 1500, currencyCode: 'USD', hsCode: '61091000' }],
        hasBattery: false,
        customsTerms: 'DDP',
      });
      expect(input.shipperAddressId).toBeUndefined();
    },
  );
});

const errorsOf = (row: OrderImportRow | undefined) =>
  Object.fromEntries((row?.errors ?? []).map((error) => [error.field, error.message]));

const importCount = async (customerId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('order_imports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const storedFileCount = async (customerId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('stored_files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .where('purpose', '=', 'orderImport')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`a 10,000-row sheet on ${ENGINE}`, () => {
  it('finds every kind of error in its own cell, and counts orders, errors and totals', async () => {
    const { api, customerId, token } = await newImporter('en-US');
    const existing = await orderApi(t.app, token).create(orderBody({ customerOrderNo: 'EXISTING-1' }));
    expect(existing.success).toBe(true);
    const sheet = sprinkledSheet(10_000, 'EXISTING-1');

    const answer = await api.preview(await orderSheet(sheet.rows, 'en-US'));
    expect(answer.data).toMatchObject({
      status: 'ready',
      rowCount: sheet.rows.length,
      orderCount: sheet.orders,
      invalidOrderCount: sheet.invalid,
      validOrderCount: sheet.orders - sheet.invalid,
      errorCount: sheet.expected.size,
    });
    const rows = await allRows(api, answer.data.id);
    expect(rows.size).toBe(sheet.rows.length);
    const found = new Map<string, string>();
    for (const row of rows.values())
      for (const error of row.errors) found.set(`${row.rowNumber}:${error.field}`, error.message);
    expect([...found.keys()].sort()).toEqual([...sheet.expected.keys()].sort());
    for (const [cell, piece] of sheet.expected) expect(found.get(cell), cell).toContain(piece);

    // Every row of an order shares its state; a valid order's lead carries its charge.
    const byLead = new Map<number, OrderImportRow[]>();
    for (const row of rows.values())
      byLead.set(row.leadRowNumber, [...(byLead.get(row.leadRowNumber) ?? []), row]);
    for (const group of byLead.values()) expect(new Set(group.map((row) => row.state)).size).toBe(1);
    const valid = [...rows.values()].filter((row) => row.isLead && row.state === 'valid');
    expect(valid.every((row) => (row.chargeAmount ?? 0) > 0)).toBe(true);
    expect(answer.data.totals).toEqual([
      {
        currencyCode: 'CNY',
        amount: valid.reduce((sum, row) => sum + row.chargeAmount!, 0),
        available: 0,
        insufficient: true,
      },
    ]);
    expect(await storedFileCount(customerId)).toBe(1);

    // The view of invalid rows holds exactly the rows of invalid orders, in sheet order.
    const invalidRows = await api.rows(answer.data.id, { view: 'invalid', limit: '5' });
    expect(invalidRows.data.total).toBe([...rows.values()].filter((row) => row.state === 'invalid').length);
    expect(invalidRows.data.rows.map((row) => row.state)).toEqual(Array(5).fill('invalid'));
    // Ten thousand rows read, checked and priced: generous on a loaded machine.
  }, 120_000);
});

describe(`multi-row orders, edits, exclusions and settings on ${ENGINE}`, () => {
  it('makes one order of the rows sharing a reference number, wherever they stand', async () => {
    const { api } = await newImporter('en-US');
    const answer = await api.preview(
      await orderSheet([
        validRow(1, { customerOrderNo: 'MULTI' }),
        validRow(2),
        extraRow('MULTI', PARCEL_ROW),
        extraRow('MULTI', { ...SOCKS_ROW, consigneeName: 'Jane Doe 1' }),
        extraRow('MULTI', { ...SOCKS_ROW, itemQuantity: '0' }),
      ]),
    );
    expect(answer.data).toMatchObject({
      rowCount: 5,
      orderCount: 2,
      validOrderCount: 1,
      invalidOrderCount: 1,
      errorCount: 1,
    });
    const rows = await allRows(api, answer.data.id);
    expect(rows.get(2)).toMatchObject({
      isLead: true,
      leadRowNumber: 2,
      state: 'invalid',
      chargeAmount: null,
    });
    expect(rows.get(4)).toMatchObject({ isLead: false, leadRowNumber: 2, state: 'invalid', errors: [] });
    // items.2.quantity is the third item: the quantity cell of row 6.
    expect(errorsOf(rows.get(6))).toEqual({ itemQuantity: expect.stringContaining('1') });
    expect(rows.get(3)).toMatchObject({ isLead: true, leadRowNumber: 3, state: 'valid' });

    // Fixing the cell makes the order valid: two parcels, three items, one charge on its lead.
    const fixed = await api.updateRow({ id: answer.data.id, rowNumber: 6, values: { itemQuantity: '4' } });
    expect(fixed).toMatchObject({ success: true, message: 'Saved and checked again' });
    expect(fixed.data.rows.map((row) => [row.rowNumber, row.state])).toEqual([
      [2, 'valid'],
      [4, 'valid'],
      [5, 'valid'],
      [6, 'valid'],
    ]);
    expect(fixed.data.summary).toMatchObject({ validOrderCount: 2, invalidOrderCount: 0, errorCount: 0 });
    const lead = await t.app.db
      .selectFrom('order_import_rows')
      .select(['order_input', 'charge_amount'])
      .where('import_id', '=', answer.data.id)
      .where('row_number', '=', 2)
      .executeTakeFirstOrThrow();
    const input = JSON.parse(lead.order_input!);
    expect(input.parcels).toHaveLength(2);
    expect(
      input.items.map((item: { quantity: number; unitPrice: number }) => [item.quantity, item.unitPrice]),
    ).toEqual([
      [2, 1500],
      [3, 250],
      [4, 250],
    ]);
    expect(Number(lead.charge_amount)).toBe(fixed.data.rows[0]!.chargeAmount);
  });

  it('groups reference numbers as the order stores them: a zero-width character or a marketplace # joins the same order', async () => {
    const { api } = await newImporter('en-US');
    const answer = await api.preview(
      await orderSheet([
        validRow(1),
        extraRow('\u2060REF-1', SOCKS_ROW),
        validRow(2),
        extraRow('#REF-2\u200b', SOCKS_ROW),
      ]),
    );
    // Two orders of two rows each: as four orders, two pairs would share one stored reference number.
    expect(answer.data).toMatchObject({ rowCount: 4, orderCount: 2, validOrderCount: 2, errorCount: 0 });
    const rows = [...(await allRows(api, answer.data.id)).values()];
    expect(rows.map((row) => [row.rowNumber, row.leadRowNumber])).toEqual([
      [2, 2],
      [3, 2],
      [4, 4],
      [5, 4],
    ]);
  });

  it('keeps an excluded order excluded when an edit moves an earlier row into it', async () => {
    const { api } = await newImporter('en-US');
    const answer = await api.preview(
      await orderSheet([validRow(1), validRow(2), extraRow('REF-2', SOCKS_ROW)]),
    );
    const id = answer.data.id;
    expect((await api.exclude({ id, rowNumbers: [4], excluded: true })).data).toMatchObject({
      validOrderCount: 1,
      excludedOrderCount: 1,
    });
    // Row 2 now leads REF-2: the order the user left out stays out, whatever row leads it.
    const moved = await api.updateRow({ id, rowNumber: 2, values: { customerOrderNo: 'REF-2' } });
    expect(moved.data.rows.map((row) => [row.rowNumber, row.state, row.leadRowNumber])).toEqual([
      [2, 'excluded', 2],
      [3, 'excluded', 2],
      [4, 'excluded', 2],
    ]);
    expect(moved.data.summary).toMatchObject({ orderCount: 1, validOrderCount: 0, excludedOrderCount: 1 });
  });

  it('re-checks the orders an edit touches: a duplicate made by an edit makes both rows invalid, and undoing it heals both', async () => {
    const { api, token } = await newImporter('en-US');
    const answer = await api.preview(await orderSheet([validRow(1), validRow(2), validRow(3)]));
    expect(answer.data.validOrderCount).toBe(3);
    const id = answer.data.id;

    const duplicate = await api.updateRow({ id, rowNumber: 4, values: { customerOrderNo: 'REF-1' } });
    expect(duplicate.success).toBe(true);
    expect(duplicate.data.rows.map((row) => [row.rowNumber, row.state, row.leadRowNumber])).toEqual([
      [2, 'invalid', 2],
      [4, 'invalid', 2],
    ]);
    expect(errorsOf(duplicate.data.rows[1])).toMatchObject({
      consigneeName: expect.stringContaining('Row 2 has this reference number'),
      consigneeAddressLine1: expect.stringContaining('Row 2 has this reference number'),
    });
    expect(duplicate.data.summary).toMatchObject({ orderCount: 2, validOrderCount: 1, invalidOrderCount: 1 });

    const undone = await api.updateRow({ id, rowNumber: 4, values: { customerOrderNo: 'REF-3' } });
    expect(undone.data.rows.map((row) => [row.rowNumber, row.state, row.leadRowNumber])).toEqual([
      [2, 'valid', 2],
      [4, 'valid', 4],
    ]);
    expect(undone.data.summary).toMatchObject({ orderCount: 3, validOrderCount: 3, errorCount: 0 });

    // A blank clears a cell; a control character is the cell's localized error, kept as typed.
    const cleared = await api.updateRow({
      id,
      rowNumber: 3,
      values: { consigneeCity: '  ', consigneeName: 'Jane\u0007Doe' },
    });
    expect(cleared.data.rows[0]!.values.consigneeCity).toBeUndefined();
    expect(errorsOf(cleared.data.rows[0])).toMatchObject({
      consigneeName: expect.stringContaining('invisible control character'),
      consigneeCity: expect.any(String),
    });
    // Another language reads the same errors in its own words.
    const chinese = await importApi(t.app, token, 'zh-CN').rows(id, { view: 'invalid' });
    expect(chinese.data.rows[0]!.errors.find((e) => e.field === 'consigneeName')!.message).toMatch(
      /控制字符/,
    );
  });

  it('runs edits of one import sent at once one after the other, losing none', async () => {
    const { api } = await newImporter('en-US');
    const rows = Array.from({ length: 6 }, (_, i) => validRow(i, { consigneeCountry: 'Atlantis' }));
    const id = (await api.preview(await orderSheet(rows))).data.id;
    const answers = await Promise.all(
      rows.map((_, i) => api.updateRow({ id, rowNumber: i + 2, values: { consigneeCountry: 'US' } })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(200));
    expect((await api.get(id)).data).toMatchObject({ rowCount: 6, validOrderCount: 6, errorCount: 0 });
    expect((await api.rows(id)).data.total).toBe(6);
  });

  it('excludes whole orders and takes them back, with totals following against the wallet', async () => {
    const { api, customerId } = await newImporter('en-US');
    const answer = await api.preview(
      await orderSheet([
        validRow(1, { customerOrderNo: 'TWO' }),
        validRow(2),
        extraRow('TWO', PARCEL_ROW),
        validRow(3, { consigneeCountry: 'Atlantis' }),
      ]),
    );
    const id = answer.data.id;
    const before = answer.data.totals[0]!.amount;
    const excluded = await api.exclude({ id, rowNumbers: [4, 5], excluded: true });
    expect(excluded.message).toBe('2 order(s) left out of the batch');
    expect(excluded.data).toMatchObject({ validOrderCount: 1, invalidOrderCount: 0, excludedOrderCount: 2 });
    expect(excluded.data.totals[0]!.amount).toBeLessThan(before);
    const rows = await allRows(api, id);
    expect([...rows.values()].map((row) => row.state)).toEqual(['excluded', 'valid', 'excluded', 'excluded']);
    const back = await api.exclude({ id, rowNumbers: [2, 5], excluded: false });
    expect(back.message).toBe('2 order(s) taken back into the batch');
    expect(back.data).toMatchObject({ validOrderCount: 2, invalidOrderCount: 1, excludedOrderCount: 0 });
    expect(back.data.totals[0]).toMatchObject({ amount: before, available: 0, insufficient: true });
    // The wallet's available money (balance + credit) against the total: exactly enough is enough.
    await fundCny(t.app.db, customerId, before);
    expect((await api.get(id)).data.totals).toEqual([
      { currencyCode: 'CNY', amount: before, available: before, insufficient: false },
    ]);
    expect((await api.exclude({ id, rowNumbers: [99], excluded: true })).code).toBe(404);
  });

  it.each([
    ['zh-CN', '已排除 1 个订单', '已恢复 1 个订单'],
    ['en-US', '1 order(s) left out of the batch', '1 order(s) taken back into the batch'],
    ['zh-TW', '已排除 1 筆訂單', '已恢復 1 筆訂單'],
  ] as const)(
    'says in %s how many orders the call left out or took back, not the size of the batch',
    async (language, left, back) => {
      const { api } = await newImporter(language);
      const rows = [validRow(1, { customerOrderNo: 'TWO' }), extraRow('TWO', PARCEL_ROW)];
      for (let i = 2; i <= 12; i++) rows.push(validRow(i));
      const id = (await api.preview(await orderSheet(rows, language))).data.id;
      // Both rows of one order of twelve: one order.
      const excluded = await api.exclude({ id, rowNumbers: [2, 3], excluded: true });
      expect([excluded.code, excluded.message]).toEqual([200, left]);
      expect(excluded.data).toMatchObject({ orderCount: 12, excludedOrderCount: 1 });
      const taken = await api.exclude({ id, rowNumbers: [3], excluded: false });
      expect([taken.code, taken.message]).toEqual([200, back]);
    },
  );

  it('checks and prices every order again with another product or sender', async () => {
    const { api, token, senderId } = await newImporter('en-US');
    const answer = await api.preview(
      await orderSheet([validRow(1), validRow(2, { productCode: 'US-DDP-EXP' })]),
    );
    const id = answer.data.id;
    const other = await call<{ id: string }>(t.app, {
      method: 'POST',
      url: '/api/CustomerAddress/Insert',
      token,
      body: { ...shipper({ name: '李四' }), addressType: 'sender', isDefault: false },
    });
    const settings = await api.settings({ id, productCode: 'JP-EXP', shipperAddressId: other.data.id });
    expect(settings.data).toMatchObject({
      productCode: 'JP-EXP',
      shipperAddressId: other.data.id,
      validOrderCount: 1,
      invalidOrderCount: 1,
    });
    const rows = await allRows(api, id);
    expect(errorsOf(rows.get(2)).consigneeCountry).toContain('JP-EXP');
    const back = await api.settings({ id, productCode: 'US-DDP-EXP', shipperAddressId: senderId });
    expect(back.data.validOrderCount).toBe(2);

    const stranger = await newImporter('en-US');
    const foreign = await api.settings({
      id,
      productCode: 'US-DDP-EXP',
      shipperAddressId: stranger.senderId,
    });
    expect(foreign).toMatchObject({ code: 404, success: false });
    expect((await api.get(id)).data.shipperAddressId).toBe(senderId);
  });

  it('asks for a mapping when the headers are not the template’s, with the first rows beside it', async () => {
    const { api } = await newImporter('en-US');
    const answer = await api.preview(await marketplaceSheet([validRow(1), validRow(2)]));
    expect(answer).toMatchObject({ success: true, data: { status: 'mapping', rowCount: 2, orderCount: 0 } });
    expect(answer.data.headers[0]).toBe('Order ID');
    expect(answer.data.sampleRows[1]![0]).toBe('REF-2');
    expect((await api.rows(answer.data.id)).data.rows[0]!.values).toEqual({});
    // Nothing to edit until the columns are named.
    expect((await api.updateRow({ id: answer.data.id, rowNumber: 2, values: { remark: 'x' } })).code).toBe(
      409,
    );
  });

  it('refuses edits once the commit started, and discards an import with its rows', async () => {
    const { api, customerId } = await newImporter('en-US');
    const answer = await api.preview(await orderSheet([validRow(1)]));
    const id = answer.data.id;
    await t.app.db.updateTable('order_imports').set({ status: 'committing' }).where('id', '=', id).execute();
    const refused = await api.updateRow({ id, rowNumber: 2, values: { remark: 'late' } });
    expect(refused).toMatchObject({
      code: 409,
      message: expect.stringContaining('can no longer be changed'),
    });
    expect((await api.exclude({ id, rowNumbers: [2], excluded: true })).code).toBe(409);
    expect((await api.discard(id)).code).toBe(409);
    await t.app.db.updateTable('order_imports').set({ status: 'ready' }).where('id', '=', id).execute();
    expect(await api.discard(id)).toMatchObject({ code: 200, message: 'Batch discarded' });
    expect(await importCount(customerId)).toBe(0);
    const left = await t.app.db
      .selectFrom('order_import_rows')
      .select('row_number')
      .where('import_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await api.get(id)).code).toBe(404);
  });

  it('deletes imports past their keeping time in the retention task', async () => {
    const { api, customerId } = await newImporter();
    const kept = await api.preview(await orderSheet([validRow(1)]));
    const old = await api.preview(await orderSheet([validRow(2)]));
    await t.app.db
      .updateTable('order_imports')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', old.data.id)
      .execute();
    const { deleteExpiredData } = await import('../../src/jobs/retention.ts');
    const deleted = await deleteExpiredData(t.app.db, new Date(), 180);
    expect(deleted.orderImports).toBeGreaterThanOrEqual(1);
    expect(await importCount(customerId)).toBe(1);
    expect((await api.get(kept.data.id)).code).toBe(200);
    expect((await api.get(old.data.id)).code).toBe(404);
  });
});

describe(`hostile uploads and callers on ${ENGINE}`, () => {
  const MESSAGES = {
    notXlsx: 'The file is not a valid Excel workbook (.xlsx); please use the import template',
    zipBomb: 'The file would unpack to an abnormal size and was refused',
    malformed: 'The upload was incomplete or malformed; please choose the file and upload it again',
  };

  it('refuses a renamed PDF, an empty file, a zip bomb and a sheet without rows, keeping nothing', async () => {
    const { api, customerId } = await newImporter('en-US');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF');
    expect(await api.preview(pdf)).toMatchObject({ code: 400, message: MESSAGES.notXlsx });
    expect(await api.preview(Buffer.alloc(0))).toMatchObject({ code: 400, success: false });
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const bomb = zipArchive([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 },
    ]);
    expect(await api.preview(bomb)).toMatchObject({ code: 400, message: MESSAGES.zipBomb });
    expect(await api.preview(Buffer.alloc(20 * 1024 * 1024 + 1))).toMatchObject({
      code: 400,
      message: 'The file is too large; the limit is 20 MB',
    });
    expect(await api.preview(await rawSheet([templateHeaders('en-US')]))).toMatchObject({
      code: 400,
      message: expect.stringContaining('no order rows'),
    });
    expect(await api.preview(await orderSheet([validRow(1)]), { productCode: '' })).toMatchObject({
      code: 400,
      message: 'The upload’s settings are not valid: Product',
      data: { errors: [{ field: 'productCode', message: 'Product is not valid; please choose again' }] },
    });
    expect(await importCount(customerId)).toBe(0);
    expect(await storedFileCount(customerId)).toBe(0);
  });

  it.each([
    [
      'zh-CN',
      '上传参数有误：产品、发件地址、已保存的列对应',
      ['产品无效，请重新选择', '发件地址无效，请重新选择', '已保存的列对应无效，请重新选择'],
    ],
    [
      'en-US',
      'The upload’s settings are not valid: Product, Sender address, Saved column match',
      [
        'Product is not valid; please choose again',
        'Sender address is not valid; please choose again',
        'Saved column match is not valid; please choose again',
      ],
    ],
    [
      'zh-TW',
      '上傳參數有誤：產品、寄件地址、已儲存的欄位對應',
      ['產品無效，請重新選擇', '寄件地址無效，請重新選擇', '已儲存的欄位對應無效，請重新選擇'],
    ],
  ] as const)(
    'names each bad upload field in %s, the template filled in',
    async (language, message, texts) => {
      const { api, customerId } = await newImporter(language);
      const answer = await api.preview(await orderSheet([validRow(1)], language), {
        productCode: '',
        shipperAddressId: 'not an id',
        mappingId: 'x'.repeat(65),
      });
      expect(answer).toMatchObject({ code: 400, message });
      expect((answer.data as unknown as { errors: unknown }).errors).toEqual([
        { field: 'productCode', message: texts[0] },
        { field: 'shipperAddressId', message: texts[1] },
        { field: 'mappingId', message: texts[2] },
      ]);
      expect(JSON.stringify(answer)).not.toContain('{fields}');
      expect(await importCount(customerId)).toBe(0);
    },
  );

  it('refuses a sheet whose row numbers repeat or go back (a hand-made file) with a clear 400, storing nothing', async () => {
    const { api, customerId } = await newImporter('en-US');
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const headers = templateHeaders('en-US');
    const header = `<row r="1">${headers.map((h, i) => cell(`${String.fromCharCode(65 + (i % 26))}1`, h)).join('')}</row>`;
    const sheet = (rows: number[]) =>
      zipArchive([
        { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
        { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(
            `<worksheet><sheetData>${header}${rows.map((r) => `<row r="${r}">${cell(`A${r}`, `REF-${r}`)}</row>`).join('')}</sheetData></worksheet>`,
          ),
        },
      ]);
    for (const rows of [
      [2, 3, 3],
      [2, 4, 3],
    ]) {
      const answer = await api.preview(sheet(rows));
      expect(answer).toMatchObject({ code: 400, success: false, message: expect.stringContaining('row 3') });
    }
    expect(await importCount(customerId)).toBe(0);
  });

  it('answers a malformed multipart body and a body without a file with a clear 400', async () => {
    const { token } = await newImporter('en-US');
    const send = (payload: string | Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/CustomerOrder/BatchImportPreview',
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'accept-language': 'en-US',
        },
      });
    const cut = multipartBody(await orderSheet([validRow(1)]), { productCode: 'US-DDP-EXP' });
    const truncated = await send(cut.payload.subarray(0, cut.payload.length - 40), cut.contentType);
    expect(truncated.json()).toMatchObject({ code: 400, message: MESSAGES.malformed });
    const noBoundary = await send('--x\r\n', 'multipart/form-data');
    expect(noBoundary.json()).toMatchObject({ code: 400, success: false });
    const json = await send(JSON.stringify({ productCode: 'US-DDP-EXP' }), 'application/json');
    expect(json.json()).toMatchObject({ code: 400, success: false });
  });

  it('refuses a sheet over the row limit, naming it, and keeps nothing', async () => {
    const small = await createTestApp({ ORDER_IMPORT_MAX_ROWS: '5' });
    try {
      const { customerId, token } = await newOrderCustomer(small.app);
      const api = importApi(small.app, token, 'en-US');
      const answer = await api.preview(await orderSheet(Array.from({ length: 6 }, (_, i) => validRow(i))));
      expect(answer).toMatchObject({ code: 400, message: expect.stringContaining('at most 5 rows') });
      const left = await small.app.db
        .selectFrom('order_imports')
        .select('id')
        .where('customer_id', '=', customerId)
        .execute();
      expect(left).toEqual([]);
      const rows = await small.app.db.selectFrom('order_import_rows').select('row_number').execute();
      expect(rows).toEqual([]);
      expect(
        (await api.preview(await orderSheet(Array.from({ length: 5 }, (_, i) => validRow(i))))).data.rowCount,
      ).toBe(5);
    } finally {
      await small.close();
    }
  });

  it('answers another customer’s import like an unknown one, on every call', async () => {
    const owner = await newImporter('en-US');
    const answer = await owner.api.preview(await orderSheet([validRow(1)]));
    const id = answer.data.id;
    const stranger = await newImporter('en-US');
    const notFound = {
      code: 404,
      success: false,
      message: 'This import does not exist or has expired; please upload the file again',
    };
    expect(await stranger.api.get(id)).toMatchObject(notFound);
    expect(await stranger.api.get('no-such-import')).toMatchObject(notFound);
    expect(await stranger.api.rows(id)).toMatchObject(notFound);
    expect(await stranger.api.updateRow({ id, rowNumber: 2, values: { remark: 'x' } })).toMatchObject(
      notFound,
    );
    expect(await stranger.api.exclude({ id, rowNumbers: [2], excluded: true })).toMatchObject(notFound);
    expect(
      await stranger.api.settings({ id, productCode: 'US-DDP-EXP', shipperAddressId: stranger.senderId }),
    ).toMatchObject(notFound);
    expect(await stranger.api.discard(id)).toMatchObject(notFound);
    expect((await owner.api.get(id)).data).toMatchObject({ validOrderCount: 1, excludedOrderCount: 0 });
    expect((await owner.api.rows(id)).data.rows[0]!.values.remark).toBeUndefined();
  });

  it('needs order:create for every call', async () => {
    const owner = await newImporter('en-US');
    const answer = await owner.api.preview(await orderSheet([validRow(1)]));
    const viewer = await signIn(
      t.app,
      await createUser(t.app.db, owner.customerId, { permissions: ['order:view'] }),
    );
    const api = importApi(t.app, viewer.jwtToken, 'en-US');
    const forbidden = { code: 403, message: expect.stringContaining('order:create') };
    expect(await api.preview(await orderSheet([validRow(2)]))).toMatchObject(forbidden);
    expect(await api.get(answer.data.id)).toMatchObject(forbidden);
    expect(await api.rows(answer.data.id)).toMatchObject(forbidden);
    expect(await api.updateRow({ id: answer.data.id, rowNumber: 2, values: { remark: 'x' } })).toMatchObject(
      forbidden,
    );
    expect(await api.exclude({ id: answer.data.id, rowNumbers: [2], excluded: true })).toMatchObject(
      forbidden,
    );
    expect(await api.discard(answer.data.id)).toMatchObject(forbidden);
    expect(await importCount(owner.customerId)).toBe(1);
  });

  it('refuses malformed and oversized bodies with a localized 400, changing nothing', async () => {
    const { api } = await newImporter('en-US');
    const id = (await api.preview(await orderSheet([validRow(1)]))).data.id;
    const tooLong = await api.updateRow({ id, rowNumber: 2, values: { remark: 'x'.repeat(501) } });
    expect(tooLong).toMatchObject({ code: 400, success: false });
    expect((await api.updateRow({ id, rowNumber: 2, values: { noSuchField: 'x' } })).code).toBe(400);
    expect((await api.updateRow({ id, rowNumber: 1, values: { remark: 'x' } })).code).toBe(400);
    expect((await api.updateRow({ id, rowNumber: 99, values: { remark: 'x' } })).code).toBe(404);
    expect((await api.updateRow({ id, rowNumber: 'two', values: {} })).code).toBe(400);
    expect((await api.exclude({ id, rowNumbers: [], excluded: true })).code).toBe(400);
    // Beyond a sheet's last row (and PostgreSQL's integer): the schema's 400, not the database's 500.
    expect((await api.updateRow({ id, rowNumber: 2 ** 31, values: { remark: 'x' } })).code).toBe(400);
    expect((await api.exclude({ id, rowNumbers: [2 ** 31], excluded: true })).code).toBe(400);
    const huge = await api.updateRow({
      id,
      rowNumber: 2,
      values: { remark: 'x' },
      padding: 'y'.repeat(200 * 1024),
    });
    expect(huge.success).toBe(false);
    expect((await api.rows(id, { limit: '501' })).code).toBe(400);
    expect((await api.rows(id, { view: 'everything' })).code).toBe(400);
    expect((await api.get(id)).data).toMatchObject({ validOrderCount: 1, errorCount: 0 });
  });
});
