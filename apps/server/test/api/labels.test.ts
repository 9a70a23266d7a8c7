import { ApiCode } from '@portal/contracts/envelope';
import { LABEL_SIZES, type LabelSize } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import { PassThrough } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { labelExportSource } from '../../src/modules/label/label-export-source.ts';
import { LabelPdfWriter, sheetLayout, type LabelData } from '../../src/modules/label/label-renderer.ts';
import { labelCaptions } from '../../src/modules/label/label.service.ts';
import type { ExportRequest } from '../../src/modules/export/export-source.ts';
import { createUser } from '../support/factories.ts';
import {
  consignee,
  fundCny,
  mainUserIdOf,
  newOrderCustomer,
  orderApi,
  orderBody,
} from '../support/order-api.ts';
import { pdfFonts, pdfText, readCode128, readQrCode, renderPages } from '../support/pdf-scan.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

/**
 * PrintLabel (issue 10): the PDF is rendered by poppler at a thermal printer's 203 dpi and every label's
 * Code 128 and QR code are decoded by ZXing — a label that prints but does not scan fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PRINT_LABEL = '/api/CustomerOrder/PrintLabel';

async function printLabel(token: string, body: unknown, language = 'zh-CN') {
  const response = await t.app.inject({
    method: 'POST',
    url: PRINT_LABEL,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    payload: body as object,
  });
  const isPdf = String(response.headers['content-type']).startsWith('application/pdf');
  return {
    response,
    pdf: isPdf ? response.rawPayload : undefined,
    envelope: isPdf
      ? undefined
      : (response.json() as { code: number; message: string; data: Record<string, string[]> | null }),
  };
}

/** A customer with two submitted orders (the second: a Chinese consignee, two parcels), a draft and a cancelled order. */
async function customerWithOrders() {
  const { customerId, token } = await newOrderCustomer(t.app);
  await fundCny(t.app.db, customerId, 1_000_000);
  const api = orderApi(t.app, token);
  const first = await api.create({ ...orderBody(), submit: true });
  const second = await api.create({
    ...orderBody({
      consignee: consignee({ name: '王小明', company: '洛杉矶贸易公司' }),
      parcels: [
        { weight: 1.2, length: 30, width: 20, height: 10 },
        { weight: 0.8, length: 20, width: 20, height: 10 },
      ],
    }),
    submit: true,
  });
  const draft = await api.create(orderBody());
  const cancelled = await api.create({ ...orderBody(), submit: true });
  await api.cancel([cancelled.data.id]);
  for (const answer of [first, second, draft, cancelled]) expect(answer.code).toBe(ApiCode.Ok);
  return {
    customerId,
    token,
    first: first.data,
    second: second.data,
    draft: draft.data,
    cancelled: cancelled.data,
  };
}

let shop: Awaited<ReturnType<typeof customerWithOrders>>;
beforeAll(async () => {
  shop = await customerWithOrders();
});

/** Each label's page and cell (mm), in print order. */
function labelRegions(size: LabelSize, labels: number) {
  const { cells } = sheetLayout(size);
  return Array.from({ length: labels }, (_, index) => ({
    page: Math.floor(index / cells.length),
    region: cells[index % cells.length]!,
  }));
}

describe('labels that scan', () => {
  for (const size of LABEL_SIZES) {
    it(`prints two orders as one ${size} PDF whose barcodes and QR codes read back each waybill number in order`, async () => {
      // The second order first: the PDF follows the order of `ids`, not of creation.
      const { response, pdf } = await printLabel(shop.token, { ids: [shop.second.id, shop.first.id], size });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="labels-2-/);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('面单')}-2-${size}.pdf`,
      );
      expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');

      const expected = [shop.second.waybillNo, shop.second.waybillNo, shop.first.waybillNo];
      const pages = renderPages(pdf!);
      expect(pages).toHaveLength(size === 'A4' ? 1 : 3);
      const read = labelRegions(size, expected.length).map(({ page, region }) => ({
        barcode: readCode128(pages[page]!, region),
        qr: readQrCode(pages[page]!, region),
      }));
      expect(read).toEqual(expected.map((waybillNo) => ({ barcode: waybillNo, qr: waybillNo })));
      if (size === 'A4') {
        // The fourth cell of the sheet stays empty.
        expect(() => readCode128(pages[0]!, sheetLayout('A4').cells[3])).toThrow();
      }

      const fonts = pdfFonts(pdf!);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansHans-(Regular|Bold)$/);
        expect(font).toMatchObject({ embedded: true, subset: true });
      }
      const text = pdfText(pdf!);
      expect(text).toContain('王小明');
      expect(text).toContain('洛杉矶贸易公司');
      expect(text).toContain('1/2');
      expect(text).toContain('2/2');
      // Two parcels: each label carries its own forecast weight.
      expect(text).toContain('预报重量 0.80 kg');
      expect(text).toContain(shop.first.customerOrderNo);
      expect(text).toContain('T恤 ×2');
    });
  }

  it('prints the captions in the caller’s language', async () => {
    const { pdf } = await printLabel(shop.token, { ids: [shop.first.id], size: '100x100' }, 'en-US');
    const text = pdfText(pdf!);
    // A submitted order carries its estimated chargeable weight; one parcel prints it.
    expect(text).toContain('Chargeable weight 1.50 kg');
    expect(text).toContain('T-shirt ×2');
    const { pdf: taiwan, response } = await printLabel(shop.token, { ids: [shop.first.id] }, 'zh-TW');
    expect(pdfText(taiwan!)).toContain('計費重量');
    // One order: the file is named after its waybill number; the default size is 100×150.
    expect(response.headers['content-disposition']).toContain(`labels-${shop.first.waybillNo}-100x150.pdf`);
  });
});

describe('refusals: nothing printed', () => {
  it('refuses another customer’s order with the ids it cannot find, even among the caller’s own', async () => {
    const stranger = await newOrderCustomer(t.app);
    const { envelope, pdf } = await printLabel(stranger.token, { ids: [shop.first.id] }, 'en-US');
    expect(pdf).toBeUndefined();
    expect(envelope!.code).toBe(ApiCode.NotFound);
    expect(envelope!.message).toBe(`1 order(s) not found: ${shop.first.id}; no label was printed`);

    const unknown = newId();
    const mixed = await printLabel(shop.token, { ids: [shop.first.id, unknown] });
    expect(mixed.envelope!.code).toBe(ApiCode.NotFound);
    expect(mixed.envelope!.message).toBe(`1 个订单不存在：${unknown}；未打印任何面单`);
    expect(mixed.envelope!.data).toEqual({ ids: [unknown] });

    // Many unknown ids: the message names the first ten, the data all of them.
    const many = Array.from({ length: 12 }, () => newId());
    const crowd = await printLabel(shop.token, { ids: many }, 'en-US');
    expect(crowd.envelope!.message).toBe(
      `12 order(s) not found: ${many.slice(0, 10).join(', ')} …; no label was printed`,
    );
    expect(crowd.envelope!.data).toEqual({ ids: many });
  });

  it('refuses drafts and cancelled orders, naming their reference numbers', async () => {
    const { envelope } = await printLabel(
      shop.token,
      { ids: [shop.first.id, shop.draft.id, shop.cancelled.id] },
      'en-US',
    );
    expect(envelope!.code).toBe(ApiCode.Conflict);
    expect(envelope!.message).toContain(`${shop.draft.customerOrderNo}, ${shop.cancelled.customerOrderNo}`);
    expect(envelope!.data).toEqual({
      customerOrderNos: [shop.draft.customerOrderNo, shop.cancelled.customerOrderNo],
    });
    const taiwan = await printLabel(shop.token, { ids: [shop.draft.id] }, 'zh-TW');
    expect(taiwan.envelope!.message).toBe(
      `以下訂單尚無運單號或已取消，不能列印標籤：${shop.draft.customerOrderNo}；未列印任何標籤`,
    );
  });

  it('needs order:view', async () => {
    const clerk = await createUser(t.app.db, shop.customerId, { permissions: [Permission.AddressView] });
    const clerkToken = (await signIn(t.app, clerk)).jwtToken;
    const { envelope } = await printLabel(clerkToken, { ids: [shop.first.id] });
    expect(envelope!.code).toBe(ApiCode.Forbidden);
    const viewer = await createUser(t.app.db, shop.customerId, { permissions: [Permission.OrderView] });
    const viewerToken = (await signIn(t.app, viewer)).jwtToken;
    expect((await printLabel(viewerToken, { ids: [shop.first.id] })).pdf).toBeDefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: PRINT_LABEL,
      payload: { ids: [shop.first.id] },
    });
    expect(anonymous.json().code).toBe(ApiCode.NotSignedIn);
  });

  it('refuses 501 ids, no ids, an unknown size, malformed and oversized bodies and control characters', async () => {
    const tooMany = await printLabel(
      shop.token,
      { ids: Array.from({ length: 501 }, () => newId()) },
      'en-US',
    );
    expect(tooMany.envelope!.code).toBe(ApiCode.BadRequest);
    expect(tooMany.envelope!.data!.errors).toEqual([expect.objectContaining({ field: 'ids' })]);
    expect((await printLabel(shop.token, { ids: [] })).envelope!.code).toBe(ApiCode.BadRequest);
    expect((await printLabel(shop.token, {})).envelope!.code).toBe(ApiCode.BadRequest);

    const badSize = await printLabel(shop.token, { ids: [shop.first.id], size: 'A5' }, 'en-US');
    expect(badSize.envelope!.code).toBe(ApiCode.BadRequest);
    expect(badSize.envelope!.data!.errors).toEqual([expect.objectContaining({ field: 'size' })]);
    expect((await printLabel(shop.token, { ids: 'all', size: '100x100' })).envelope!.code).toBe(
      ApiCode.BadRequest,
    );
    expect((await printLabel(shop.token, { ids: ['x'.repeat(65)] })).envelope!.code).toBe(ApiCode.BadRequest);

    const notJson = await t.app.inject({
      method: 'POST',
      url: PRINT_LABEL,
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      payload: '{"ids":',
    });
    expect(notJson.json().code).toBe(ApiCode.BadRequest);
    const huge = await printLabel(shop.token, { ids: [shop.first.id], padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.response.statusCode).toBe(413);
    expect(huge.envelope!.message).toBe('请求内容过大');

    // A control character makes an id of a shape no id has: refused before any query, naming the field.
    const control = await printLabel(shop.token, { ids: [`${shop.first.id}\u0007`] }, 'en-US');
    expect(control.envelope!.code).toBe(ApiCode.BadRequest);
    expect(control.envelope!.message).toBe(
      'Some fields are not valid; please check them and try again: ids.0 is not a valid id',
    );
  });
});

const sampleLabel = (): LabelData => ({
  waybillNo: 'PS000000012361',
  customerOrderNo: 'R1',
  productCode: 'US-DDP-EXP',
  productName: 'US line',
  shipper: {
    name: '张三',
    company: null,
    phone: '13800138000',
    addressLines: ['科技园南区 1 栋 101'],
    cityLine: '广东省 深圳市 南山区',
    postalCode: '518000',
    countryCode: 'CN',
    countryName: 'China',
  },
  consignee: {
    name: 'Jane Doe',
    company: null,
    phone: '+1 555 0100',
    addressLines: ['1 Main Street'],
    cityLine: 'Los Angeles, CA',
    postalCode: '90001',
    countryCode: 'US',
    countryName: 'United States',
  },
  parcelNo: 1,
  parcelCount: 1,
  weightKg: 1.2,
  weightKind: 'forecast',
  contents: ['T-shirt ×2'],
});

/** Runs the `labels` export source into memory, as the export task handler would into a file. */
async function exportLabels(request: Partial<ExportRequest> & { customerId: string }) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const progress: [number, number][] = [];
  const full: ExportRequest = {
    userId: await mainUserIdOf(t.app.db, request.customerId),
    language: 'zh-CN',
    ids: null,
    filter: null,
    labelSize: null,
    dataScope: null,
    ...request,
  };
  const written = await labelExportSource.write(t.app.db, full, out, (done, total) =>
    progress.push([done, total]),
  );
  return { written, pdf: Buffer.concat(chunks), progress };
}

/** The waybill numbers the Code 128 symbols of a label PDF read back, in print order. */
function scannedWaybills(pdf: Buffer, size: LabelSize, labels: number) {
  const pages = renderPages(pdf);
  return labelRegions(size, labels).map(({ page, region }) => readCode128(pages[page]!, region));
}

describe('export source `labels`', () => {
  it('writes the selected orders’ labels in the order selected, with progress', async () => {
    const { written, pdf, progress } = await exportLabels({
      customerId: shop.customerId,
      ids: [shop.first.id, shop.second.id],
      labelSize: 'A4',
    });
    expect(written).toBe(3);
    expect(progress.at(-1)).toEqual([2, 2]);
    expect(scannedWaybills(pdf, 'A4', 3)).toEqual([
      shop.first.waybillNo,
      shop.second.waybillNo,
      shop.second.waybillNo,
    ]);
  });

  it('takes a filter’s orders that have a label, newest first, and every such order without one', async () => {
    const byNumber = await exportLabels({
      customerId: shop.customerId,
      filter: { numbers: [shop.first.customerOrderNo, shop.draft.customerOrderNo], keyword: null },
      labelSize: '100x100',
    });
    // The draft matches the numbers but has no label.
    expect(byNumber.written).toBe(1);
    expect(scannedWaybills(byNumber.pdf, '100x100', 1)).toEqual([shop.first.waybillNo]);

    const everything = await exportLabels({ customerId: shop.customerId });
    expect(everything.written).toBe(3);
    expect(scannedWaybills(everything.pdf, '100x150', 3)).toEqual([
      shop.second.waybillNo,
      shop.second.waybillNo,
      shop.first.waybillNo,
    ]);
  });

  it('refuses selected drafts and another customer’s orders before writing a byte', async () => {
    const stranger = await newOrderCustomer(t.app);
    for (const [customerId, ids, messageKey] of [
      [shop.customerId, [shop.first.id, shop.draft.id], 'label.notPrintable'],
      [stranger.customerId, [shop.first.id], 'label.ordersNotFound'],
    ] as const) {
      const out = new PassThrough();
      let bytes = 0;
      out.on('data', (chunk: Buffer) => (bytes += chunk.length));
      const request: ExportRequest = {
        customerId,
        userId: await mainUserIdOf(t.app.db, customerId),
        language: 'en-US',
        ids,
        filter: null,
        labelSize: null,
        dataScope: null,
      };
      await expect(labelExportSource.write(t.app.db, request, out, () => {})).rejects.toMatchObject({
        messageKey,
      });
      expect(bytes).toBe(0);
    }
  });
});

describe('label threads (plugins/label-pool.ts)', () => {
  it('draws PrintLabel’s PDF on a label thread, never on the event loop', async () => {
    const before = t.app.labelPool.stats();
    const { response } = await printLabel(shop.token, { ids: [shop.first.id] });
    expect(response.statusCode).toBe(200);
    const after = t.app.labelPool.stats();
    expect(after.completed).toBe(before.completed + 1);
    expect(after.threadIds.length).toBeGreaterThan(0);
    expect(after.threadIds).not.toContain(threadId);
  });

  it('every thread busy and the queue full: 429 in the caller’s language, at once', async () => {
    const busy = await createTestApp({ LABEL_WORKERS: '1', LABEL_QUEUE: '0' });
    try {
      const { customerId, token } = await newOrderCustomer(busy.app);
      await fundCny(busy.app.db, customerId, 1_000_000);
      const order = await orderApi(busy.app, token).create({ ...orderBody(), submit: true });
      const print = (language: string) =>
        busy.app.inject({
          method: 'POST',
          url: PRINT_LABEL,
          headers: { authorization: `Bearer ${token}`, 'accept-language': language },
          payload: { ids: [order.data.id] },
        });
      // The one thread holds the first print until it is written; the second finds no room.
      const first = print('zh-CN');
      await vi.waitFor(() => expect(busy.app.labelPool.stats().busy).toBe(1), { timeout: 60_000 });
      const second = await print('en-US');
      expect(second.json()).toMatchObject({
        code: ApiCode.TooManyRequests,
        message: 'The server is busy printing other labels; please try again shortly',
      });
      expect((await first).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});

describe('a long print', () => {
  it('gives the event loop a turn every 10 labels while drawing', async () => {
    const out = new PassThrough();
    out.resume();
    const writer = new LabelPdfWriter('100x100', labelCaptions('en-US'), out);
    const seen: number[] = [];
    const watch = () => {
      seen.push(writer.labels);
      if (writer.labels < 30) setImmediate(watch);
    };
    setImmediate(watch);
    await writer.addAll(Array.from({ length: 30 }, () => sampleLabel()));
    await writer.finish();
    // Without the turns the watcher would first run after all 30 labels.
    expect(seen.slice(0, 3)).toEqual([10, 20, 30]);
  });
});

describe('text that does not fit', () => {
  it('cuts long and control-character texts inside the label: one page per label, and it still scans', async () => {
    const long = 'Very long street name with many words '.repeat(20);
    const label: LabelData = {
      waybillNo: 'PS000000012361',
      customerOrderNo: 'R'.repeat(64),
      productCode: 'P'.repeat(32),
      productName: '超长的产品名称'.repeat(20),
      shipper: {
        name: '发件人'.repeat(30),
        company: '公司'.repeat(50),
        phone: '1'.repeat(40),
        addressLines: [long, long, long],
        cityLine: 'City\u0007\u0000 '.repeat(30),
        postalCode: '9'.repeat(20),
        countryCode: 'CN',
        countryName: 'China',
      },
      consignee: {
        name: 'Consignee\u001b[31m'.repeat(20),
        company: '收件公司'.repeat(40),
        phone: '+1 555 '.repeat(20),
        addressLines: [long, long, long],
        cityLine: long,
        postalCode: '90001-1234',
        countryCode: 'US',
        countryName: 'United States',
      },
      parcelNo: 1,
      parcelCount: 1,
      weightKg: 12.345,
      weightKind: 'forecast',
      contents: Array.from({ length: 100 }, (_, i) => `商品${i} ×${i + 1}`),
    };
    for (const size of LABEL_SIZES) {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const writer = new LabelPdfWriter(size, labelCaptions('zh-CN'), out);
      writer.add(label);
      writer.add({ ...label, waybillNo: 'PS000000012372' });
      await writer.finish();
      const pdf = Buffer.concat(chunks);
      expect(renderPages(pdf)).toHaveLength(size === 'A4' ? 1 : 2);
      expect(scannedWaybills(pdf, size, 2)).toEqual(['PS000000012361', 'PS000000012372']);
      // Whole grams stay whole: 12.345 kg is not rounded to 12.35.
      expect(pdfText(pdf)).toContain('12.345 kg');
      // eslint-disable-next-line no-control-regex
      expect(pdfText(pdf)).not.toMatch(/[\u0000-\u0008\u001b]/);
    }
  });
});
