import { ApiCode } from '@portal/contracts/envelope';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import {
  ORDER_IMPORT_MAPPING_NAME_MAX,
  ORDER_IMPORT_MAX_MAPPINGS,
  ORDER_SHEET_COLUMNS,
  type OrderImportRowsChanged,
  type OrderImportSavedMapping,
  type OrderImportSummary,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import { Permission } from '@portal/contracts/permissions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { newOrderCustomer, shipper, US_PRODUCT } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A smaller row limit keeps the template's drop-down ranges (which ExcelJS expands cell by cell when
  // it reads them back) quick to reopen.
  t = await createTestApp({ ORDER_IMPORT_MAX_ROWS: '1000' });
});
afterAll(async () => t.close());

type Answer<T> = Awaited<ReturnType<typeof call<T>>>;

/** A customer with a default sender address (the preview's sender) and its token. */
async function newCustomer() {
  const customer = await newOrderCustomer(t.app);
  const address = await call(t.app, {
    method: 'POST',
    url: '/api/CustomerAddress/Insert',
    token: customer.token,
    body: { addressType: 'sender', ...shipper(), isDefault: true },
  });
  expect(address.code).toBe(ApiCode.Ok);
  return customer;
}

async function sheetFile(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readXlsx(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  return book;
}

const cellTexts = (row: ExcelJS.Row) => {
  const values = row.values as unknown[];
  return values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value)));
};

/** Uploads a sheet to the preview (text fields first, then the file). */
async function preview(
  token: string,
  file: Buffer,
  fields: Record<string, string> = {},
  language: Language = 'en-US',
): Promise<Answer<OrderImportSummary>> {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries({ productCode: US_PRODUCT, ...fields }).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/CustomerOrder/BatchImportPreview',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': language,
    },
  });
  const body = response.json() as {
    code: number;
    success: boolean;
    message: string;
    data: OrderImportSummary;
  };
  return { httpStatus: response.statusCode, ...body, headers: response.headers };
}

const post = <T>(token: string, url: string, body: unknown, language: Language = 'en-US') =>
  call<T>(t.app, { method: 'POST', url, token, body, headers: { 'accept-language': language } });

const applyMapping = (token: string, body: unknown, language: Language = 'en-US') =>
  post<OrderImportSummary>(token, '/api/CustomerOrder/BatchImportApplyMapping', body, language);

const savedMappings = async (token: string) =>
  (await call<OrderImportSavedMapping[]>(t.app, { url: '/api/CustomerOrder/BatchImportMappings', token }))
    .data;

const download = (token: string, url: string, language: Language = 'en-US') =>
  t.app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-language': language } });

const mappingCount = async (customerId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('order_import_mappings')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * An Amazon-style order report with the columns a shipper adds (weights, sizes, Chinese names). Order
 * 114-1 has two lines; each row repeats the consignee as the export does.
 */
const MARKETPLACE_HEADERS = [
  'order-id',
  'purchase-date',
  'buyer-name',
  'recipient-name',
  'ship-phone-number',
  'ship-address-1',
  'ship-city',
  'ship-state',
  'ship-postal-code',
  'ship-country',
  'product-name',
  'Chinese name',
  'quantity-purchased',
  'item-price',
  'currency',
  'Weight (kg)',
  'Length',
  'Width',
  'Height',
];
const marketplaceRows = (headers = MARKETPLACE_HEADERS) => {
  const lines = [
    [
      '114-1',
      '2026-11-20',
      'Buyer A',
      'Jane Doe',
      '+1 555 123 4567',
      '1 Main Street',
      'Los Angeles',
      'CA',
      '90001',
      'US',
      'T-shirt',
      'T恤',
      '2',
      '15.00',
      'USD',
      '1.2',
      '30',
      '20',
      '10',
    ],
    [
      '114-1',
      '2026-11-20',
      'Buyer A',
      'Jane Doe',
      '+1 555 123 4567',
      '1 Main Street',
      'Los Angeles',
      'CA',
      '90001',
      'US',
      'Cap',
      '帽子',
      '1',
      '9.90',
      'USD',
      '0.5',
      '20',
      '15',
      '8',
    ],
    [
      '114-2',
      '2026-11-21',
      'Buyer B',
      'John Smith',
      '+1 555 987 6543',
      '9 Ocean Ave',
      'Los Angeles',
      'CA',
      '90002',
      'US',
      'Mug',
      '杯子',
      '1',
      '7.50',
      'USD',
      '0.9',
      '15',
      '15',
      '15',
    ],
  ];
  const order = headers.map((header) => MARKETPLACE_HEADERS.indexOf(header));
  return [headers, ...lines.map((line) => order.map((index) => line[index] ?? ''))];
};

/** The guessed mapping a marketplace upload answers, as the page would confirm it (plus the Chinese name). */
const confirmed = (guess: OrderSheetMapping): OrderSheetMapping => ({
  ...guess,
  itemNameCn: MARKETPLACE_HEADERS.indexOf('Chinese name'),
});

describe(`batch import: template, mapping, error report on ${ENGINE}`, () => {
  it('gives the template in each language, with drop-downs, notes and examples that preview clean', async () => {
    const { token } = await newCustomer();
    for (const language of LANGUAGES) {
      const response = await download(
        token,
        `/api/CustomerOrder/BatchImportTemplate?language=${language}`,
        'zh-CN',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
      const book = await readXlsx(response.rawPayload);
      const [orders, instructions, lists] = book.worksheets;
      expect(orders?.name).toBe({ 'zh-CN': '订单', 'en-US': 'orders', 'zh-TW': '訂單' }[language]);
      expect(instructions?.name).toBe(
        { 'zh-CN': '填写说明', 'en-US': 'instructions', 'zh-TW': '填寫說明' }[language],
      );
      expect(lists?.state).toBe('hidden');
      // Three example rows (two of them one order), before any cell below is looked at.
      expect(orders!.rowCount).toBe(4);
      expect(cellTexts(orders!.getRow(4))[0]).toBe('EXAMPLE-002');
      const header = cellTexts(orders!.getRow(1));
      expect(header).toEqual(
        ORDER_SHEET_COLUMNS.map((c) => (c.required ? `${c.header[language]} *` : c.header[language])),
      );
      const phone = ORDER_SHEET_COLUMNS.findIndex((c) => c.field === 'consigneePhone') + 1;
      expect(orders!.getRow(1).getCell(phone).note).toBeTruthy();
      expect(orders!.getRow(2).getCell(phone).numFmt).toBe('@');
      // The product list holds the caller's codes; country, customs terms, currency, yes/no have lists.
      expect((lists!.getColumn(1).values as unknown[]).filter(Boolean)).toContain(US_PRODUCT);
      const validation = (field: string) => {
        const index = ORDER_SHEET_COLUMNS.findIndex((c) => c.field === field) + 1;
        return orders!.getRow(50).getCell(index).dataValidation;
      };
      expect(validation('productCode')?.type).toBe('list');
      expect(validation('productCode')?.formulae?.[0]).toContain('$A$1');
      expect(validation('consigneeCountry')?.formulae?.[0]).toContain('$B$1');
      expect(validation('customsTerms')?.formulae?.[0]).toBe('"DDU,DDP"');
      expect(validation('itemCurrency')?.formulae?.[0]).toContain('$C$1');
      expect(validation('hasBattery')?.formulae?.[0]).toBe(language === 'en-US' ? '"Yes,No"' : '"是,否"');
      expect(validation('consigneeName')).toBeUndefined();
      // The instructions explain the grouping of the examples.
      const rules = (instructions!.getColumn(1).values as unknown[]).map(String).join('\n');
      expect(rules).toContain('EXAMPLE-002');
      expect(rules).toContain('1,000');
      expect(validation('productCode')?.formulae?.[0]).toMatch(/!\$A\$1:\$A\$\d+$/);
      expect(orders!.getRow(1001).getCell(2).dataValidation?.type).toBe('list');
      expect(orders!.getRow(1002).getCell(2).dataValidation).toBeUndefined();

      const previewed = await preview(token, response.rawPayload, {}, language);
      expect(previewed.code, previewed.message).toBe(ApiCode.Ok);
      expect(previewed.data).toMatchObject({
        status: 'ready',
        rowCount: 3,
        orderCount: 2,
        validOrderCount: 2,
        invalidOrderCount: 0,
        errorCount: 0,
      });
    }
    // Without ?language the caller's language is used.
    const own = await readXlsx(
      (await download(token, '/api/CustomerOrder/BatchImportTemplate', 'zh-TW')).rawPayload,
    );
    expect(own.worksheets[0]?.name).toBe('訂單');
  });

  it('guesses a marketplace sheet, saves the mapping and applies it by itself to the next upload with the same headers', async () => {
    const { token } = await newCustomer();
    const first = await preview(token, await sheetFile(marketplaceRows()));
    expect(first.code, first.message).toBe(ApiCode.Ok);
    expect(first.data.status).toBe('mapping');
    expect(first.data.mapping).toMatchObject({
      customerOrderNo: 0,
      consigneeName: MARKETPLACE_HEADERS.indexOf('recipient-name'),
      consigneePhone: MARKETPLACE_HEADERS.indexOf('ship-phone-number'),
      itemNameEn: MARKETPLACE_HEADERS.indexOf('product-name'),
      parcelWeight: MARKETPLACE_HEADERS.indexOf('Weight (kg)'),
    });

    const applied = await applyMapping(token, {
      id: first.data.id,
      mapping: confirmed(first.data.mapping),
      saveAs: 'Amazon US',
    });
    expect(applied.code, applied.message).toBe(ApiCode.Ok);
    expect(applied.message).toBe('Columns applied and saved as "Amazon US"');
    expect(applied.data).toMatchObject({
      status: 'ready',
      mappingName: 'Amazon US',
      orderCount: 2,
      validOrderCount: 2,
    });

    const [saved] = await savedMappings(token);
    expect(saved).toMatchObject({ name: 'Amazon US' });
    expect(saved?.columns).toMatchObject({ consigneeName: 'recipient-name', itemNameCn: 'Chinese name' });

    // The next export: the same headers in another order → the saved mapping, no mapping step.
    const reordered = [...MARKETPLACE_HEADERS].reverse();
    const second = await preview(token, await sheetFile(marketplaceRows(reordered)));
    expect(second.code, second.message).toBe(ApiCode.Ok);
    expect(second.data).toMatchObject({ status: 'ready', mappingName: 'Amazon US', validOrderCount: 2 });
    expect(second.data.mapping.consigneeName).toBe(reordered.indexOf('recipient-name'));
    const [used] = await savedMappings(token);
    expect(used?.lastUsedAt).not.toBeNull();

    // Asked for by id, too; saving again under the same name replaces it (still one mapping).
    const third = await preview(token, await sheetFile(marketplaceRows()), { mappingId: saved!.id });
    expect(third.data).toMatchObject({ status: 'ready', mappingName: 'Amazon US' });
    // An order left out, then the columns applied again: the rows are grouped anew, so no order inherits
    // an exclusion that named another grouping's order (all in again, none silently flipped).
    const excluded = await post<OrderImportSummary>(token, '/api/CustomerOrder/BatchImportExclude', {
      id: third.data.id,
      rowNumbers: [2],
      excluded: true,
    });
    expect(excluded.data).toMatchObject({ excludedOrderCount: 1, validOrderCount: 1 });
    const again = await applyMapping(token, {
      id: third.data.id,
      mapping: confirmed(first.data.mapping),
      saveAs: 'Amazon US',
    });
    expect(again.code).toBe(ApiCode.Ok);
    expect(again.data).toMatchObject({ excludedOrderCount: 0, validOrderCount: 2 });
    expect((await savedMappings(token)).map((m) => m.name)).toEqual(['Amazon US']);
  });

  it('leaves a sheet lacking a header of the asked-for mapping in the mapping step, with what matched', async () => {
    const { token } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows()));
    await applyMapping(token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
      saveAs: 'Full',
    });
    const [saved] = await savedMappings(token);
    const lacking = MARKETPLACE_HEADERS.filter((header) => header !== 'Chinese name');
    const second = await preview(token, await sheetFile(marketplaceRows(lacking)), { mappingId: saved!.id });
    expect(second.code, second.message).toBe(ApiCode.Ok);
    expect(second.data).toMatchObject({ status: 'mapping', mappingName: 'Full' });
    expect(second.data.mapping.itemNameCn).toBeUndefined();
    expect(second.data.mapping.consigneeName).toBe(lacking.indexOf('recipient-name'));
  });

  it(`keeps at most ${ORDER_IMPORT_MAX_MAPPINGS} saved mappings, but replacing one by name is allowed`, async () => {
    const { token, customerId } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows()));
    const mapping = confirmed(uploaded.data.mapping);
    expect((await applyMapping(token, { id: uploaded.data.id, mapping, saveAs: 'Kept' })).code).toBe(
      ApiCode.Ok,
    );
    const [kept] = await t.app.db
      .selectFrom('order_import_mappings')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    await t.app.db
      .insertInto('order_import_mappings')
      .values(
        Array.from({ length: ORDER_IMPORT_MAX_MAPPINGS - 1 }, (_, i) => ({
          ...kept!,
          id: `${kept!.id}-${i}`,
          name: `Other ${i}`,
          last_used_at: null,
        })),
      )
      .execute();
    const refused = await applyMapping(token, { id: uploaded.data.id, mapping, saveAs: 'One too many' });
    expect(refused.code).toBe(ApiCode.BadRequest);
    expect(refused.message).toBe(
      `At most ${ORDER_IMPORT_MAX_MAPPINGS} column mappings can be saved; please delete one you no longer use`,
    );
    expect(await mappingCount(customerId)).toBe(ORDER_IMPORT_MAX_MAPPINGS);
    const replaced = await applyMapping(token, { id: uploaded.data.id, mapping, saveAs: 'Kept' });
    expect(replaced.code).toBe(ApiCode.Ok);
    const listed = await savedMappings(token);
    expect(listed).toHaveLength(ORDER_IMPORT_MAX_MAPPINGS);
    // Most recently used first; never-used ones after.
    expect(listed[0]?.name).toBe('Kept');
    expect(listed.at(-1)?.lastUsedAt).toBeNull();
  });

  it("refuses another customer's mapping and import (404), applying nothing", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const uploaded = await preview(owner.token, await sheetFile(marketplaceRows()));
    const applied = await applyMapping(owner.token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
      saveAs: 'Mine',
    });
    expect(applied.code).toBe(ApiCode.Ok);
    const [mine] = await savedMappings(owner.token);

    const refused = await preview(stranger.token, await sheetFile(marketplaceRows()), {
      mappingId: mine!.id,
    });
    expect(refused.code).toBe(ApiCode.NotFound);
    expect(refused.message).toBe('The column mapping was not found (it may have been deleted)');
    const strangerImports = await t.app.db
      .selectFrom('order_imports')
      .select('id')
      .where('customer_id', '=', stranger.customerId)
      .execute();
    expect(strangerImports).toEqual([]);
    // The stranger's own upload of the same headers is not given the owner's mapping.
    const own = await preview(stranger.token, await sheetFile(marketplaceRows()));
    expect(own.data).toMatchObject({ status: 'mapping', mappingName: null });

    const onOthersImport = await applyMapping(stranger.token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
    });
    expect(onOthersImport.code).toBe(ApiCode.NotFound);
    const deleted = await post(stranger.token, '/api/CustomerOrder/BatchImportDeleteMapping', {
      id: mine!.id,
    });
    expect(deleted.code).toBe(ApiCode.NotFound);
    expect(await mappingCount(owner.customerId)).toBe(1);
    const report = await download(
      stranger.token,
      `/api/CustomerOrder/BatchImportErrorReport?id=${uploaded.data.id}`,
    );
    expect((report.json() as { code: number }).code).toBe(ApiCode.NotFound);
  });

  it('deletes a saved mapping', async () => {
    const { token, customerId } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows()));
    await applyMapping(token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
      saveAs: 'Temp',
    });
    const [saved] = await savedMappings(token);
    const deleted = await post(token, '/api/CustomerOrder/BatchImportDeleteMapping', { id: saved!.id });
    expect(deleted.code).toBe(ApiCode.Ok);
    expect(deleted.message).toBe('Column mapping deleted');
    expect(await savedMappings(token)).toEqual([]);
    expect(await mappingCount(customerId)).toBe(0);
    expect((await post(token, '/api/CustomerOrder/BatchImportDeleteMapping', { id: saved!.id })).code).toBe(
      ApiCode.NotFound,
    );
  });

  it('refuses a bad mapping with a clear message in the caller’s language, storing nothing', async () => {
    const { token, customerId } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows()));
    const id = uploaded.data.id;
    const good = confirmed(uploaded.data.mapping);

    const twice = await applyMapping(token, {
      id,
      mapping: { ...good, consigneeCity: good.consigneeName },
      saveAs: 'X',
    });
    expect(twice.code).toBe(ApiCode.BadRequest);
    expect(twice.message).toContain('One column cannot fill two fields');
    const twiceZh = await applyMapping(
      token,
      { id, mapping: { ...good, consigneeCity: good.consigneeName } },
      'zh-CN',
    );
    expect(twiceZh.message).toContain('同一列不能对应两个字段');

    const { itemNameCn: _cn, parcelWeight: _weight, ...lacking } = good;
    const missing = await applyMapping(token, { id, mapping: lacking, saveAs: 'X' });
    expect(missing.code).toBe(ApiCode.BadRequest);
    expect(missing.message).toBe(
      'Choose a column or give a default value for: Parcel weight (kg), Item name (Chinese)',
    );
    const missingTw = await applyMapping(token, { id, mapping: lacking }, 'zh-TW');
    expect(missingTw.message).toBe('請為以下欄位選擇欄或填寫預設值：包裹重量(kg)、中文品名');

    const outside = await applyMapping(token, { id, mapping: { ...good, remark: 40 } });
    expect(outside.code).toBe(ApiCode.BadRequest);
    expect(outside.message).toBe('The sheet has no column AO');

    const control = await applyMapping(token, { id, mapping: good, saveAs: 'Amazon\u0007US' });
    expect(control.code).toBe(ApiCode.BadRequest);
    expect(control.message).toContain('invisible control character');
    const bidi = await applyMapping(token, { id, mapping: good, saveAs: 'abc\u202Edef' });
    expect(bidi.code).toBe(ApiCode.BadRequest);
    const long = await applyMapping(token, {
      id,
      mapping: good,
      saveAs: 'x'.repeat(ORDER_IMPORT_MAPPING_NAME_MAX + 1),
    });
    expect(long.code).toBe(ApiCode.BadRequest);
    const malformed = await applyMapping(token, { id, mapping: { consigneeName: -1, notAField: 2 } });
    expect(malformed.code).toBe(ApiCode.BadRequest);

    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerOrder/BatchImportApplyMapping',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id, mapping: good, saveAs: 'x'.repeat(64 * 1024) }),
    });
    expect(oversized.statusCode).toBe(413);

    expect(await mappingCount(customerId)).toBe(0);
    const unchanged = await call<OrderImportSummary>(t.app, {
      url: '/api/CustomerOrder/BatchImportGet',
      token,
      query: { id },
    });
    expect(unchanged.data.status).toBe('mapping');
  });

  it('fills fields without a column from default values, saves them with the mapping and applies them on re-use', async () => {
    // A marketplace export with no weight, size or Chinese name: refused without defaults.
    const bare = MARKETPLACE_HEADERS.filter(
      (header) => !['Chinese name', 'Weight (kg)', 'Length', 'Width', 'Height'].includes(header),
    );
    const { token, customerId } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows(bare)));
    expect(uploaded.data.status).toBe('mapping');
    const id = uploaded.data.id;
    const mapping = uploaded.data.mapping;
    expect(mapping.parcelWeight).toBeUndefined();
    const refused = await applyMapping(token, { id, mapping });
    expect(refused.code).toBe(ApiCode.BadRequest);
    expect(refused.message).toContain('Parcel weight (kg)');

    const defaults = {
      parcelWeight: '0.5',
      parcelLength: '10',
      parcelWidth: '10',
      parcelHeight: '10',
      itemNameCn: '服装',
    };
    // Hostile and wrong defaults: each refused with the cell's own message, nothing stored.
    const wrong = async (body: Record<string, unknown>, language: Language = 'en-US') => {
      const answer = await applyMapping(token, { id, mapping, ...body }, language);
      expect(answer.code, answer.message).toBe(ApiCode.BadRequest);
      return answer.message;
    };
    expect(await wrong({ defaults: { ...defaults, parcelWeight: 'heavy' }, saveAs: 'X' })).toMatch(
      /^The default value of "Parcel weight \(kg\)" is not valid: /,
    );
    expect(await wrong({ defaults: { ...defaults, parcelWeight: '-1' } }, 'zh-CN')).toMatch(
      /^“包裹重量\(kg\)”的默认值有误：/,
    );
    expect(await wrong({ defaults: { ...defaults, itemOriginCountry: 'Atlantis' } }, 'zh-TW')).toMatch(
      /^「.+」的預設值有誤：.+/,
    );
    expect(await wrong({ defaults: { ...defaults, consigneeName: 'Someone' } })).toBe(
      '"Consignee name" has a column in the sheet; it cannot also have a default value',
    );
    expect(await wrong({ defaults: { ...defaults, customerOrderNo: 'A-1' } })).toBe(
      '"Reference number" cannot have a default value',
    );
    expect(await wrong({ defaults: { ...defaults, itemNameCn: '服\u0000装' } })).toContain(
      'invisible control character',
    );
    expect(await wrong({ defaults: { ...defaults, itemNameCn: '   ' } })).toContain('Default value');
    expect(await wrong({ defaults: { ...defaults, itemNameCn: 'x'.repeat(501) } })).toContain('500');
    expect(await wrong({ defaults: { ...defaults, notAField: '1' } })).toBeTruthy();
    expect(await wrong({ defaults: ['0.5'] })).toBeTruthy();
    expect(await mappingCount(customerId)).toBe(0);
    const untouched = await call<OrderImportSummary>(t.app, {
      url: '/api/CustomerOrder/BatchImportGet',
      token,
      query: { id },
    });
    expect(untouched.data).toMatchObject({ status: 'mapping', defaults: {} });

    // Another customer cannot apply defaults to this import.
    const stranger = await newCustomer();
    const foreign = await applyMapping(stranger.token, { id, mapping, defaults });
    expect(foreign.code).toBe(ApiCode.NotFound);

    const applied = await applyMapping(token, { id, mapping, defaults, saveAs: 'Bare export' });
    expect(applied.code, applied.message).toBe(ApiCode.Ok);
    expect(applied.data).toMatchObject({ status: 'ready', orderCount: 2, validOrderCount: 2, defaults });
    // The weight and size on each order's first row (one parcel), the Chinese name on every item row.
    const rows = await call<{ rows: { rowNumber: number; values: Record<string, string> }[] }>(t.app, {
      url: '/api/CustomerOrder/BatchImportRows',
      token,
      query: { id },
    });
    const byRow = new Map(rows.data.rows.map((row) => [row.rowNumber, row.values]));
    expect(byRow.get(2)).toMatchObject({ parcelWeight: '0.5', parcelLength: '10', itemNameCn: '服装' });
    expect(byRow.get(3)?.parcelWeight).toBeUndefined();
    expect(byRow.get(3)?.itemNameCn).toBe('服装');
    expect(byRow.get(4)).toMatchObject({ parcelWeight: '0.5', itemNameCn: '服装' });
    const [saved] = await savedMappings(token);
    expect(saved).toMatchObject({ name: 'Bare export', defaults });

    // The next export with the same headers: the saved mapping and its defaults, no mapping step.
    const next = await preview(token, await sheetFile(marketplaceRows(bare)));
    expect(next.data).toMatchObject({
      status: 'ready',
      mappingName: 'Bare export',
      validOrderCount: 2,
      defaults,
    });
  });

  it('answers 403 to a user without order:create on every call', async () => {
    const { customerId, token } = await newCustomer();
    const uploaded = await preview(token, await sheetFile(marketplaceRows()));
    const viewer = await createUser(t.app.db, customerId, { permissions: [Permission.OrderView] });
    const { jwtToken } = await signIn(t.app, viewer);
    const calls = [
      call(t.app, { url: '/api/CustomerOrder/BatchImportTemplate', token: jwtToken }),
      call(t.app, { url: '/api/CustomerOrder/BatchImportMappings', token: jwtToken }),
      call(t.app, {
        url: `/api/CustomerOrder/BatchImportErrorReport?id=${uploaded.data.id}`,
        token: jwtToken,
      }),
      post(jwtToken, '/api/CustomerOrder/BatchImportDeleteMapping', { id: 'x' }),
      post(jwtToken, '/api/CustomerOrder/BatchImportApplyMapping', {
        id: uploaded.data.id,
        mapping: confirmed(uploaded.data.mapping),
        saveAs: 'Nope',
      }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.code).toBe(ApiCode.Forbidden);
    }
    expect(await mappingCount(customerId)).toBe(0);
  });

  it('keeps every report cell within the 32,767 characters a spreadsheet cell can hold', async () => {
    const { token } = await newCustomer();
    const rows = marketplaceRows();
    // Written by a tool, not by Excel: a cell longer than Excel would ever open.
    rows[3]![MARKETPLACE_HEADERS.indexOf('recipient-name')] = `Jane ${'x'.repeat(40_000)}`;
    const uploaded = await preview(token, await sheetFile(rows));
    expect(uploaded.code, uploaded.message).toBe(ApiCode.Ok);
    const applied = await applyMapping(token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
    });
    expect(applied.data).toMatchObject({ invalidOrderCount: 1 });
    const response = await download(
      token,
      `/api/CustomerOrder/BatchImportErrorReport?id=${uploaded.data.id}`,
    );
    expect(response.statusCode).toBe(200);
    const sheet = (await readXlsx(response.rawPayload)).worksheets[0]!;
    const name = sheet.getRow(4).getCell(3 + MARKETPLACE_HEADERS.indexOf('recipient-name'));
    expect(String(name.value)).toMatch(/^Jane x+$/);
    expect(String(name.value)).toHaveLength(32_767);
  });

  it('gives the error report as the user’s sheet with the error and state columns and grid edits', async () => {
    const { token } = await newCustomer();
    const rows = marketplaceRows();
    rows[3]![MARKETPLACE_HEADERS.indexOf('recipient-name')] = ''; // order 114-2 (row 4) has no consignee name
    rows[3]![MARKETPLACE_HEADERS.indexOf('purchase-date')] = '=1+1';
    const uploaded = await preview(token, await sheetFile(rows));
    const applied = await applyMapping(token, {
      id: uploaded.data.id,
      mapping: confirmed(uploaded.data.mapping),
    });
    expect(applied.data).toMatchObject({ validOrderCount: 1, invalidOrderCount: 1 });

    // A grid edit lands in the report's mapped column.
    const edited = await post<OrderImportRowsChanged>(token, '/api/CustomerOrder/BatchImportUpdateRow', {
      id: uploaded.data.id,
      rowNumber: 4,
      values: { consigneeCity: 'Pasadena' },
    });
    expect(edited.code, edited.message).toBe(ApiCode.Ok);

    const response = await download(
      token,
      `/api/CustomerOrder/BatchImportErrorReport?id=${uploaded.data.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('batch-order-errors');
    const sheet = (await readXlsx(response.rawPayload)).worksheets[0]!;
    expect(cellTexts(sheet.getRow(1))).toEqual(['Errors', 'State', ...MARKETPLACE_HEADERS]);
    expect(sheet.rowCount).toBe(4);
    const city = 3 + MARKETPLACE_HEADERS.indexOf('ship-city');
    expect(sheet.getRow(2).getCell(city).value).toBe('Los Angeles');
    expect(sheet.getRow(2).getCell(2).value).toBe('Valid');
    expect(sheet.getRow(2).getCell(1).value ?? '').toBe('');
    const bad = sheet.getRow(4);
    expect(bad.getCell(city).value).toBe('Pasadena');
    expect(bad.getCell(2).value).toBe('Has errors');
    expect(String(bad.getCell(1).value)).toMatch(/^recipient-name: /);
    // Typed as text: the formula-looking cell comes back as the text it was, never as a formula.
    const date = 3 + MARKETPLACE_HEADERS.indexOf('purchase-date');
    expect(bad.getCell(date).value).toBe('=1+1');
    expect(bad.getCell(date).type).toBe(ExcelJS.ValueType.String);
    const name = 3 + MARKETPLACE_HEADERS.indexOf('recipient-name');
    expect((bad.getCell(name).fill as ExcelJS.FillPattern | undefined)?.pattern).toBe('solid');

    // The reader's language names the columns.
    const zh = await readXlsx(
      (await download(token, `/api/CustomerOrder/BatchImportErrorReport?id=${uploaded.data.id}`, 'zh-TW'))
        .rawPayload,
    );
    expect(cellTexts(zh.worksheets[0]!.getRow(1)).slice(0, 2)).toEqual(['錯誤', '狀態']);
  });
});
