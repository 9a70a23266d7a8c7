import { DictionaryTypeCode } from '@portal/contracts/reference';
import {
  currencyDigits,
  dictionaryWords,
  text,
  type ExportCell,
  type ExportColumn,
  type TableExportSource,
} from '../export/export-source.ts';
import { billStatementSource } from './bill-statement.ts';
import { linesOfBills, requestedBills } from './bill-selection.ts';
import * as repo from './bill.repository.ts';

/**
 * Export kinds `bills` (the bill list under `billFilter`, one row per bill and currency, so amounts are
 * numbers a spreadsheet can add up) and `billDetail` (the lines of the bills named by `ids`: one xlsx
 * table with bill number and period columns, or as pdf a statement per bill, bill-statement.ts).
 */

const BILL_COLUMNS: readonly ExportColumn[] = [
  { key: 'billNo', header: text('账单号', 'Bill number', '帳單號'), width: 22 },
  { key: 'period', header: text('账期', 'Period', '帳期'), width: 10 },
  { key: 'currency', header: text('币种', 'Currency', '幣種'), width: 8 },
  { key: 'total', header: text('账单金额', 'Total', '帳單金額'), type: 'number', width: 14 },
  { key: 'writtenOff', header: text('已核销', 'Written off', '已核銷'), type: 'number', width: 14 },
  { key: 'outstanding', header: text('未结金额', 'Outstanding', '未結金額'), type: 'number', width: 14 },
  { key: 'status', header: text('状态', 'Status', '狀態'), width: 12 },
  { key: 'orderCount', header: text('订单数', 'Orders', '訂單數'), type: 'number', width: 8 },
  { key: 'dueDate', header: text('到期日', 'Due date', '到期日'), width: 12 },
  { key: 'issuedAt', header: text('出账时间', 'Issued', '出帳時間'), type: 'datetime', width: 20 },
  { key: 'settledAt', header: text('结清时间', 'Settled', '結清時間'), type: 'datetime', width: 20 },
];

export const billsExportSource: TableExportSource = {
  kind: 'bills',
  shape: 'table',
  title: text('账单', 'Bills', '帳單'),
  columns: BILL_COLUMNS,
  async count(db, request) {
    const bills = await requestedBills(db, request);
    return bills.reduce((sum, bill) => sum + bill.totals.length, 0);
  },
  async *rows(db, request) {
    const decimal = await currencyDigits(db);
    const statusWord = dictionaryWords(DictionaryTypeCode.BillStatus, request.language);
    for (const bill of await requestedBills(db, request)) {
      for (const [index, total] of bill.totals.entries()) {
        const code = total.currencyCode;
        yield [
          bill.billNo,
          bill.periodLabel,
          code,
          decimal(total.amount, code),
          decimal(bill.writtenOff[index]!.amount, code),
          decimal(bill.outstanding[index]!.amount, code),
          statusWord(bill.status),
          bill.orderCount,
          bill.dueDate,
          bill.issuedAt,
          bill.settledAt,
        ] satisfies ExportCell[];
      }
    }
  },
};

const LINE_COLUMNS: readonly ExportColumn[] = [
  { key: 'billNo', header: text('账单号', 'Bill number', '帳單號'), width: 22 },
  { key: 'period', header: text('账期', 'Period', '帳期'), width: 10 },
  { key: 'createdAt', header: text('时间', 'Time', '時間'), type: 'datetime', width: 20 },
  { key: 'entryType', header: text('类型', 'Type', '類型'), width: 14 },
  { key: 'currency', header: text('币种', 'Currency', '幣種'), width: 8 },
  {
    key: 'amount',
    header: text('金额（负数为扣费）', 'Amount (negative: charged)', '金額（負數為扣費）'),
    type: 'number',
    width: 16,
  },
  { key: 'customerOrderNo', header: text('客户单号', 'Reference number', '客戶單號'), width: 22 },
  { key: 'waybillNo', header: text('运单号', 'Waybill number', '運單號'), width: 20 },
  { key: 'referenceNo', header: text('关联单号', 'Reference', '關聯單號'), width: 20 },
  { key: 'remark', header: text('备注', 'Remark', '備註'), width: 30 },
];

export const billDetailExportSource: TableExportSource = {
  kind: 'billDetail',
  shape: 'table',
  title: text('账单明细', 'Bill lines', '帳單明細'),
  columns: LINE_COLUMNS,
  async count(db, request) {
    const bills = await requestedBills(db, request);
    if (bills.length === 0) return 0;
    return repo.countBillLines(
      db,
      request.customerId,
      bills.map((bill) => bill.id),
    );
  },
  async *rows(db, request) {
    const decimal = await currencyDigits(db);
    const typeWord = dictionaryWords(DictionaryTypeCode.LedgerType, request.language);
    const bills = await requestedBills(db, request);
    for await (const { bill, rows } of linesOfBills(db, request.customerId, bills))
      for (const line of rows)
        yield [
          bill.billNo,
          bill.periodLabel,
          line.createdAt,
          typeWord(line.entryType),
          line.currencyCode,
          decimal(line.amount, line.currencyCode),
          line.customerOrderNo,
          line.waybillNo,
          line.referenceNo,
          line.remark,
        ] satisfies ExportCell[];
  },
  pdf: billStatementSource,
};
