import { randomUUID } from 'node:crypto';
import { ApiCode } from '@portal/contracts/envelope';
import { MAX_EXPORT_IDS } from '@portal/contracts/export-task';
import { Permission } from '@portal/contracts/permissions';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocumentExportSource,
  ExportCell,
  TableExportSource,
} from '../../src/modules/export/export-source.ts';
import { EXPORT_SOURCES } from '../../src/modules/export/export-sources.ts';
import { LABELS_PER_PDF } from '../../src/modules/export/export-task.ts';
import { MAX_ACTIVE_EXPORTS } from '../../src/modules/export/export.service.ts';
import { createUser } from '../support/factories.ts';
import { exportTaskApi, signedInCustomer } from '../support/file-api.ts';
import { call, createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Export tasks from create to download, on both databases, with sources defined here (the order list
 * and label modules give the real ones): the runner, the writers, the storage and the routes are real.
 */

/** Rows each customer's test source gives, and a failure to throw instead. */
const rowsOf = new Map<string, ExportCell[][]>();
const failureOf = new Map<string, Error>();

const ordersSource: TableExportSource = {
  kind: 'orders',
  shape: 'table',
  title: { 'zh-CN': '订单', 'en-US': 'Orders', 'zh-TW': '訂單' },
  columns: [
    { key: 'ref', header: { 'zh-CN': '客户单号', 'en-US': 'Reference', 'zh-TW': '客戶單號' } },
    { key: 'consignee', header: { 'zh-CN': '收件人', 'en-US': 'Consignee', 'zh-TW': '收件人' }, width: 24 },
    {
      key: 'weight',
      header: { 'zh-CN': '重量(g)', 'en-US': 'Weight (g)', 'zh-TW': '重量(g)' },
      type: 'number',
    },
    {
      key: 'created',
      header: { 'zh-CN': '创建时间', 'en-US': 'Created', 'zh-TW': '建立時間' },
      type: 'datetime',
    },
  ],
  async count(_db, request) {
    return (rowsOf.get(request.customerId) ?? []).length;
  },
  async *rows(_db, request) {
    const failure = failureOf.get(request.customerId);
    if (failure) throw failure;
    const rows = rowsOf.get(request.customerId) ?? [];
    const wanted = request.ids ? new Set(request.ids) : null;
    for (const row of rows) if (!wanted || wanted.has(String(row[0]))) yield row;
  },
};

/** Writes a stand-in PDF listing the labels it was asked for (the label module writes real ones). */
const labelsSource: DocumentExportSource = {
  kind: 'labels',
  shape: 'document',
  title: { 'zh-CN': '面单', 'en-US': 'Labels', 'zh-TW': '面單' },
  extension: 'pdf',
  contentType: 'application/pdf',
  async write(_db, request, out, progress) {
    const ids = request.ids ?? ['all'];
    out.write(`%PDF-1.4\n% ${request.customerId} ${request.labelSize} ${ids.join(',')}\n`);
    progress(ids.length, ids.length);
    out.write('%%EOF\n');
    return ids.length;
  },
};

let t: TestApp;
beforeAll(async () => {
  EXPORT_SOURCES.orders = ordersSource;
  EXPORT_SOURCES.labels = labelsSource;
  // A kind whose source does not exist on this server must be refused at creation.
  delete EXPORT_SOURCES.endData;
  t = await createTestApp({ TASK_MAX_ATTEMPTS: '2', EXPORT_FILE_TTL_HOURS: '72' });
});
afterAll(async () => t.close());

async function newCustomer(rows: ExportCell[][] = []) {
  const customer = await signedInCustomer(t.app);
  rowsOf.set(customer.customerId, rows);
  return customer;
}

const api = (token: string, language = 'zh-CN') => exportTaskApi(t.app, token, language);

const runTasks = (now?: Date) => t.app.taskRunner.runOnce(now);

const sampleRows: ExportCell[][] = [
  ['R-1', '张三', 1200, '2026-11-20T02:30:00.000Z'],
  ['R-2', '=HYPERLINK("http://evil.example","click")', 300, '2026-11-21T10:00:00.000Z'],
  ['R-3', '+8613800138000', null, null],
  ['R-4', 'Smith, "Jr."\nLine 2', 1, '2026-11-22T00:00:00.000Z'],
  ['R-5', '@SUM(A1)', 2, '2026-11-22T00:00:00.000Z'],
  ['R-6', '-2+3', 3, '2026-11-22T00:00:00.000Z'],
  ['R-7', '\tTabbed', 4, '2026-11-22T00:00:00.000Z'],
];

describe(`export tasks on ${ENGINE}`, () => {
  it('runs an xlsx export from create to download: queued at the top, then succeeded with its file', async () => {
    const { token } = await newCustomer(sampleRows);
    const created = await api(token).create({ kind: 'orders', format: 'xlsx' });
    expect(created.code).toBe(ApiCode.Ok);
    expect(created.message).toBe('导出任务已创建，完成后可在文件管理中下载');
    expect(created.data).toMatchObject({ status: 'queued', progress: 0, fileName: null, kind: 'orders' });
    const id = created.data.exportTaskID;
    expect((await api(token).query()).data.items[0]).toMatchObject({ exportTaskID: id, status: 'queued' });
    // Not finished yet: no download.
    expect((await api(token).download(id)).json()).toMatchObject({ code: ApiCode.NotFound });

    expect(await runTasks()).toHaveLength(1);
    const [task] = (await api(token).query({ ids: [id] })).data.items;
    expect(task).toMatchObject({
      status: 'succeeded',
      progress: 100,
      rowCount: sampleRows.length,
      error: null,
    });
    expect(task!.fileName).toMatch(/^订单导出-\d{8}-\d{4}\.xlsx$/);
    expect(Date.parse(task!.expiresAt!) - Date.parse(task!.finishedAt!)).toBe(72 * 3_600_000);

    const response = await api(token).download(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(task!.fileName!)}`,
    );
    expect(response.rawPayload.length).toBe(task!.fileSize);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('订单');
    expect(sheet.getRow(1).values).toEqual([undefined, '客户单号', '收件人', '重量(g)', '创建时间']);
    expect(sheet.rowCount).toBe(1 + sampleRows.length);
    // Text is text (never a formula), numbers are numbers, times are dates.
    expect(sheet.getCell('B3').value).toBe('=HYPERLINK("http://evil.example","click")');
    expect(sheet.getCell('B3').formula).toBeUndefined();
    expect(sheet.getCell('C2').value).toBe(1200);
    expect(sheet.getCell('D2').value).toBeInstanceOf(Date);
    expect(sheet.getCell('C4').value).toBeNull();
  });

  it('writes CSV in the task language: BOM, RFC 4180 quoting, formula cells neutralised', async () => {
    const { token } = await newCustomer(sampleRows);
    const created = await api(token, 'en-US').create({ kind: 'orders', format: 'csv' });
    await runTasks();
    const [task] = (await api(token, 'zh-TW').query({ ids: [created.data.exportTaskID] })).data.items;
    expect(task!.fileName).toMatch(/^Orders-export-\d{8}-\d{4}\.csv$/);
    const response = await api(token).download(task!.exportTaskID);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const body = response.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Reference,Consignee,Weight (g),Created');
    expect(lines[1]).toMatch(/^R-1,张三,1200,2026-11-2\d \d\d:\d\d:00$/);
    expect(lines[2]).toBe(
      `R-2,"'=HYPERLINK(""http://evil.example"",""click"")",300,${lines[2]!.split(',').pop()}`,
    );
    expect(lines[3]).toBe("R-3,'+8613800138000,,");
    expect(body.toString('utf8')).toContain('R-4,"Smith, ""Jr.""\nLine 2",1,');
    expect(lines.find((l) => l.startsWith('R-5'))).toMatch(/^R-5,'@SUM\(A1\),2,/);
    expect(lines.find((l) => l.startsWith('R-6'))).toMatch(/^R-6,'-2\+3,3,/);
    expect(lines.find((l) => l.startsWith('R-7'))).toMatch(/^R-7,"'\tTabbed",4,/);
  });

  it('packs the table as xlsx and CSV in one zip, and splits selected labels into PDFs of 500', async () => {
    const { token, customerId } = await newCustomer(sampleRows);
    const zipTask = await api(token).create({ kind: 'orders', format: 'zip', ids: ['R-1', 'R-3'] });
    const selected = Array.from({ length: LABELS_PER_PDF * 2 + 1 }, (_, i) => `L${i}`);
    const labelTask = await api(token, 'en-US').create({
      kind: 'labels',
      format: 'zip',
      ids: selected,
      labelSize: '100x150',
    });
    const pdfTask = await api(token).create({ kind: 'labels', format: 'pdf', ids: ['L1', 'L2'] });
    expect(await runTasks()).toHaveLength(2);
    expect(await runTasks()).toHaveLength(1);

    const tableZip = await JSZip.loadAsync((await api(token).download(zipTask.data.exportTaskID)).rawPayload);
    const names = Object.keys(tableZip.files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^订单导出-\d{8}-\d{4}\.csv$/);
    expect(names[1]).toMatch(/^订单导出-\d{8}-\d{4}\.xlsx$/);
    const csv = await tableZip.file(names[0]!)!.async('string');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await tableZip.file(names[1]!)!.async('arraybuffer'));
    expect(book.worksheets[0]!.rowCount).toBe(3);

    const labels = await JSZip.loadAsync((await api(token).download(labelTask.data.exportTaskID)).rawPayload);
    const pdfs = Object.keys(labels.files).sort();
    expect(pdfs).toHaveLength(3);
    expect(pdfs[0]).toMatch(/^Labels-export-\d{8}-\d{4}-1\.pdf$/);
    const first = await labels.file(pdfs[0]!)!.async('string');
    expect(first).toContain(`${customerId} 100x150 ${selected.slice(0, LABELS_PER_PDF).join(',')}\n`);
    const third = await labels.file(pdfs[2]!)!.async('string');
    expect(third).toContain(` ${selected.at(-1)}\n`);
    const [labelRow] = (await api(token).query({ ids: [labelTask.data.exportTaskID] })).data.items;
    expect(labelRow!.rowCount).toBe(selected.length);

    const pdf = await api(token).download(pdfTask.data.exportTaskID);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it(`refuses more than ${MAX_ACTIVE_EXPORTS} queued or running exports per customer with a localized busy message`, async () => {
    const { token, customerId } = await newCustomer(sampleRows);
    const other = await newCustomer(sampleRows);
    const created = await Promise.all(
      Array.from({ length: MAX_ACTIVE_EXPORTS + 2 }, () =>
        api(token, 'en-US').create({ kind: 'orders', format: 'csv' }),
      ),
    );
    expect(created.filter((a) => a.code === ApiCode.Ok)).toHaveLength(MAX_ACTIVE_EXPORTS);
    const refused = created.filter((a) => a.code !== ApiCode.Ok);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.code).toBe(ApiCode.TooManyRequests);
      expect(answer.message).toBe(
        `${MAX_ACTIVE_EXPORTS} exports are already in progress; please wait for one to finish`,
      );
    }
    // Nothing half-written: exactly the accepted exports and their tasks exist.
    const rows = await t.app.db
      .selectFrom('export_tasks')
      .select('task_id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(MAX_ACTIVE_EXPORTS);
    const tasks = await t.app.db
      .selectFrom('tasks')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((r) => r.task_id),
      )
      .execute();
    expect(tasks).toHaveLength(MAX_ACTIVE_EXPORTS);
    // Another customer is not held up by this one's exports.
    expect((await api(other.token).create({ kind: 'orders', format: 'csv' })).code).toBe(ApiCode.Ok);
    // Once they finish, this customer may export again.
    while ((await runTasks()).length > 0);
    expect((await api(token).create({ kind: 'orders', format: 'csv' })).code).toBe(ApiCode.Ok);
    await runTasks();
  });

  it("keeps every customer to its own tasks and rows: another customer's ids find nothing", async () => {
    const mine = await newCustomer([['MINE-1', 'Mine', 1, null]]);
    const theirs = await newCustomer([['THEIRS-1', 'Theirs', 1, null]]);
    const myTask = await api(mine.token).create({ kind: 'orders', format: 'csv' });
    // Selecting the other customer's row ids exports none of their rows (the source scopes to the task's customer).
    const sneaky = await api(mine.token).create({ kind: 'orders', format: 'csv', ids: ['THEIRS-1'] });
    const theirTask = await api(theirs.token).create({ kind: 'orders', format: 'csv' });
    while ((await runTasks()).length > 0);
    const theirId = theirTask.data.exportTaskID;
    const download = await api(mine.token).download(theirId);
    expect(download.statusCode).toBe(200);
    expect(download.json()).toMatchObject({
      code: ApiCode.NotFound,
      message: '文件不存在或已过期，请重新导出',
      data: null,
    });
    expect((await api(mine.token).query({ ids: [theirId] })).data).toMatchObject({ items: [], total: 0 });
    const listed = (await api(mine.token).query()).data.items.map((task) => task.exportTaskID);
    expect(listed.sort()).toEqual([myTask.data.exportTaskID, sneaky.data.exportTaskID].sort());
    const sneakyFile = (await api(mine.token).download(sneaky.data.exportTaskID)).rawPayload.toString('utf8');
    expect(sneakyFile).not.toContain('THEIRS');
    const myFile = (await api(mine.token).download(myTask.data.exportTaskID)).rawPayload.toString('utf8');
    expect(myFile).toContain('MINE-1');
    expect(myFile).not.toContain('THEIRS');
  });

  it('answers missing order:export with 403 on create and hides order exports from query and download', async () => {
    const { customerId, token } = await newCustomer(sampleRows);
    const created = await api(token).create({ kind: 'orders', format: 'csv' });
    const clerk = await createUser(t.app.db, customerId, {
      permissions: [Permission.OrderView, Permission.FileManage],
    });
    const { jwtToken } = await signIn(t.app, clerk);
    const refused = await api(jwtToken, 'en-US').create({ kind: 'orders', format: 'csv' });
    expect(refused.code).toBe(ApiCode.Forbidden);
    expect(refused.message).toBe('Sorry, you do not have permission: order:export');
    // The list and the downloads show only kinds the user may export (each kind has its permission).
    const listed = await api(jwtToken, 'en-US').query();
    expect(listed.code).toBe(ApiCode.Ok);
    expect(listed.data.items).toEqual([]);
    const download = (await api(jwtToken, 'en-US').download(created.data.exportTaskID)).json() as {
      code: number;
    };
    expect(download.code).toBe(ApiCode.NotFound);
    const rows = await t.app.db
      .selectFrom('export_tasks')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(1);
    await runTasks();
  });

  it('refuses malformed, oversized and unknown requests with localized field errors, writing nothing', async () => {
    const { token, customerId } = await newCustomer(sampleRows);
    const bad: [unknown, string][] = [
      [{ kind: 'invoices', format: 'xlsx' }, 'kind'],
      [{ kind: 'orders', format: 'pdf' }, 'format'],
      [{ kind: 'labels', format: 'xlsx' }, 'format'],
      [{ kind: 'orders', format: 'docx' }, 'format'],
      [{ kind: 'orders', format: 'csv', ids: [] }, 'ids'],
      [{ kind: 'orders', format: 'csv', ids: ['x'.repeat(65)] }, 'ids.0'],
      [{ kind: 'orders', format: 'csv', ids: Array.from({ length: 100_001 }, (_, i) => `${i}`) }, 'ids'],
      [
        {
          kind: 'orders',
          format: 'csv',
          filter: { createdFrom: '2026-11-02T00:00:00Z', createdTo: '2026-11-01T00:00:00Z' },
        },
        'filter.createdTo',
      ],
      [{ kind: 'orders', format: 'csv', labelSize: '1x1' }, 'labelSize'],
      [{ kind: 'orders' }, 'format'],
      [{ kind: 'orders', format: 'csv', ids: ['ok-1', 'bad\u0000id'] }, 'ids.1'],
      [{ kind: 'orders', format: 'csv', ids: ['\u001b[2J'] }, 'ids.0'],
    ];
    for (const [body, field] of bad) {
      const answer = await call<{ errors: { field: string; message: string }[] }>(t.app, {
        method: 'POST',
        url: '/api/ExportTask/Create',
        token,
        body,
        headers: { 'accept-language': 'en-US' },
      });
      if (answer.code === ApiCode.Ok) throw new Error(`accepted ${JSON.stringify(body).slice(0, 80)}`);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(ApiCode.BadRequest);
      expect(answer.data.errors.map((e) => e.field)).toContain(field);
    }
    const notOffered = await api(token, 'zh-TW').create({ kind: 'orders', format: 'pdf' });
    expect((notOffered.data as unknown as { errors: { message: string }[] }).errors[0]!.message).toBe(
      '此類匯出不支援該格式',
    );
    // A kind this server has no source for yet.
    const unavailable = await api(token, 'en-US').create({ kind: 'endData', format: 'csv' });
    expect(unavailable).toMatchObject({
      code: ApiCode.BadRequest,
      message: 'This export is not available yet',
    });
    // Not JSON, and a body past the 1 MiB limit.
    const notJson = await call(t.app, {
      method: 'POST',
      url: '/api/ExportTask/Create',
      token,
      body: '{"kind":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect(notJson).toMatchObject({
      code: ApiCode.BadRequest,
      message: 'The request body is not valid JSON',
    });
    const huge = await call(t.app, {
      method: 'POST',
      url: '/api/ExportTask/Create',
      token,
      body: { kind: 'orders', format: 'csv', filter: { keyword: 'k'.repeat(2 * 1024 * 1024) } },
      headers: { 'accept-language': 'en-US' },
    });
    expect(huge.message).toBe('The request is too large');
    // The largest selection the contract allows fits in a body; one more id is a field error, not "too
    // large". (A format orders are not offered in keeps both from creating a task.)
    const selection = async (count: number) => {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/ExportTask/Create',
        token,
        body: { kind: 'orders', format: 'pdf', ids: Array.from({ length: count }, () => randomUUID()) },
        headers: { 'accept-language': 'en-US' },
      });
      expect(answer.code).toBe(ApiCode.BadRequest);
      return (answer.data as { errors: { field: string }[] }).errors.map((error) => error.field);
    };
    expect(await selection(MAX_EXPORT_IDS)).toEqual(['format']);
    expect(await selection(MAX_EXPORT_IDS + 1)).toContain('ids');
    // Ids of a shape no id has and an oversized page are refused; a well-formed unknown id finds nothing.
    expect((await api(token).query({ ids: ['\u0000\u001b[2J'] })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).query({ ids: ['\u001b[2J'] })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).query({ ids: ['no-such-task'] })).data).toMatchObject({ items: [], total: 0 });
    expect((await api(token).query({ pageSize: 100_000 })).code).toBe(ApiCode.BadRequest);
    expect((await api(token).download('\u0000')).json()).toMatchObject({ code: ApiCode.BadRequest });
    expect((await api(token).download('no-such-task')).json()).toMatchObject({ code: ApiCode.NotFound });
    expect((await api(token).download('x'.repeat(65))).json()).toMatchObject({ code: ApiCode.BadRequest });
    const rows = await t.app.db
      .selectFrom('export_tasks')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('retries a failing export with backoff, then fails it with a readable reason in the reader’s language', async () => {
    const { token, customerId } = await newCustomer(sampleRows);
    failureOf.set(customerId, new Error('database went away mid-export'));
    const created = await api(token).create({ kind: 'orders', format: 'xlsx' });
    const id = created.data.exportTaskID;
    const row = () =>
      t.app.db.selectFrom('export_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const taskRow = async () =>
      t.app.db
        .selectFrom('tasks')
        .selectAll()
        .where('id', '=', (await row()).task_id)
        .executeTakeFirstOrThrow();

    expect(await runTasks()).toHaveLength(1);
    const afterFirst = await taskRow();
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lease_owner: null });
    expect(afterFirst.last_error).toContain('database went away mid-export');
    // The retry waits its backoff: nothing is due now…
    expect(await runTasks()).toHaveLength(0);
    // …and runs once it has passed; TASK_MAX_ATTEMPTS=2, so the second failure is final.
    expect(await runTasks(new Date(Date.now() + 60_000))).toHaveLength(1);
    expect(await taskRow()).toMatchObject({ status: 'failed', attempts: 2 });
    const [task] = (await api(token, 'en-US').query({ ids: [id] })).data.items;
    expect(task).toMatchObject({
      status: 'failed',
      error: 'The export failed; please try again later, or contact customer service if it keeps failing',
    });
    expect(task!.finishedAt).not.toBeNull();
    // It expires like a finished file, so the cleanup takes it out of the list in time.
    expect(Date.parse(task!.expiresAt!)).toBeGreaterThan(Date.parse(task!.finishedAt!));
    expect((await api(token).download(id)).json()).toMatchObject({ code: ApiCode.NotFound });
    expect(await runTasks(new Date(Date.now() + 3_600_000))).toHaveLength(0);
    failureOf.delete(customerId);
  });

  it('deletes expired files and their tasks on the scheduled cleanup; the download then answers 404', async () => {
    const { token } = await newCustomer(sampleRows);
    const created = await api(token).create({ kind: 'orders', format: 'csv' });
    const kept = await api(token).create({ kind: 'orders', format: 'xlsx' });
    while ((await runTasks()).length > 0);
    const id = created.data.exportTaskID;
    const row = await t.app.db
      .selectFrom('export_tasks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await t.app.storage.stat(row.storage_key!)).not.toBeNull();
    await t.app.db
      .updateTable('export_tasks')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    // Past its expiry the download is refused at once, before the cleanup has run.
    expect((await api(token, 'en-US').download(id)).json()).toMatchObject({
      code: ApiCode.NotFound,
      message: 'The file does not exist or has expired; please export again',
    });
    await t.app.db.updateTable('scheduled_tasks').set({ next_run_at: new Date().toISOString() }).execute();
    expect(await t.app.scheduler.runDue()).toContain('exportCleanup');
    expect(await t.app.storage.stat(row.storage_key!)).toBeNull();
    expect(
      await t.app.db.selectFrom('export_tasks').select('id').where('id', '=', id).execute(),
    ).toHaveLength(0);
    expect(
      await t.app.db.selectFrom('tasks').select('id').where('id', '=', row.task_id).execute(),
    ).toHaveLength(0);
    // The unexpired export is untouched.
    expect((await api(token).download(kept.data.exportTaskID)).statusCode).toBe(200);
    expect((await api(token).query()).data.items.map((task) => task.exportTaskID)).toEqual([
      kept.data.exportTaskID,
    ]);
  });

  it('answers 404 when the stored file vanished (a lost volume), not a server error', async () => {
    const { token } = await newCustomer(sampleRows);
    const created = await api(token).create({ kind: 'orders', format: 'csv' });
    await runTasks();
    const row = await t.app.db
      .selectFrom('export_tasks')
      .selectAll()
      .where('id', '=', created.data.exportTaskID)
      .executeTakeFirstOrThrow();
    await t.app.storage.delete(row.storage_key!);
    expect((await api(token).download(created.data.exportTaskID)).json()).toMatchObject({
      code: ApiCode.NotFound,
    });
  });
});
