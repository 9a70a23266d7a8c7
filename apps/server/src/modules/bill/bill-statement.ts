import type { Bill } from '@portal/contracts/bill';
import type { Language } from '@portal/contracts/languages';
import { fallbackCurrencyDisplay, formatMinorAmount, type CurrencyDisplay } from '@portal/contracts/money';
import { DictionaryTypeCode } from '@portal/contracts/reference';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/database.ts';
import { dictionaryWords, type DocumentExportSource } from '../export/export-source.ts';
import { localDateTimeText } from '../export/export-writers.ts';
import { registerPdfFonts } from '../../lib/pdf-fonts.ts';
import { localDatePlusDays } from './bill-period.ts';
import { linesOfBills, requestedBills } from './bill-selection.ts';
import * as repo from './bill.repository.ts';

/**
 * The pdf of export kind `billDetail`: one statement per bill, each starting on a new A4 page — header
 * (customer, bill number, period, issue and due dates, status), amounts per currency (total, written off,
 * outstanding), subtotals per entry type, the lines (a table continued over as many pages as it needs,
 * its header repeated), and the write-offs. Text is set in Noto Sans SC, the labels' font (embedded as a
 * subset), in the language of the task.
 */

const ZH_CN = {
  title: '对账单',
  customer: '客户',
  billNo: '账单号',
  period: '账期',
  issued: '出账日期',
  due: '到期日',
  status: '状态',
  orders: '订单数',
  amounts: '金额汇总',
  currency: '币种',
  total: '账单金额',
  writtenOff: '已核销',
  outstanding: '未结金额',
  subtotals: '分类小计',
  type: '类型',
  count: '笔数',
  amount: '金额',
  lines: '账单明细',
  time: '时间',
  order: '客户单号 / 运单号',
  reference: '关联单号',
  remark: '备注',
  writeOffs: '核销记录',
  source: '来源',
  prepaid: '预存款核销',
  staff: '人工核销',
  none: '无',
};
type Captions = Record<keyof typeof ZH_CN, string>;
const CAPTIONS: Record<Language, Captions> = {
  'zh-CN': ZH_CN,
  'en-US': {
    title: 'Statement',
    customer: 'Customer',
    billNo: 'Bill number',
    period: 'Period',
    issued: 'Issued',
    due: 'Due date',
    status: 'Status',
    orders: 'Orders',
    amounts: 'Amounts',
    currency: 'Currency',
    total: 'Total',
    writtenOff: 'Written off',
    outstanding: 'Outstanding',
    subtotals: 'Subtotals by type',
    type: 'Type',
    count: 'Lines',
    amount: 'Amount',
    lines: 'Lines',
    time: 'Time',
    order: 'Reference / waybill',
    reference: 'Reference',
    remark: 'Remark',
    writeOffs: 'Write-offs',
    source: 'Source',
    prepaid: 'Prepaid balance',
    staff: 'By staff',
    none: 'None',
  },
  'zh-TW': {
    title: '對帳單',
    customer: '客戶',
    billNo: '帳單號',
    period: '帳期',
    issued: '出帳日期',
    due: '到期日',
    status: '狀態',
    orders: '訂單數',
    amounts: '金額匯總',
    currency: '幣種',
    total: '帳單金額',
    writtenOff: '已核銷',
    outstanding: '未結金額',
    subtotals: '分類小計',
    type: '類型',
    count: '筆數',
    amount: '金額',
    lines: '帳單明細',
    time: '時間',
    order: '客戶單號 / 運單號',
    reference: '關聯單號',
    remark: '備註',
    writeOffs: '核銷紀錄',
    source: '來源',
    prepaid: '預存款核銷',
    staff: '人工核銷',
    none: '無',
  },
};

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;

/** Control characters never reach the page (they would show as boxes). */
const printable = (value: string | null) =>
  // eslint-disable-next-line no-control-regex
  (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

type Doc = PDFKit.PDFDocument;

/** A table that continues on new pages, its header repeated on each. */
class Table {
  private y: number;
  constructor(
    private readonly doc: Doc,
    private readonly columns: readonly Column[],
  ) {
    this.y = doc.y;
    this.header();
  }

  private header() {
    this.ensure(ROW_HEIGHT * 2);
    this.doc.font('bold').fontSize(FONT_SIZE);
    this.cells(this.columns.map((c) => c.header));
    this.doc
      .moveTo(PAGE.margin, this.y - 2)
      .lineTo(PAGE.width - PAGE.margin, this.y - 2)
      .lineWidth(0.5)
      .stroke();
    this.doc.font('regular');
  }

  private ensure(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin - ROW_HEIGHT) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  private cells(values: readonly string[]) {
    let x = PAGE.margin;
    this.columns.forEach((column, index) => {
      // 4 pt of air on each side, so a right-aligned amount never touches the next column's text.
      this.doc.text(values[index] ?? '', x + 4, this.y + 2, {
        width: column.width - 8,
        height: ROW_HEIGHT - 2,
        ellipsis: true,
        align: column.align ?? 'left',
        lineBreak: false,
      });
      x += column.width;
    });
    this.y += ROW_HEIGHT;
  }

  row(values: readonly string[]) {
    if (this.ensure(ROW_HEIGHT)) this.header();
    this.doc.fontSize(FONT_SIZE);
    this.cells(values);
  }

  /** Leaves the cursor below the table. */
  end() {
    this.doc.x = PAGE.margin;
    this.doc.y = this.y + ROW_HEIGHT / 2;
  }
}

async function currencyDisplays(db: Db) {
  const rows = await db.selectFrom('currencies').select(['code', 'symbol', 'minor_units']).execute();
  const displays = new Map<string, CurrencyDisplay>(
    rows.map((row) => [row.code, { symbol: row.symbol, minorUnits: Number(row.minor_units) }]),
  );
  return (amount: number, currencyCode: string) =>
    formatMinorAmount(amount, displays.get(currencyCode) ?? fallbackCurrencyDisplay(currencyCode));
}

export const billStatementSource: DocumentExportSource = {
  kind: 'billDetail',
  shape: 'document',
  title: { 'zh-CN': '对账单', 'en-US': 'Statements', 'zh-TW': '對帳單' },
  extension: 'pdf',
  contentType: 'application/pdf',
  async write(db, request, out, progress) {
    const bills = await requestedBills(db, request);
    const money = await currencyDisplays(db);
    const customer = await db
      .selectFrom('customers')
      .select(['code', 'company_name'])
      .where('id', '=', request.customerId)
      .executeTakeFirstOrThrow();
    const offset = request.billUtcOffsetMinutes ?? 480;
    const doc = new PDFDocument({
      autoFirstPage: false,
      size: 'A4',
      margin: PAGE.margin,
      compress: true,
      bufferPages: false,
      info: { Title: CAPTIONS[request.language].title, Creator: 'Parcel portal', Producer: 'Parcel portal' },
    });
    registerPdfFonts(doc);
    const done = new Promise<void>((resolve, reject) => {
      doc.once('end', resolve);
      doc.once('error', reject);
      out.once('error', reject);
    });
    doc.pipe(out as Writable, { end: false });
    const context: StatementContext = { db, doc, request, money, customer, offset };
    for (const [index, bill] of bills.entries()) {
      await writeStatement(context, bill);
      progress(index + 1, bills.length);
    }
    if (bills.length === 0) {
      doc.addPage();
      doc.font('regular').fontSize(12).text(CAPTIONS[request.language].none);
    }
    doc.end();
    await done;
    return bills.length;
  },
};

interface StatementContext {
  db: Db;
  doc: Doc;
  request: Parameters<DocumentExportSource['write']>[1];
  money: (amount: number, currencyCode: string) => string;
  customer: { code: string; company_name: string };
  offset: number;
}

async function writeStatement(context: StatementContext, bill: Bill) {
  const { db, doc, request, money, customer, offset } = context;
  const c = CAPTIONS[request.language];
  const statusWord = dictionaryWords(DictionaryTypeCode.BillStatus, request.language);
  const typeWord = dictionaryWords(DictionaryTypeCode.LedgerType, request.language);
  const width = PAGE.width - 2 * PAGE.margin;
  doc.addPage();
  doc.font('bold').fontSize(16).text(`${c.title}  ${bill.billNo}`, PAGE.margin, PAGE.margin);
  doc.moveDown(0.5);
  const first = localDatePlusDays(offset, new Date(bill.periodStart), 0);
  const last = localDatePlusDays(offset, new Date(Date.parse(bill.periodEnd) - 1), 0);
  const facts: [string, string][] = [
    [c.customer, `${printable(customer.company_name)} (${customer.code})`],
    [c.period, `${bill.periodLabel}  (${first} – ${last})`],
    [c.issued, localDatePlusDays(offset, new Date(bill.issuedAt), 0)],
    [c.due, bill.dueDate],
    [c.status, statusWord(bill.status)],
    [c.orders, String(bill.orderCount)],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }

  const section = (title: string) => {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(11).text(title, PAGE.margin);
    doc.moveDown(0.3);
  };

  section(c.amounts);
  const amounts = new Table(doc, [
    { header: c.currency, width: width * 0.19 },
    { header: c.total, width: width * 0.27, align: 'right' },
    { header: c.writtenOff, width: width * 0.27, align: 'right' },
    { header: c.outstanding, width: width * 0.27, align: 'right' },
  ]);
  bill.totals.forEach((total, index) => {
    const code = total.currencyCode;
    amounts.row([
      code,
      money(total.amount, code),
      money(bill.writtenOff[index]!.amount, code),
      money(bill.outstanding[index]!.amount, code),
    ]);
  });
  amounts.end();

  section(c.subtotals);
  const subtotals = new Table(doc, [
    { header: c.type, width: width * 0.4 },
    { header: c.currency, width: width * 0.15 },
    { header: c.count, width: width * 0.15, align: 'right' },
    { header: c.amount, width: width * 0.3, align: 'right' },
  ]);
  const sums = await repo.billSubtotals(db, request.customerId, bill.id);
  for (const s of sums.sort(
    (a, b) =>
      repo.byCurrency({ currencyCode: a.currency_code }, { currencyCode: b.currency_code }) ||
      a.entry_type.localeCompare(b.entry_type),
  ))
    subtotals.row([
      typeWord(s.entry_type),
      s.currency_code,
      String(Number(s.count)),
      money(-Number(s.amount), s.currency_code),
    ]);
  subtotals.end();

  section(c.lines);
  const lines = new Table(doc, [
    { header: c.time, width: width * 0.19 },
    { header: c.type, width: width * 0.14 },
    { header: c.order, width: width * 0.27 },
    { header: c.reference, width: width * 0.13 },
    { header: c.amount, width: width * 0.13, align: 'right' },
    { header: c.remark, width: width * 0.14 },
  ]);
  for await (const { rows } of linesOfBills(db, request.customerId, [bill]))
    for (const line of rows)
      lines.row([
        localDateTimeText(line.createdAt),
        typeWord(line.entryType),
        [line.customerOrderNo, line.waybillNo].filter(Boolean).join(' / '),
        printable(line.referenceNo),
        money(line.amount, line.currencyCode),
        printable(line.remark),
      ]);
  lines.end();

  section(c.writeOffs);
  const writeOffs = await repo.billWriteOffs(db, request.customerId, bill.id);
  if (writeOffs.length === 0) {
    doc.font('regular').fontSize(FONT_SIZE).text(c.none, PAGE.margin);
    return;
  }
  const table = new Table(doc, [
    { header: c.time, width: width * 0.22 },
    { header: c.source, width: width * 0.2 },
    { header: c.currency, width: width * 0.12 },
    { header: c.amount, width: width * 0.2, align: 'right' },
    { header: c.remark, width: width * 0.26 },
  ]);
  for (const w of writeOffs)
    table.row([
      localDateTimeText(w.created_at),
      w.source === 'staff' ? c.staff : c.prepaid,
      w.currency_code,
      money(Number(w.amount), w.currency_code),
      printable(w.remark),
    ]);
  table.end();
}
