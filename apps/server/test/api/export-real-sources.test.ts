import { ApiCode } from '@portal/contracts/envelope';
import type { ExportTask } from '@portal/contracts/export-task';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/lib/messages.ts';
import type { TableExportSource } from '../../src/modules/export/export-source.ts';
import { EXPORT_SOURCES } from '../../src/modules/export/export-sources.ts';
import { exportTaskApi } from '../support/file-api.ts';
import { fundCny, newOrderCustomer, orderApi, orderBody } from '../support/order-api.ts';
import { call, createTestApp, ENGINE, type TestApp } from '../support/test-app.ts';

/** Export tasks through the real sources (order list, end data, labels): create → run → download. */

let t: TestApp;
let owner: { customerId: string; token: string };
let stranger: { customerId: string; token: string };
const ownerIds: string[] = [];
let strangerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOrderCustomer(t.app);
  stranger = await newOrderCustomer(t.app);
  await fundCny(t.app.db, owner.customerId, 1_000_000);
  await fundCny(t.app.db, stranger.customerId, 1_000_000);
  for (const no of ['REAL-1', 'REAL-2'])
    ownerIds.push(
      (await orderApi(t.app, owner.token).create(orderBody({ customerOrderNo: no, submit: true }))).data.id,
    );
  strangerId = (
    await orderApi(t.app, stranger.token).create(
      orderBody({ customerOrderNo: 'REAL-STRANGER', submit: true }),
    )
  ).data.id;
});
afterAll(async () => t.close());

const create = (token: string, body: unknown, language: string) =>
  exportTaskApi(t.app, token, language).create(body);
const download = (token: string, id: string) => exportTaskApi(t.app, token).download(id);
const headersOf = (kind: 'orders' | 'endData', language: 'zh-CN' | 'en-US' | 'zh-TW') =>
  (EXPORT_SOURCES[kind] as TableExportSource).columns.map((column) => column.header[language]);

describe(`exports through the real sources on ${ENGINE}`, () => {
  it('exports the customer’s orders as xlsx with headers in the task’s language, and only theirs', async () => {
    const created = await create(owner.token, { kind: 'orders', format: 'xlsx' }, 'en-US');
    expect(created.code).toBe(ApiCode.Ok);
    await t.app.taskRunner.runOnce();
    const response = await download(owner.token, created.data.exportTaskID);
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headersOf('orders', 'en-US'));
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells).toContain('REAL-1');
    expect(cells).toContain('REAL-2');
    expect(cells).not.toContain('REAL-STRANGER');
    expect(sheet.rowCount).toBe(3);
  });

  it('exports the selection as CSV in Traditional Chinese; another customer’s selected id adds nothing', async () => {
    const created = await create(
      owner.token,
      { kind: 'orders', format: 'csv', ids: [ownerIds[0], strangerId] },
      'zh-TW',
    );
    await t.app.taskRunner.runOnce();
    const body = (await download(owner.token, created.data.exportTaskID)).rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(headersOf('orders', 'zh-TW').join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('REAL-1');
    expect(body).not.toContain('REAL-STRANGER');
    const [task] = (
      await call<{ items: ExportTask[] }>(t.app, {
        method: 'POST',
        url: '/api/ExportTask/Query',
        token: owner.token,
        body: { ids: [created.data.exportTaskID] },
      })
    ).data.items;
    expect(task).toMatchObject({ status: 'succeeded', rowCount: 1 });
    expect(task!.fileName).toMatch(/^訂單.*匯出-\d{8}-\d{4}\.csv$/);
  });

  it('exports end data as xlsx, and labels as a PDF and as a zip of PDFs', async () => {
    const endData = await create(owner.token, { kind: 'endData', format: 'xlsx' }, 'zh-CN');
    const pdf = await create(
      owner.token,
      { kind: 'labels', format: 'pdf', ids: ownerIds, labelSize: '100x100' },
      'zh-CN',
    );
    const zip = await create(owner.token, { kind: 'labels', format: 'zip', ids: ownerIds }, 'en-US');
    while ((await t.app.taskRunner.runOnce()).length > 0);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await download(owner.token, endData.data.exportTaskID)).rawPayload as unknown as ArrayBuffer,
    );
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(
      headersOf('endData', 'zh-CN'),
    );

    const labels = await download(owner.token, pdf.data.exportTaskID);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(labels.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const archive = await JSZip.loadAsync((await download(owner.token, zip.data.exportTaskID)).rawPayload);
    const names = Object.keys(archive.files);
    expect(names).toHaveLength(1);
    expect((await archive.file(names[0]!)!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    const tasks = await t.app.db
      .selectFrom('export_tasks')
      .select(['id', 'row_count', 'status'])
      .where('id', 'in', [pdf.data.exportTaskID, zip.data.exportTaskID])
      .execute();
    expect(tasks.map((row) => [row.status, row.row_count])).toEqual([
      ['succeeded', 2],
      ['succeeded', 2],
    ]);
  });

  it('fails a label export naming another customer’s order at once, with the refusal as its reason', async () => {
    const created = await create(
      owner.token,
      { kind: 'labels', format: 'pdf', ids: [ownerIds[0], strangerId] },
      'en-US',
    );
    expect(await t.app.taskRunner.runOnce()).toHaveLength(1);
    const [task] = (
      await call<{ items: ExportTask[] }>(t.app, {
        method: 'POST',
        url: '/api/ExportTask/Query',
        token: owner.token,
        body: { ids: [created.data.exportTaskID] },
        headers: { 'accept-language': 'en-US' },
      })
    ).data.items;
    expect(task).toMatchObject({ status: 'failed', fileName: null });
    expect(task!.error).toBe(translate('en-US', 'label.ordersNotFound', { count: 1, ids: strangerId }));
    const row = await t.app.db
      .selectFrom('tasks')
      .select(['status', 'attempts'])
      .where(
        'id',
        '=',
        (
          await t.app.db
            .selectFrom('export_tasks')
            .select('task_id')
            .where('id', '=', created.data.exportTaskID)
            .executeTakeFirstOrThrow()
        ).task_id,
      )
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: 1 });
  });
});
