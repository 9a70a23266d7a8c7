import { ADDRESS_SHEET_COLUMNS } from '@portal/contracts/address';
import { ApiCode } from '@portal/contracts/envelope';
import { Permission } from '@portal/contracts/permissions';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAIN_USER } from '../../src/db/seed.ts';
import { createUser } from '../support/factories.ts';
import { fileManagementApi, signedInCustomer } from '../support/file-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/** File management (uploaded files) on both databases, and the address import recording its upload. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const newCustomer = () => signedInCustomer(t.app);

/** A one-address import file in the template's layout. */
async function addressWorkbook(name: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(ADDRESS_SHEET_COLUMNS.map((c) => c.header['zh-CN']));
  const row: Record<string, string> = {
    addressType: '发件人',
    name,
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    postalCode: '518000',
    addressLine1: '科技园南区 1 号',
    isDefault: '否',
  };
  sheet.addRow(ADDRESS_SHEET_COLUMNS.map((c) => row[c.field] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importAddresses(token: string, file: Buffer, fileName: string, query = '') {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/CustomerAddress/Import${query}`,
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return response.json() as { code: number; message: string };
}

const api = (token: string, language = 'zh-CN') => fileManagementApi(t.app, token, language);

const storedRows = (customerId: string) =>
  t.app.db.selectFrom('stored_files').selectAll().where('customer_id', '=', customerId).execute();

describe(`file management on ${ENGINE}`, () => {
  it('records an address import’s upload with the type found from its bytes; a preview or a refused import is not kept', async () => {
    const { customerId, token, main } = await newCustomer();
    const file = await addressWorkbook('张三');
    expect((await importAddresses(token, file, 'addresses.xlsx', '?preview=true')).code).toBe(ApiCode.Ok);
    expect(await storedRows(customerId)).toHaveLength(0);
    // A refused import (not a workbook) keeps nothing either, in the table or in the storage.
    expect((await importAddresses(token, Buffer.from('not a workbook'), 'fake.xlsx')).code).toBe(
      ApiCode.BadRequest,
    );
    expect(await storedRows(customerId)).toHaveLength(0);

    // The browser's name may carry a path and control characters; the file is kept under its plain name.
    expect((await importAddresses(token, file, 'C:\\Users\\me\\地址\u0007簿.xlsx')).code).toBe(ApiCode.Ok);
    const page = await api(token).query();
    expect(page.code).toBe(ApiCode.Ok);
    expect(page.data.total).toBe(1);
    const user = await t.app.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', main.userId)
      .executeTakeFirstOrThrow();
    expect(page.data.items[0]).toMatchObject({
      fileName: '地址簿.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileSize: file.length,
      purpose: 'addressImport',
      uploadedBy: user.display_name,
    });
    const download = await api(token).download(page.data.items[0]!.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('地址簿.xlsx')}`,
    );
    expect(download.headers['content-disposition']).toContain('filename="file.xlsx"');
  });

  it('filters by purpose and name, newest first', async () => {
    const { token } = await newCustomer();
    await importAddresses(token, await addressWorkbook('一'), 'first-batch.xlsx');
    await importAddresses(token, await addressWorkbook('二'), 'second-batch.xlsx');
    const all = (await api(token).query()).data.items.map((f) => f.fileName);
    expect(all).toEqual(['second-batch.xlsx', 'first-batch.xlsx']);
    expect((await api(token).query({ keyword: 'FIRST' })).data.items.map((f) => f.fileName)).toEqual([
      'first-batch.xlsx',
    ]);
    expect((await api(token).query({ keyword: '%' })).data.total).toBe(0);
    expect((await api(token).query({ purpose: 'image' })).data.total).toBe(0);
    expect((await api(token).query({ pageSize: 1, pageIndex: 2 })).data).toMatchObject({
      total: 2,
      items: [{ fileName: 'first-batch.xlsx' }],
    });
    // A name outside ASCII is found by itself: the keyword was lowercased by JavaScript and compared with
    // the engines' lower(), which folds ASCII only (SQLite; PostgreSQL in the C locale), so it never was.
    await importAddresses(token, await addressWorkbook('三'), 'Émile-Ωmega.xlsx');
    for (const keyword of ['Émile-Ωmega', 'ÉMILE-Ωmega', 'Ωmega.XLSX'])
      expect(
        (await api(token).query({ keyword })).data.items.map((f) => f.fileName),
        keyword,
      ).toEqual(['Émile-Ωmega.xlsx']);
  });

  it('deletes all or none: one id of another customer refuses the whole request', async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer();
    await importAddresses(mine.token, await addressWorkbook('甲'), 'a.xlsx');
    await importAddresses(mine.token, await addressWorkbook('乙'), 'b.xlsx');
    await importAddresses(theirs.token, await addressWorkbook('丙'), 'c.xlsx');
    const [a, b] = await storedRows(mine.customerId);
    const [c] = await storedRows(theirs.customerId);

    // Another customer's file: not listed, not downloadable, not deletable.
    expect((await api(mine.token).download(c!.id)).json()).toMatchObject({
      code: ApiCode.NotFound,
      data: null,
    });
    const refused = await api(mine.token, 'en-US').remove({ ids: [a!.id, c!.id] });
    expect(refused).toMatchObject({
      code: ApiCode.NotFound,
      message: 'The record does not exist or has been deleted',
    });
    expect(await storedRows(mine.customerId)).toHaveLength(2);
    expect(await storedRows(theirs.customerId)).toHaveLength(1);
    expect(await t.app.storage.stat(a!.storage_key)).not.toBeNull();

    const done = await api(mine.token, 'en-US').remove({ ids: [a!.id, b!.id, a!.id] });
    expect(done).toMatchObject({ code: ApiCode.Ok, data: { deleted: 2 }, message: '2 file(s) deleted' });
    expect(await storedRows(mine.customerId)).toHaveLength(0);
    expect(await t.app.storage.stat(a!.storage_key)).toBeNull();
    expect(await t.app.storage.stat(c!.storage_key)).not.toBeNull();
    expect((await api(mine.token).download(a!.id)).json()).toMatchObject({ code: ApiCode.NotFound });
  });

  it('needs file:manage for every call, and the demo main user holds it', async () => {
    const { customerId, token } = await newCustomer();
    await importAddresses(token, await addressWorkbook('丁'), 'd.xlsx');
    const [file] = await storedRows(customerId);
    const clerk = await createUser(t.app.db, customerId, {
      permissions: [Permission.OrderExport, Permission.AddressEdit, Permission.AddressView],
    });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    const answers = [
      await api(clerkToken, 'en-US').query(),
      await api(clerkToken, 'en-US').remove({ ids: [file!.id] }),
      (await api(clerkToken, 'en-US').download(file!.id)).json() as { code: number; message: string },
    ];
    for (const answer of answers) {
      expect(answer.code).toBe(ApiCode.Forbidden);
      expect(answer.message).toBe('Sorry, you do not have permission: file:manage');
    }
    expect(await storedRows(customerId)).toHaveLength(1);

    const demo = (await signIn(t.app, DEMO_MAIN_USER)).jwtToken;
    expect((await api(demo).query()).code).toBe(ApiCode.Ok);
    type Menu = { path: string; name: string; title: string; children: Menu[] };
    const menuOf = async (token: string, language: string) =>
      (
        await call<Menu[]>(t.app, {
          method: 'POST',
          url: '/api/Common/QueryApplicationMenu',
          token,
          headers: { 'accept-language': language },
        })
      ).data;
    const entry = (menu: Menu[]) =>
      menu.flatMap((m) => [m, ...m.children]).find((m) => m.name === 'fileManagement');
    expect(entry(await menuOf(demo, 'en-US'))).toMatchObject({
      path: '/user/userCenterManagement/fileManagement',
      title: 'File management',
    });
    expect(entry(await menuOf(demo, 'zh-CN'))?.title).toBe('文件管理');
    expect(entry(await menuOf(demo, 'zh-TW'))?.title).toBe('檔案管理');
    expect(entry(await menuOf(clerkToken, 'en-US'))).toBeUndefined();
  });

  it('refuses malformed, oversized and hostile bodies with localized errors, deleting nothing', async () => {
    const { customerId, token } = await newCustomer();
    await importAddresses(token, await addressWorkbook('戊'), 'e.xlsx');
    const bad: [unknown, string][] = [
      [{ ids: [] }, 'ids'],
      [{ ids: 'abc' }, 'ids'],
      [{ ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) }, 'ids'],
      [{ ids: ['x'.repeat(65)] }, 'ids.0'],
      [{}, 'ids'],
    ];
    for (const [body, field] of bad) {
      const answer = await call<{ errors: { field: string }[] }>(t.app, {
        method: 'POST',
        url: '/api/FileManagement/Delete',
        token,
        body,
        headers: { 'accept-language': 'en-US' },
      });
      expect(answer.code).toBe(ApiCode.BadRequest);
      expect(answer.data.errors.map((e) => e.field)).toContain(field);
    }
    // Ids of a shape no id has are refused before any query; a well-formed unknown one is not found.
    expect((await api(token).remove({ ids: ['\u0000', 'a\u001b[2J'] })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).remove({ ids: ['no-such-file'] })).code).toBe(ApiCode.NotFound);
    expect((await api(token).download('\u0000')).json()).toMatchObject({ code: ApiCode.BadRequest });
    expect((await api(token).download('no-such-file')).json()).toMatchObject({ code: ApiCode.NotFound });
    expect((await api(token).query({ keyword: 'k'.repeat(101) })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).query({ purpose: 'secrets' })).code).toBe(ApiCode.BadRequest);
    // A NUL anywhere is refused at the edge (plugins/edge-guard.ts); another control character finds nothing.
    expect((await api(token).query({ keyword: '\u0000' })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).query({ keyword: '\u0007' })).data).toMatchObject({ total: 0 });
    const notJson = await call(t.app, {
      method: 'POST',
      url: '/api/FileManagement/Delete',
      token,
      body: '{"ids": [',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect(notJson.message).toBe('The request body is not valid JSON');
    const huge = await call(t.app, {
      method: 'POST',
      url: '/api/FileManagement/Query',
      token,
      body: { keyword: 'k'.repeat(2 * 1024 * 1024) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(huge.message).toBe('请求内容过大');
    expect(await storedRows(customerId)).toHaveLength(1);
  });
});
