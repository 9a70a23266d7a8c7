import type { LedgerFilter } from '@portal/contracts/consumption-flow';
import { DictionaryTypeCode } from '@portal/contracts/reference';
import type { Db } from '../../db/database.ts';
import {
  currencyDigits,
  dictionaryWords,
  text,
  type ExportColumn,
  type ExportRequest,
  type TableExportSource,
} from '../export/export-source.ts';
import * as repo from './consumption-flow.repository.ts';
import { countLedger, entryMatch } from './consumption-flow.service.ts';

/**
 * The export source of the consumption flow (`ledger`): the rows the list shows under `ledgerFilter`, in
 * its order (newest first), or the selected `ids` (the customer's own only), which win over the filter.
 * Each currency is read in keyset pages of CHUNK rows (`entry_no < last`) and the currencies are merged,
 * so memory stays at CHUNK rows per currency however long the ledger is.
 */

const CHUNK = 1000;
const NO_FILTER: LedgerFilter = { number: null };
/** Ids per statement when exporting a selection. */
const ID_CHUNK = 500;

const LEDGER_COLUMNS: readonly ExportColumn[] = [
  { key: 'createdAt', header: text('时间', 'Time', '時間'), type: 'datetime', width: 24 },
  { key: 'entryType', header: text('类型', 'Type', '類型'), width: 14 },
  { key: 'amount', header: text('金额', 'Amount', '金額'), type: 'number', width: 14 },
  { key: 'currencyCode', header: text('币种', 'Currency', '幣別'), width: 8 },
  { key: 'balanceAfter', header: text('余额', 'Balance after', '餘額'), type: 'number', width: 14 },
  { key: 'customerOrderNo', header: text('客户单号', 'Reference number', '客戶單號'), width: 22 },
  { key: 'waybillNo', header: text('运单号', 'Waybill number', '運單號'), width: 20 },
  { key: 'rechargeNo', header: text('充值单号', 'Recharge number', '儲值單號'), width: 22 },
  { key: 'billNo', header: text('账单号', 'Bill number', '帳單號'), width: 20 },
  { key: 'referenceNo', header: text('关联单号', 'Related number', '關聯單號'), width: 22 },
  { key: 'remark', header: text('备注', 'Remark', '備註'), width: 30 },
  { key: 'entryNo', header: text('流水序号', 'Entry number', '流水序號'), type: 'number', width: 10 },
];

/** The rows of a selection, a chunk of ids at a time, each chunk newest first. */
async function* selectedRows(db: Db, customerId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    const rows = await repo.rowsByIds(db, customerId, unique.slice(i, i + ID_CHUNK));
    yield rows.sort((a, b) => repo.compareNewestFirst(keyOf(a), keyOf(b)));
  }
}

const keyOf = (row: repo.FlowRow): repo.EntryKey => ({
  currencyCode: row.currency_code,
  entryNo: Number(row.entry_no),
  createdAt: row.created_at,
});

/** One currency's matching rows newest first, CHUNK at a time. */
async function* currencyRows(db: Db, customerId: string, match: repo.EntryMatch, currencyCode: string) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await repo.rowsOfCurrencyBefore(db, customerId, match, currencyCode, before, CHUNK);
    yield* rows;
    if (rows.length < CHUNK) return;
    before = Number(rows[rows.length - 1]!.entry_no);
  }
}

/** The filter's rows in the list's order: every currency's keyset pages merged newest first. */
async function* filteredRows(db: Db, request: ExportRequest) {
  const match = await entryMatch(db, request.customerId, request.ledgerFilter ?? NO_FILTER);
  if (!match) return;
  const streams = match.currencyCodes.map((code) => currencyRows(db, request.customerId, match, code));
  const heads = await Promise.all(streams.map((stream) => stream.next()));
  for (;;) {
    let next = -1;
    heads.forEach((head, i) => {
      if (head.done) return;
      const best = heads[next];
      if (next < 0 || !best || best.done || repo.compareNewestFirst(keyOf(head.value), keyOf(best.value)) < 0)
        next = i;
    });
    if (next < 0) return;
    const head = heads[next]!;
    if (head.done) return;
    yield head.value;
    heads[next] = await streams[next]!.next();
  }
}

export const ledgerExportSource: TableExportSource = {
  kind: 'ledger',
  shape: 'table',
  title: text('消费流水', 'Consumption flow', '消費流水'),
  columns: LEDGER_COLUMNS,
  async count(db, request) {
    if (!request.ids) return countLedger(db, request.customerId, request.ledgerFilter ?? NO_FILTER);
    const unique = [...new Set(request.ids)];
    let total = 0;
    for (let i = 0; i < unique.length; i += ID_CHUNK)
      total += await repo.countByIds(db, request.customerId, unique.slice(i, i + ID_CHUNK));
    return total;
  },
  async *rows(db, request) {
    const [decimal, typeWord] = [
      await currencyDigits(db),
      dictionaryWords(DictionaryTypeCode.LedgerType, request.language),
    ];
    const cells = (row: repo.FlowRow) => [
      row.created_at,
      typeWord(row.entry_type),
      decimal(Number(row.amount), row.currency_code),
      row.currency_code,
      decimal(Number(row.balance_after), row.currency_code),
      row.customer_order_no,
      row.waybill_no,
      row.recharge_no,
      row.bill_no,
      row.reference_no,
      row.remark,
      Number(row.entry_no),
    ];
    if (request.ids) {
      for await (const rows of selectedRows(db, request.customerId, request.ids))
        for (const row of rows) yield cells(row);
      return;
    }
    for await (const row of filteredRows(db, request)) yield cells(row);
  },
};
