import {
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_SHEET_COLUMNS,
  type Address,
  type AddressImportError,
} from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import type { Page } from '@portal/contracts/pagination';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';
import { zipArchive } from '../support/zip-archive.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type ImportFailure = { errors: AddressImportError[]; errorCount: number };
type Row = Record<(typeof ADDRESS_SHEET_COLUMNS)[number]['field'], string>;

const headers = (language: Language) => ADDRESS_SHEET_COLUMNS.map((c) => c.header[language]);

const chineseRow = (i: number): Row => ({
  addressType: '发件人',
  name: `张三${i}`,
  company: '深圳市演示科技有限公司',
  phone: `138${String(i).padStart(8, '0')}`,
  email: '',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  postalCode: '518000',
  addressLine1: `科技园南区 ${i} 号`,
  addressLine2: '',
  addressLine3: '',
  houseNumber: '',
  taxId: '',
  isDefault: '否',
});

const americanRow = (i: number): Row => ({
  addressType: 'Receiver',
  name: `Jane Doe ${i}`,
  company: 'Acme Ltd',
  phone: '+1 555 123 4567',
  email: `jane${i}@example.com`,
  countryCode: 'United States',
  province: 'CA',
  city: 'Los Angeles',
  district: '',
  postalCode: '90001',
  addressLine1: `${i} Main Street`,
  addressLine2: 'Suite 5',
  addressLine3: '',
  houseNumber: '12B',
  taxId: 'EIN 12-3456789',
  isDefault: 'no',
});

/** Builds an .xlsx the way a user's spreadsheet program would (ExcelJS, shared strings). */
async function workbook(
  rows: Row[],
  language: Language = 'zh-CN',
  columns = headers(language),
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(columns);
  for (const row of rows) sheet.addRow(ADDRESS_SHEET_COLUMNS.map((c) => row[c.field]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const WORKBOOK_PARTS = [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
];

async function newCustomer() {
  const { customerId, main } = await createCustomer(t.app.db);
  const { jwtToken } = await signIn(t.app, main);
  return { customerId, token: jwtToken };
}

async function upload(token: string, file: Buffer, language: Language = 'zh-CN') {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="addresses.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/CustomerAddress/Import',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': language,
    },
  });
  return response.json() as { code: number; success: boolean; message: string; data: unknown };
}

const count = async (token: string, query: Record<string, string> = {}) =>
  (await call<Page<Address>>(t.app, { url: '/api/CustomerAddress/Query', token, query })).data.total;

function download(token: string, url: string, language: Language = 'zh-CN') {
  return t.app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-language': language } });
}

async function readXlsx(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  return book;
}

describe(`address import on ${ENGINE}`, () => {
  it('imports 5,000 rows in one go', async () => {
    const { token } = await newCustomer();
    const rows = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? chineseRow(i) : americanRow(i)));
    const answer = await upload(token, await workbook(rows));
    expect(answer).toMatchObject({
      code: 200,
      success: true,
      data: { imported: 5000 },
      message: '成功导入 5000 个地址',
    });
    expect(await count(token)).toBe(5000);
    expect(await count(token, { addressType: 'receiver' })).toBe(2500);
    const found = await call<Page<Address>>(t.app, {
      url: '/api/CustomerAddress/Query',
      token,
      query: { keyword: 'Jane Doe 4999' },
    });
    expect(found.data.items[0]).toMatchObject({
      countryCode: 'US',
      postalCode: '90001',
      taxId: 'EIN 12-3456789',
      houseNumber: '12B',
    });
    const chinese = await call<Page<Address>>(t.app, {
      url: '/api/CustomerAddress/Query',
      token,
      query: { keyword: '张三4998' },
    });
    expect(chinese.data.items[0]).toMatchObject({
      provinceCode: '440000',
      cityCode: '440300',
      districtCode: '440305',
    });
  });

  it('imports nothing when one row is bad, and names its row and column', async () => {
    const { token } = await newCustomer();
    const rows = [chineseRow(1), chineseRow(2), { ...chineseRow(3), phone: '12345' }, americanRow(4)];
    const answer = await upload(token, await workbook(rows));
    expect(answer.code).toBe(400);
    expect(answer.message).toBe('导入失败：共 1 处错误，未导入任何数据，请修改后重新上传');
    expect(answer.data).toEqual({
      errors: [
        {
          row: 4,
          column: '电话',
          field: 'phone',
          message: '请填写正确的手机号或固定电话（如 13800138000、0755-12345678）',
        },
      ],
      errorCount: 1,
    });
    expect(await count(token)).toBe(0);
  });

  it('reports every problem of every row in the caller language', async () => {
    const { token } = await newCustomer();
    const rows = [
      { ...americanRow(1), addressType: 'Someone', postalCode: 'ABC', email: 'nope' },
      { ...chineseRow(2), countryCode: 'Atlantis', isDefault: 'maybe' },
      { ...chineseRow(3), city: '北京市', name: '' },
      { ...chineseRow(4), isDefault: '是' },
      { ...chineseRow(5), isDefault: 'Yes' },
    ];
    const answer = await upload(token, await workbook(rows), 'en-US');
    const failure = answer.data as ImportFailure;
    const seen = failure.errors.map((e) => `${e.row}:${e.column}:${e.message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        '2:Address type:Enter "Sender" or "Receiver"',
        "2:Postal code:The postal code does not match this country's format",
        '2:Email:The email address is not valid',
        '3:Country/Region:Unknown country or region code',
        '3:Default:Enter "Yes" or "No"',
        '4:Name:Name is required',
        '6:Default:Only one address of each type can be the default',
      ]),
    );
    expect(failure.errorCount).toBe(failure.errors.length);
    expect(await count(token)).toBe(0);
  });

  it('reads headers in any interface language, short division names and formula-guarded cells', async () => {
    const { token } = await newCustomer();
    const rows = [
      {
        ...chineseRow(1),
        province: '广东',
        city: '深圳',
        district: '南山',
        isDefault: '是',
        phone: "'+8613800138000",
      },
      { ...americanRow(2), countryCode: 'us', addressType: 'receiver' },
    ];
    const answer = await upload(token, await workbook(rows, 'zh-TW'), 'en-US');
    expect(answer).toMatchObject({ code: 200, data: { imported: 2 } });
    const sender = await call<Address | null>(t.app, {
      url: '/api/CustomerAddress/GetDefault',
      token,
      query: { addressType: 'sender' },
    });
    expect(sender.data).toMatchObject({
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      phone: '+8613800138000',
    });
  });

  it('refuses a sheet without the required columns', async () => {
    const { token } = await newCustomer();
    const columns = headers('zh-CN').map((h) => (h === '电话' ? '备注' : h));
    const answer = await upload(token, await workbook([chineseRow(1)], 'zh-CN', columns));
    expect(answer.code).toBe(400);
    expect((answer.data as ImportFailure).errors).toEqual([
      { row: 1, column: '电话', field: 'phone', message: '缺少此列' },
    ]);
    const empty = await upload(token, await workbook([]));
    expect(empty).toMatchObject({ code: 400, message: '文件中没有地址数据' });
  });

  it('refuses more rows than one import takes', async () => {
    const { token } = await newCustomer();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(headers('en-US'));
    for (let i = 0; i <= ADDRESS_IMPORT_MAX_ROWS; i++) sheet.addRow(['Sender', `N${i}`]);
    const answer = await upload(token, Buffer.from(await book.xlsx.writeBuffer()), 'en-US');
    expect(answer).toMatchObject({
      code: 400,
      message: `At most ${ADDRESS_IMPORT_MAX_ROWS} rows can be imported at once`,
    });
    expect(await count(token)).toBe(0);
  });

  it('refuses files that are not real workbooks before parsing them', async () => {
    const { token } = await newCustomer();
    const text = await upload(token, Buffer.from('name,phone\nJane,123\n'), 'en-US');
    expect(text).toMatchObject({
      code: 400,
      message: 'The file is not a valid Excel workbook (.xlsx); please use the import template',
    });
    const plainZip = await upload(token, zipArchive([{ name: 'readme.txt', data: Buffer.from('hello') }]));
    expect(plainZip).toMatchObject({
      code: 400,
      message: '文件不是有效的 Excel 文件（.xlsx），请使用导入模板',
    });
    const truncated = await workbook([chineseRow(1)]);
    const cut = await upload(token, truncated.subarray(0, truncated.length - 30));
    expect(cut.code).toBe(400);
    const unreadable = { code: 400, message: '无法读取该 Excel 文件，请另存为 .xlsx 后重试' };
    const broken = await upload(
      token,
      zipArchive([
        ...WORKBOOK_PARTS,
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet></sheetData>') },
      ]),
    );
    expect(broken).toMatchObject(unreadable);
    expect(await upload(token, zipArchive(WORKBOOK_PARTS))).toMatchObject(unreadable);
    const noFile = await call(t.app, { method: 'POST', url: '/api/CustomerAddress/Import', token, body: {} });
    expect(noFile).toMatchObject({ code: 400, message: '请选择要导入的 Excel 文件（.xlsx）' });
    expect(await count(token)).toBe(0);
  });

  it('refuses a file over the size limit', async () => {
    const { token } = await newCustomer();
    const big = Buffer.concat([await workbook([chineseRow(1)]), Buffer.alloc(10 * 1024 * 1024)]);
    const answer = await upload(token, big, 'en-US');
    expect(answer).toMatchObject({
      code: 400,
      success: false,
      message: 'The file is too large; the limit is 10 MB',
    });
    expect(await count(token)).toBe(0);
  });

  it('refuses zip bombs, including ones whose directory understates the unpacked size', async () => {
    const { token } = await newCustomer();
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const declared = await upload(
      token,
      zipArchive([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: zeros }]),
      'en-US',
    );
    expect(declared).toMatchObject({
      code: 400,
      message: 'The file would unpack to an abnormal size and was refused',
    });
    const lying = await upload(
      token,
      zipArchive([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]),
    );
    expect(lying).toMatchObject({ code: 400, message: '文件解压后体积异常，已拒绝处理' });
  });

  it('sets the imported default and replaces the previous one', async () => {
    const { token } = await newCustomer();
    await upload(token, await workbook([{ ...chineseRow(1), isDefault: '是' }]));
    await upload(token, await workbook([{ ...chineseRow(2), isDefault: '是' }]));
    const senders = await call<Page<Address>>(t.app, {
      url: '/api/CustomerAddress/Query',
      token,
      query: { addressType: 'sender' },
    });
    expect(senders.data.items.filter((a) => a.isDefault).map((a) => a.name)).toEqual(['张三2']);
  });
});

describe(`address template and export on ${ENGINE}`, () => {
  it('serves the template with headers in the interface language', async () => {
    const { token } = await newCustomer();
    for (const language of ['zh-CN', 'en-US', 'zh-TW'] as const) {
      const response = await download(token, '/api/CustomerAddress/ImportTemplate', language);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="address-import-template\.xlsx"; filename\*=UTF-8''/,
      );
      const book = await readXlsx(response.rawPayload);
      const header = (book.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(headers(language));
      expect(book.worksheets).toHaveLength(2);
    }
    const chinese = await download(token, '/api/CustomerAddress/ImportTemplate');
    expect(chinese.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('地址导入模板.xlsx')}`,
    );
  });

  it('imports the filled-in template', async () => {
    const { token } = await newCustomer();
    const template = await readXlsx(
      (await download(token, '/api/CustomerAddress/ImportTemplate', 'en-US')).rawPayload,
    );
    const sheet = template.worksheets[0];
    sheet?.addRow(ADDRESS_SHEET_COLUMNS.map((c) => americanRow(1)[c.field]));
    const filled = Buffer.from(await template.xlsx.writeBuffer());
    expect(await upload(token, filled, 'en-US')).toMatchObject({ code: 200, data: { imported: 1 } });
  });

  it('exports CSV with a byte-order mark, localized headers and neutralised formulas', async () => {
    const { token } = await newCustomer();
    const other = await newCustomer();
    expect((await upload(other.token, await workbook([americanRow(99)]))).code).toBe(200);
    const imported = await upload(
      token,
      await workbook([
        {
          ...americanRow(1),
          name: '=HYPERLINK("http://evil.example","x")',
          company: '@SUM(A1)',
          addressLine2: '-2+3',
          addressLine3: 'a, "quoted" line',
        },
        { ...chineseRow(2), company: '+cmd' },
      ]),
    );
    expect(imported).toMatchObject({ code: 200, data: { imported: 2 } });
    const response = await download(token, '/api/CustomerAddress/Export?format=csv', 'en-US');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="address-book-\d{8}\.csv"; filename\*=UTF-8''address-book-\d{8}\.csv$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(headers('en-US').join(','));
    expect(lines).toHaveLength(3);
    const body = lines.join('\n');
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(body).toContain(",'@SUM(A1),");
    expect(body).toContain(",'-2+3,");
    expect(body).toContain(',"a, ""quoted"" line",');
    expect(body).toContain(",'+cmd,");
    expect(body).toContain('Sender,张三2');
    expect(body).not.toContain('Jane Doe 99');

    const filtered = await download(token, '/api/CustomerAddress/Export?format=csv&addressType=sender');
    const filteredLines = filtered.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[0]).toBe(`\uFEFF${headers('zh-CN').join(',')}`);
    expect(filtered.headers['content-disposition']).toContain(encodeURIComponent('地址簿'));
  });

  it('exports xlsx that imports back unchanged', async () => {
    const { token } = await newCustomer();
    await upload(
      token,
      await workbook([
        { ...americanRow(1), name: '=1+1', phone: '+1 555 123 4567' },
        chineseRow(2),
        chineseRow(3),
      ]),
    );
    const response = await download(token, '/api/CustomerAddress/Export', 'zh-TW');
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = await readXlsx(response.rawPayload);
    const sheet = book.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(headers('zh-TW'));
    expect(sheet?.actualRowCount).toBe(4);
    const names = [2, 3, 4].map((n) => sheet?.getRow(n).getCell(2).value);
    expect(names).toContain("'=1+1");
    for (const n of [2, 3, 4]) expect(sheet?.getRow(n).getCell(2).formula).toBeUndefined();

    const copy = await newCustomer();
    expect(await upload(copy.token, response.rawPayload)).toMatchObject({ code: 200, data: { imported: 3 } });
    const imported = await call<Page<Address>>(t.app, {
      url: '/api/CustomerAddress/Query',
      token: copy.token,
      query: { countryCode: 'US' },
    });
    expect(imported.data.items[0]).toMatchObject({ name: '=1+1', phone: '+1 555 123 4567' });
  });
});

describe(`address import and export access on ${ENGINE}`, () => {
  it('needs address:edit to import and address:view to export or download the template', async () => {
    const { customerId } = await newCustomer();
    const viewer = await signIn(
      t.app,
      await createUser(t.app.db, customerId, { permissions: ['address:view'] }),
    );
    const bare = await signIn(t.app, await createUser(t.app.db, customerId, { permissions: [] }));
    const file = await workbook([chineseRow(1)]);
    expect(await upload(viewer.jwtToken, file)).toMatchObject({
      code: 403,
      message: '对不起，您没有操作权限：address:edit',
    });
    expect((await download(viewer.jwtToken, '/api/CustomerAddress/Export?format=csv')).statusCode).toBe(200);
    expect((await download(viewer.jwtToken, '/api/CustomerAddress/ImportTemplate')).statusCode).toBe(200);
    for (const url of ['/api/CustomerAddress/Export', '/api/CustomerAddress/ImportTemplate']) {
      const response = await download(bare.jwtToken, url);
      expect(response.json(), url).toMatchObject({
        code: 403,
        message: '对不起，您没有操作权限：address:view',
      });
    }
    expect(await upload(bare.jwtToken, file)).toMatchObject({ code: 403 });
    expect(await upload('not-a-token', file)).toMatchObject({ code: 402 });
  });
});
