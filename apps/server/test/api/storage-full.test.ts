import fs, { promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import type { Language } from '@portal/contracts/languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countCustomerLedgerRows,
  countCustomerOrders,
  fundCny,
  newOrderCustomer,
  orderApi,
  orderBody,
  shipper,
} from '../support/order-api.ts';
import { fillDisk, freeDisk } from '../support/disk-full.ts';
import { multipartBody, orderSheet, validRow } from '../support/order-sheets.ts';
import { call, createTestApp, ENGINE, type ApiAnswer, type TestApp } from '../support/test-app.ts';

// A full disk — the database's (SQLITE_FULL, PostgreSQL 53100) or a temp file's (ENOSPC) — answers the
// localized 503 "storage full" with Retry-After, writes nothing, and /readyz says 503 until there is room.

const STORAGE_FULL: Record<Language, string> = {
  'zh-CN': '服务器存储空间已满，请稍后重试',
  'en-US': "The server's storage is full; please try again later",
  'zh-TW': '伺服器儲存空間已滿，請稍後重試',
};
const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US', 'zh-TW'];

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

function expectStorageFull(
  answer: Pick<ApiAnswer, 'httpStatus' | 'code' | 'message' | 'headers'>,
  language: Language,
) {
  expect(answer).toMatchObject({ httpStatus: 503, code: 503, message: STORAGE_FULL[language] });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

/** The real error a write to a full disk gives. */
const noSpace = (syscall: string) =>
  Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
    errno: -28,
    code: 'ENOSPC',
    syscall,
  });

describe(`a full disk on ${ENGINE}`, () => {
  it('order creates answer the localized "storage full" 503 and write nothing; creates work again once there is room', async () => {
    t = await createTestApp();
    const db = t.app.db;
    const { customerId, token } = await newOrderCustomer(t.app);
    await fundCny(db, customerId, 100_000_000);
    // One order before the disk fills: what a submitted order writes to the ledger.
    const ledgerBefore = await countCustomerLedgerRows(db, customerId);
    expect((await orderApi(t.app, token).create(orderBody({ submit: true }))).success).toBe(true);
    const ledgerPerOrder = (await countCustomerLedgerRows(db, customerId)) - ledgerBefore;
    expect(ledgerPerOrder).toBeGreaterThan(0);

    await fillDisk(db);
    let created = 1;
    let refused = 0;
    // Until three are refused (SQLite first fills the room left in its pages).
    for (let i = 0; i < 40 && refused < 3; i++) {
      const language = LANGUAGES[i % LANGUAGES.length]!;
      const answer = await orderApi(t.app, token, language).create(orderBody({ submit: true }));
      if (answer.success) created++;
      else {
        expectStorageFull(answer, language);
        refused++;
      }
    }
    expect(refused).toBe(3);
    // No order and no ledger row of a refused create is left behind.
    expect(await countCustomerOrders(db, customerId)).toBe(created);
    expect(await countCustomerLedgerRows(db, customerId)).toBe(ledgerBefore + created * ledgerPerOrder);

    await freeDisk(db);
    expect((await orderApi(t.app, token, 'en-US').create(orderBody({ submit: true }))).success).toBe(true);
  });

  it('a batch preview whose temp file finds the disk full says so, not that the file is unreadable', async () => {
    t = await createTestApp();
    const { customerId, token } = await newOrderCustomer(t.app);
    await call(t.app, {
      method: 'POST',
      url: '/api/CustomerAddress/Insert',
      token,
      body: { ...shipper(), addressType: 'sender', isDefault: true },
    });
    const orders = await orderSheet([validRow(1), validRow(2)], 'en-US');
    const addresses = await orderSheet([validRow(1)], 'en-US');

    // ExcelJS keeps a worksheet that comes before the shared strings in a temp file (the `tmp` package's
    // tmp-* names); on a full disk writing it fails with ENOSPC.
    const createWriteStream = fs.createWriteStream;
    const tempWrites = vi.spyOn(fs, 'createWriteStream').mockImplementation(((
      file: fs.PathLike,
      options?: unknown,
    ) => {
      const name = String(file);
      if (path.dirname(name) !== tmpdir() || !path.basename(name).startsWith('tmp-'))
        return createWriteStream(file, options as never);
      return new Writable({ write: (_chunk, _encoding, done) => done(noSpace('write')) });
    }) as typeof fs.createWriteStream);

    const upload = async (url: string, file: Buffer, language: Language, fields = {}) => {
      const body = multipartBody(file, fields);
      const response = await t!.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': body.contentType,
          'accept-language': language,
        },
      });
      return { httpStatus: response.statusCode, headers: response.headers, ...response.json() };
    };
    for (const language of LANGUAGES) {
      const preview = await upload('/api/CustomerOrder/BatchImportPreview', orders, language, {
        productCode: 'US-DDP-EXP',
      });
      expectStorageFull(preview, language);
    }
    // The address import reads its sheet the same way (this sheet's columns do not matter: the read fails first).
    expectStorageFull(await upload('/api/CustomerAddress/Import?preview=true', addresses, 'zh-TW'), 'zh-TW');
    expect(tempWrites.mock.calls.some(([file]) => String(file).startsWith(tmpdir()))).toBe(true);
    const imports = await t.app.db
      .selectFrom('order_imports')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(imports).toEqual([]);

    // With room again the same file previews.
    tempWrites.mockRestore();
    const preview = await upload('/api/CustomerOrder/BatchImportPreview', orders, 'en-US', {
      productCode: 'US-DDP-EXP',
    });
    expect(preview).toMatchObject({ code: 200, data: { orderCount: 2 } });
  });

  it('/readyz answers 503 while the data directory cannot be written, and 200 again once it can', async () => {
    t = await createTestApp();
    const readyz = () => call(t!.app, { url: '/readyz', headers: { 'accept-language': 'en-US' } });
    /** Asks until the answer is `status` (the write check is repeated at most every few seconds). */
    const until = async (status: number) => {
      const deadline = performance.now() + 60_000;
      let answer = await readyz();
      while (answer.httpStatus !== status && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await readyz();
      }
      return answer;
    };
    expect((await until(200)).data).toEqual({ status: 'ready' });

    const writeFile = fsp.writeFile;
    const full = vi
      .spyOn(fsp, 'writeFile')
      .mockImplementation(((file: unknown, ...rest: unknown[]) =>
        String(file).startsWith(t!.config.dataDir)
          ? Promise.reject(noSpace('write'))
          : (writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest)) as typeof fsp.writeFile);
    expectStorageFull(await until(503), 'en-US');
    expect((await call(t.app, { url: '/healthz' })).httpStatus).toBe(200);
    full.mockRestore();
    expect((await until(200)).data).toEqual({ status: 'ready' });

    // Not writable for another reason (here the probe's name is taken by a directory): 503, the usual words.
    const taken = path.join(t.config.dataDir, `.write-probe-${process.pid}`);
    fs.mkdirSync(taken);
    try {
      expect((await until(503)).message).toBe(
        'The service is briefly unavailable; please try again in a moment',
      );
    } finally {
      fs.rmSync(taken, { recursive: true });
    }
    expect((await until(200)).httpStatus).toBe(200);
  });
});
