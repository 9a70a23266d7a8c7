import type { RechargeQueryInput } from '@portal/contracts/recharge';
import { DictionaryTypeCode } from '@portal/contracts/reference';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { isPlainId } from '../../lib/ids.ts';
import {
  currencyDigits,
  dictionaryWords,
  text,
  type ExportColumn,
  type TableExportSource,
} from '../export/export-source.ts';
import { rechargeFilterCondition } from './recharge.repository.ts';

/**
 * The export source of the recharge records (`recharges`): the customer's recharges under
 * `rechargeFilter` newest first, or the selected `ids` (the customer's own only), which win over it.
 * Keyset pages of CHUNK rows on (created_at, id), so memory stays flat; channel and status in the task's
 * language, the amount as a decimal of its currency plus a currency column.
 */

const CHUNK = 1000;
const ID_CHUNK = 500;

/** The selected ids (the customer's own only), else the list's filter, as one condition. */
function rechargeCondition(customerId: string, filter: RechargeQueryInput, ids: readonly string[] | null) {
  if (!ids) return rechargeFilterCondition(customerId, filter);
  return (eb: ExpressionBuilder<Database, 'recharges'>): Expression<SqlBool> =>
    eb.and([eb('recharges.customer_id', '=', customerId), eb('recharges.id', 'in', [...ids])]);
}

const RECHARGE_COLUMNS: readonly ExportColumn[] = [
  { key: 'rechargeNo', header: text('充值单号', 'Recharge number', '儲值單號'), width: 24 },
  { key: 'createdAt', header: text('创建时间', 'Created', '建立時間'), type: 'datetime', width: 24 },
  { key: 'amount', header: text('金额', 'Amount', '金額'), type: 'number', width: 14 },
  { key: 'currencyCode', header: text('币种', 'Currency', '幣別'), width: 8 },
  { key: 'channel', header: text('支付方式', 'Channel', '支付方式'), width: 14 },
  { key: 'status', header: text('状态', 'Status', '狀態'), width: 12 },
  { key: 'providerTradeNo', header: text('支付流水号', 'Payment transaction', '支付流水號'), width: 30 },
  { key: 'paidAt', header: text('支付时间', 'Paid', '支付時間'), type: 'datetime', width: 24 },
  { key: 'remark', header: text('备注', 'Remark', '備註'), width: 30 },
];

function rechargeRows(db: Db, customerId: string, filter: RechargeQueryInput, ids: readonly string[] | null) {
  return db
    .selectFrom('recharges')
    .select([
      'id',
      'recharge_no',
      'created_at',
      'amount',
      'currency_code',
      'channel',
      'status',
      'provider_trade_no',
      'paid_at',
      'remark',
    ])
    .where(rechargeCondition(customerId, filter, ids));
}

/** A selection's plain ids ID_CHUNK at a time (none when no id is plain); without one, the filter once (null). */
function idChunks(ids: readonly string[] | null | undefined): (readonly string[] | null)[] {
  if (!ids) return [null];
  const plain = [...new Set(ids)].filter(isPlainId);
  const chunks: string[][] = [];
  for (let i = 0; i < plain.length; i += ID_CHUNK) chunks.push(plain.slice(i, i + ID_CHUNK));
  return chunks;
}

/** The requested recharges newest first, CHUNK at a time (a selection: ID_CHUNK ids at a time). */
async function* requestedChunks(
  db: Db,
  customerId: string,
  filter: RechargeQueryInput,
  ids: readonly string[] | null,
) {
  for (const chunk of idChunks(ids)) {
    let last: { created_at: string; id: string } | null = null;
    for (;;) {
      let query = rechargeRows(db, customerId, filter, chunk);
      if (last) {
        const { created_at, id } = last;
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', created_at),
            eb.and([eb('created_at', '=', created_at), eb('id', '<', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(CHUNK).execute();
      if (rows.length) yield rows;
      if (rows.length < CHUNK) break;
      last = rows[rows.length - 1]!;
    }
  }
}

export const rechargesExportSource: TableExportSource = {
  kind: 'recharges',
  shape: 'table',
  title: text('充值记录', 'Recharge records', '儲值紀錄'),
  columns: RECHARGE_COLUMNS,
  async count(db, request) {
    let total = 0;
    const filter = request.rechargeFilter ?? {};
    for (const chunk of idChunks(request.ids)) {
      const row = await db
        .selectFrom('recharges')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(rechargeCondition(request.customerId, filter, chunk))
        .executeTakeFirstOrThrow();
      total += Number(row.count);
    }
    return total;
  },
  async *rows(db, request) {
    const decimal = await currencyDigits(db);
    const channelWord = dictionaryWords(DictionaryTypeCode.RechargeChannel, request.language);
    const statusWord = dictionaryWords(DictionaryTypeCode.RechargeStatus, request.language);
    for await (const rows of requestedChunks(
      db,
      request.customerId,
      request.rechargeFilter ?? {},
      request.ids,
    ))
      for (const row of rows)
        yield [
          row.recharge_no,
          row.created_at,
          decimal(Number(row.amount), row.currency_code),
          row.currency_code,
          channelWord(row.channel),
          statusWord(row.status),
          row.provider_trade_no,
          row.paid_at,
          row.remark,
        ];
  },
};
