import { deflateSync } from 'node:zlib';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from '../../lib/storage/index.ts';
import { insertFile } from '../file/file.repository.ts';
import { newRechargeNo } from './recharge-tokens.ts';
import { creditRecharge } from './recharge.service.ts';

/** The demo's Alipay top-up paid through the sandbox (minor units): part of the demo balance. */
export const DEMO_PAID_RECHARGE = 200_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The demo customer's recharge records, so the page is not empty: one Alipay top-up paid through the
 * sandbox (credited by creditRecharge, like any other), one WeChat Pay order that expired unpaid, and one
 * bank transfer waiting for staff with a small generated PNG voucher. All dated in the past; the paid one
 * right after the opening balance and before the demo orders, so the ledger's dates still only go forward.
 * Runs only on the instance that created the demo customer (db/seed.ts).
 */
export async function seedDemoRecharges(
  db: Db,
  storage: FileStorage,
  customerId: string,
  mainUserId: string,
  now = Date.now(),
): Promise<number> {
  const iso = (at: number) => new Date(at).toISOString();
  // The opening balance came first (the demo orders date it the same way).
  await db
    .updateTable('ledger_entries')
    .set({ created_at: iso(now - 31 * DAY) })
    .where('customer_id', '=', customerId)
    .where('reference_no', '=', 'OPENING')
    .execute();
  const base = {
    customer_id: customerId,
    currency_code: 'CNY',
    provider_trade_no: null,
    created_by: mainUserId,
    source: 'portal' as const,
    remark: null,
    voucher_file_id: null,
    status_reason_key: null,
    status_note: null,
    reviewed_by: null,
    ledger_entry_id: null,
    paid_at: null,
    closed_at: null,
  };

  const paidAt = now - 30.5 * DAY;
  const paidId = newId();
  await db
    .insertInto('recharges')
    .values({
      ...base,
      id: paidId,
      recharge_no: newRechargeNo(new Date(paidAt - 2 * MINUTE)),
      amount: DEMO_PAID_RECHARGE,
      channel: 'alipay',
      provider: 'sandbox',
      status: 'pending',
      created_at: iso(paidAt - 2 * MINUTE),
      updated_at: iso(paidAt - 2 * MINUTE),
      expires_at: iso(paidAt + 28 * MINUTE),
    })
    .execute();
  await db.transaction().execute(async (trx) => {
    const credited = await creditRecharge(trx, {
      rechargeId: paidId,
      provider: 'sandbox',
      tradeNo: `SBX${paidAt}DEMO`,
      paidAt: new Date(paidAt),
    });
    // The row is dated when the money arrived.
    await trx
      .updateTable('ledger_entries')
      .set({ created_at: iso(paidAt) })
      .where('id', '=', credited!.entry.id)
      .execute();
    await trx
      .updateTable('recharges')
      .set({ updated_at: iso(paidAt) })
      .where('id', '=', paidId)
      .execute();
  });

  const expiredAt = now - 12 * DAY;
  await db
    .insertInto('recharges')
    .values({
      ...base,
      id: newId(),
      recharge_no: newRechargeNo(new Date(expiredAt)),
      amount: 50_000,
      channel: 'wechat',
      provider: 'sandbox',
      status: 'closed',
      status_reason_key: 'recharge.reason.expired',
      created_at: iso(expiredAt),
      updated_at: iso(expiredAt + 35 * MINUTE),
      expires_at: iso(expiredAt + 30 * MINUTE),
      closed_at: iso(expiredAt + 35 * MINUTE),
    })
    .execute();

  const transferAt = now - 3 * 60 * MINUTE;
  const fileId = newId();
  const key = `uploads/${customerId}/${fileId}`;
  const voucher = demoVoucherPng();
  await storage.put(key, voucher, 'image/png');
  await db.transaction().execute(async (trx) => {
    await insertFile(trx, {
      id: fileId,
      customer_id: customerId,
      file_name: '转账凭证-工商银行.png',
      content_type: 'image/png',
      file_size: voucher.length,
      purpose: 'transferVoucher',
      storage_key: key,
      uploaded_by: mainUserId,
      created_at: iso(transferAt),
    });
    await trx
      .insertInto('recharges')
      .values({
        ...base,
        id: newId(),
        recharge_no: newRechargeNo(new Date(transferAt)),
        amount: 1_000_000,
        channel: 'bank_transfer',
        provider: 'staff',
        status: 'pending',
        remark: '工行对公转账 / ICBC transfer',
        voucher_file_id: fileId,
        created_at: iso(transferAt),
        updated_at: iso(transferAt),
        expires_at: null,
      })
      .execute();
  });
  return 3;
}

/** A 160×90 PNG: a pale receipt with a few grey "lines of text" and a red stamp, generated, no asset. */
export function demoVoucherPng(): Buffer {
  const width = 160;
  const height = 90;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const textLine = y % 14 >= 8 && y % 14 < 11 && x > 12 && x < 12 + ((y * 37) % 100) + 40;
      const stamp = (x - 128) ** 2 + (y - 62) ** 2 < 196 && (x - 128) ** 2 + (y - 62) ** 2 > 120;
      const [r, g, b] = stamp ? [210, 40, 40] : textLine ? [120, 120, 130] : [250, 248, 240];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
