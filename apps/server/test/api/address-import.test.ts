import {
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_SHEET_COLUMNS,
  type Address,
  type AddressImportError,
} from '@portal/contracts/address';
import type { Language } from '@portal/contracts/languages';
import type { Page } from '@portal/contracts/pagination';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../support/factories.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';
import { zipArchive, type ZipEntry } from '../support/zip-archive.ts';

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

async function upload(token: string, file: Buffer, language: Language = 'zh-CN', query = '') {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="addresses.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/CustomerAddress/Import${query}`,
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

const MESSAGES = {
  notXlsx: 'The file is not a valid Excel workbook (.xlsx); please use the import template',
  zipBomb: 'The file would unpack to an abnormal size and was refused',
  textTooLong: 'A cell in the file holds more than 1024 KB of text; the file was refused',
  unsafeXml:
    'The file contains structures that are not allowed (DTD, entity declarations or deep nesting); it was refused',
  malformed: 'The upload was incomplete or malformed; please choose the file and upload it again',
};

/** A workbook-shaped archive whose shared strings or first sheet is the given XML. */
const hostile = (
  part: 'xl/sharedStrings.xml' | 'xl/worksheets/sheet1.xml',
  xml: string | Buffer,
  extra: ZipEntry[] = [],
  level?: number,
) =>
  zipArchive([
    ...WORKBOOK_PARTS,
    { name: part, data: Buffer.isBuffer(xml) ? xml : Buffer.from(xml), level },
    ...extra,
  ]);

/** Incompressible padding, so a small compressed part passes the unpack-ratio check and reaches the XML scan. */
const padding = (bytes: number): ZipEntry => ({
  name: 'xl/media/image1.png',
  data: randomBytes(bytes),
  stored: true,
});

describe(`hostile files on ${ENGINE}`, () => {
  // Built lazily, inside each test: some are large.
  const bigString = () =>
    Buffer.concat([
      Buffer.from('<sst><si><t>'),
      Buffer.alloc(150 * 1024 * 1024, 'x'),
      Buffer.from('</t></si></sst>'),
    ]);
  const mb2 = 2 * 1024 * 1024;
  const tiny = (count: number) =>
    Array.from({ length: count }, (_, i): ZipEntry => ({
      name: `xl/${i}.xml`,
      data: Buffer.from('<a/>'),
      stored: true,
    }));
  const corpus: [string, () => Buffer | Promise<Buffer>, string][] = [
    [
      'a 150 MB shared string',
      () => hostile('xl/sharedStrings.xml', bigString(), [padding(mb2)], 1),
      MESSAGES.zipBomb,
    ],
    [
      'a 2 MB shared string',
      () =>
        hostile('xl/sharedStrings.xml', `<sst><si><t>${'x'.repeat(mb2)}</t></si></sst>`, [
          padding(64 * 1024),
        ]),
      MESSAGES.textTooLong,
    ],
    [
      'a shared string of many rich-text runs',
      () =>
        hostile(
          'xl/sharedStrings.xml',
          `<sst><si>${`<r><t>${'y'.repeat(300 * 1024)}</t></r>`.repeat(4)}</si></sst>`,
          [padding(64 * 1024)],
        ),
      MESSAGES.textTooLong,
    ],
    [
      'a 2 MB inline cell',
      () =>
        hostile(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${'z'.repeat(mb2)}</t></is></c></row></sheetData></worksheet>`,
          [padding(64 * 1024)],
        ),
      MESSAGES.textTooLong,
    ],
    [
      'a 2 MB cell value',
      () =>
        hostile(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData><row r="1"><c r="A1"><v>${'9'.repeat(mb2)}</v></c></row></sheetData></worksheet>`,
          [padding(64 * 1024)],
        ),
      MESSAGES.textTooLong,
    ],
    [
      'a zip bomb',
      () => hostile('xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024), [], 1),
      MESSAGES.zipBomb,
    ],
    [
      'a directory understating the unpacked size',
      () =>
        zipArchive([
          ...WORKBOOK_PARTS,
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1000 },
        ]),
      MESSAGES.zipBomb,
    ],
    [
      'a directory overstating the unpacked size',
      () =>
        zipArchive([
          ...WORKBOOK_PARTS,
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 5000 },
        ]),
      MESSAGES.notXlsx,
    ],
    ['100,000 tiny entries', () => zipArchive([...WORKBOOK_PARTS, ...tiny(100_000)]), MESSAGES.notXlsx],
    ['2,000 tiny entries', () => zipArchive([...WORKBOOK_PARTS, ...tiny(2000)]), MESSAGES.zipBomb],
    [
      'XML entity expansion',
      () =>
        hostile(
          'xl/sharedStrings.xml',
          `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><sst><si><t>&c;&c;&c;</t></si></sst>`,
        ),
      MESSAGES.unsafeXml,
    ],
    [
      'an external entity',
      () =>
        zipArchive([
          WORKBOOK_PARTS[0]!,
          {
            name: 'xl/workbook.xml',
            data: Buffer.from('<?xml version="1.0"?><!DOCTYPE w SYSTEM "file:///etc/passwd"><workbook/>'),
          },
        ]),
      MESSAGES.unsafeXml,
    ],
    [
      'deeply nested XML',
      () =>
        hostile(
          'xl/worksheets/sheet1.xml',
          `<worksheet>${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}</worksheet>`,
          [padding(64 * 1024)],
        ),
      MESSAGES.unsafeXml,
    ],
    [
      'a truncated archive',
      async () => {
        const real = await workbook([chineseRow(1)]);
        return real.subarray(0, Math.floor(real.length / 2));
      },
      MESSAGES.notXlsx,
    ],
    [
      'an entry hidden from the directory',
      () => {
        const hidden = zipArchive([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') }]);
        // The hidden entry's local header and data, then an archive whose directory does not list it.
        const hiddenLocal = hidden.subarray(0, hidden.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
        const visible = zipArchive(WORKBOOK_PARTS);
        return Buffer.concat([hiddenLocal, visible]);
      },
      MESSAGES.notXlsx,
    ],
    [
      'a renamed PDF',
      () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
      MESSAGES.notXlsx,
    ],
    ['an empty file', () => Buffer.alloc(0), MESSAGES.notXlsx],
  ];

  it.each(corpus)('answers %s with 400 and a clear message, writing nothing', async (_, build, message) => {
    const { token } = await newCustomer();
    const answer = await upload(token, await build(), 'en-US');
    expect(answer).toMatchObject({ code: 400, success: false, message });
    expect(await count(token)).toBe(0);
  });

  it('answers malformed multipart bodies with a localized 400, never a server error', async () => {
    const { token } = await newCustomer();
    const file = await workbook([chineseRow(1)]);
    const boundary = '----portalBoundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const bodies: [string, string, Buffer][] = [
      [
        'cut short before the closing boundary',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([Buffer.from(head), file.subarray(0, 100)]),
      ],
      [
        'no boundary parameter',
        'multipart/form-data',
        Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      ],
      [
        'garbage instead of parts',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from('this is not multipart at all'),
      ],
      [
        'a part without headers end',
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"`),
      ],
    ];
    for (const [name, contentType, payload] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/CustomerAddress/Import',
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'accept-language': 'en-US',
        },
      });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
      const body = response.json() as { code: number; message: string };
      expect({ name, code: body.code }).toEqual({ name, code: 400 });
      expect([MESSAGES.malformed, 'Please choose an Excel file (.xlsx) to import'], name).toContain(
        body.message,
      );
    }
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerAddress/Import',
      payload: Buffer.concat([Buffer.from(head), file.subarray(0, 100)]),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(cut.json()).toMatchObject({ code: 400, message: '上传内容不完整或格式有误，请重新选择文件上传' });
    expect(await count(token)).toBe(0);
  });
});

describe(`import limits on ${ENGINE}`, () => {
  it('runs one import per customer at a time and says so in the caller language', async () => {
    const { customerId, token } = await newCustomer();
    const file = await workbook([chineseRow(1)]);
    const release = t.app.importLimiter.acquire(customerId);
    try {
      expect(await upload(token, file)).toMatchObject({
        code: 429,
        success: false,
        message: '您有一个导入正在进行，请等它完成后再试',
      });
      expect(await upload(token, file, 'en-US')).toMatchObject({
        code: 429,
        message: 'One of your imports is still running; please try again when it has finished',
      });
      // Another customer is not held up by this one.
      const other = await newCustomer();
      expect(await upload(other.token, file)).toMatchObject({ code: 200, data: { imported: 1 } });
    } finally {
      release();
    }
    expect(await count(token)).toBe(0);
    expect(await upload(token, file)).toMatchObject({ code: 200, data: { imported: 1 } });
    expect(t.app.importLimiter.active).toBe(0);
  });

  it('refuses imports beyond the server-wide limit (IMPORT_MAX_CONCURRENT) until one ends', async () => {
    const { token } = await newCustomer();
    const file = await workbook([chineseRow(1)]);
    const max = t.config.imports.maxConcurrent;
    const releases = Array.from({ length: max }, (_, i) => t.app.importLimiter.acquire(`someone-else-${i}`));
    try {
      expect(await upload(token, file, 'zh-TW')).toMatchObject({
        code: 429,
        message: '系統繁忙，請稍後再試',
      });
      expect(await upload(token, file, 'en-US')).toMatchObject({
        code: 429,
        message: 'The server is busy; please try again in a moment',
      });
    } finally {
      releases.pop()?.();
    }
    expect(await upload(token, file)).toMatchObject({ code: 200, data: { imported: 1 } });
    for (const release of releases) release();
    expect(t.app.importLimiter.active).toBe(0);
  });

  it('frees the slot when an import fails', async () => {
    const { token } = await newCustomer();
    expect((await upload(token, Buffer.from('not a workbook'))).code).toBe(400);
    expect(await upload(token, await workbook([chineseRow(1)]))).toMatchObject({ code: 200 });
  });
});

describe(`duplicate rows on ${ENGINE}`, () => {
  it('retry after a lost answer: the same file sent again imports nothing twice', async () => {
    const { token } = await newCustomer();
    const file = await workbook([chineseRow(1), americanRow(2), { ...chineseRow(3), isDefault: '是' }]);
    const first = await upload(token, file);
    expect(first).toMatchObject({ code: 200, data: { imported: 3, skipped: 0, duplicates: [] } });
    // The connection died after the commit: the client saw an error and sends the same file again.
    const retry = await upload(token, file, 'en-US');
    expect(retry).toMatchObject({
      code: 200,
      message: '0 address(es) imported, 3 duplicate(s) skipped',
      data: { imported: 0, rows: 3, skipped: 3, duplicateCount: 3, preview: false },
    });
    expect((retry.data as { duplicates: unknown[] }).duplicates).toEqual([
      { row: 2, sameAsRow: null, name: '张三1', phone: '13800000001', addressLine1: '科技园南区 1 号' },
      {
        row: 3,
        sameAsRow: null,
        name: 'Jane Doe 2',
        phone: '+1 555 123 4567',
        addressLine1: '2 Main Street',
      },
      { row: 4, sameAsRow: null, name: '张三3', phone: '13800000003', addressLine1: '科技园南区 3 号' },
    ]);
    expect(await count(token)).toBe(3);
  });

  it('reports rows identical after trimming and NFC in the preview, skips them, and keeps them on request', async () => {
    const { token } = await newCustomer();
    await upload(token, await workbook([{ ...chineseRow(1), name: 'Café 1' }]));
    const rows = [
      { ...chineseRow(1), name: 'Cafe\u0301 1' }, // the existing entry, decomposed é
      chineseRow(2),
      { ...chineseRow(2), addressLine1: '  科技园南区 2 号 ', province: '广东', city: '深圳' }, // row 3 again
      { ...chineseRow(2), phone: '13800000099' }, // differs: not a duplicate
    ];
    const file = await workbook(rows);
    const preview = await upload(token, file, 'en-US', '?preview=true');
    expect(preview).toMatchObject({
      code: 200,
      message: 'The file holds 4 address(es); 2 duplicate an existing address or another row',
      data: { preview: true, imported: 0, rows: 4, duplicateCount: 2, skipped: 0 },
    });
    const listed = (preview.data as { duplicates: { row: number; sameAsRow: number | null }[] }).duplicates;
    expect(listed.map((d) => [d.row, d.sameAsRow])).toEqual([
      [2, null],
      [4, 3],
    ]);
    expect(await count(token)).toBe(1);

    const skipped = await upload(token, file);
    expect(skipped).toMatchObject({
      data: { imported: 2, skipped: 2 },
      message: '成功导入 2 个地址，跳过 2 个重复地址',
    });
    expect(await count(token)).toBe(3);

    const kept = await upload(token, file, 'zh-CN', '?keepDuplicates=true');
    expect(kept).toMatchObject({
      data: { imported: 4, skipped: 0, duplicateCount: 4 },
      message: '成功导入 4 个地址',
    });
    expect(await count(token)).toBe(7);
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
          taxId: 'semi;colon',
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
    // A semicolon (the separator of many European locales) makes the field quoted too.
    expect(body).toContain(',"semi;colon",');
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
        { ...chineseRow(2), phone: '+8613800138000' },
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
    // Typed text cells: shown as entered, no apostrophe, never a formula, and text-formatted for editing.
    const names = [2, 3, 4].map((n) => sheet?.getRow(n).getCell(2).value);
    expect(names).toContain('=1+1');
    const phones = [2, 3, 4].map((n) => sheet?.getRow(n).getCell(4).value);
    expect(phones).toContain('+8613800138000');
    for (const n of [2, 3, 4]) {
      for (const column of [2, 4]) {
        const cell = sheet?.getRow(n).getCell(column);
        expect(cell?.type).toBe(ExcelJS.ValueType.String);
        expect(cell?.formula).toBeUndefined();
        expect(cell?.numFmt).toBe('@');
      }
    }

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
