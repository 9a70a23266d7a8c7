import { gramsToKg } from '@portal/contracts/quantity';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import {
  currencyDigits,
  text,
  type ExportCell,
  type ExportColumn,
  type ExportRequest,
  type TableExportSource,
} from '../export/export-source.ts';
import { filteredOrders } from './order-filter.ts';
import * as repo from './order-list.repository.ts';
import { chargeOfRow, nameLookups } from './order-list.service.ts';
import { statusMessageKey } from './order.messages.ts';

/**
 * The export sources of the order list (`orders`) and the end-data list (`endData`): columns with
 * headers in the three languages, rows read in keyset pages of `CHUNK` (memory stays flat however many
 * rows), `ids` (selected rows) winning over the filter. Both read the same filter as the lists.
 */

const CHUNK = 1000;
/** Ids per statement when exporting a selection (well under both engines' parameter limits). */
const ID_CHUNK = 500;

/**
 * The rows an export request names: the selection (the customer's own only), else the filter; either
 * within the data scope of the user who asked, as it is when the task runs.
 */
async function requested(db: Db, request: ExportRequest) {
  return filteredOrders(db, request.customerId, {
    ...(request.ids ? {} : (request.filter ?? {})),
    dataScope: request.dataScope,
  });
}

async function countRequested(db: Db, request: ExportRequest, onlyWithLastMile: boolean) {
  if (!request.ids) {
    const query = await requested(db, request);
    return repo.countRows(onlyWithLastMile ? query.where('orders.last_mile_no', 'is not', null) : query);
  }
  let total = 0;
  const unique = [...new Set(request.ids)];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    let query = (await requested(db, request)).where('orders.id', 'in', unique.slice(i, i + ID_CHUNK));
    if (onlyWithLastMile) query = query.where('orders.last_mile_no', 'is not', null);
    total += await repo.countRows(query);
  }
  return total;
}

/**
 * The requested orders' list rows, a chunk at a time: keyset pages newest first for a filter; for a
 * selection, its ids a chunk at a time, each chunk newest first.
 */
async function* requestedRows(db: Db, request: ExportRequest, onlyWithLastMile: boolean) {
  const scoped = await requested(db, request);
  const narrowed = (ids: readonly string[] | null) => {
    let query = scoped;
    if (ids) query = query.where('orders.id', 'in', ids);
    return onlyWithLastMile ? query.where('orders.last_mile_no', 'is not', null) : query;
  };
  const pages = async function* (ids: readonly string[] | null) {
    for await (const seqs of repo.keysetChunks(narrowed(ids), (q) => q.select('orders.customer_seq'), CHUNK))
      yield await repo.listRowsBySeq(
        db,
        request.customerId,
        seqs.map((row) => Number(row.customer_seq)),
      );
  };
  if (!request.ids) {
    yield* pages(null);
    return;
  }
  const unique = [...new Set(request.ids)];
  for (let i = 0; i < unique.length; i += ID_CHUNK) yield* pages(unique.slice(i, i + ID_CHUNK));
}

const kgOrNull = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

const ORDER_COLUMNS: readonly ExportColumn[] = [
  { key: 'customerOrderNo', header: text('客户单号', 'Reference number', '客戶單號'), width: 22 },
  { key: 'waybillNo', header: text('运单号', 'Waybill number', '運單號'), width: 20 },
  { key: 'status', header: text('状态', 'Status', '狀態'), width: 12 },
  { key: 'lastMileCarrier', header: text('尾程承运商', 'Last-mile carrier', '尾程承運商'), width: 16 },
  { key: 'lastMileNo', header: text('尾程单号', 'Last-mile number', '尾程單號'), width: 22 },
  { key: 'consigneeName', header: text('收件人', 'Consignee', '收件人'), width: 20 },
  { key: 'consigneeCompany', header: text('收件公司', 'Consignee company', '收件公司'), width: 20 },
  { key: 'consigneeCountryCode', header: text('国家/地区', 'Country/region', '國家/地區'), width: 10 },
  { key: 'consigneeCity', header: text('城市', 'City', '城市'), width: 16 },
  { key: 'productCode', header: text('产品代码', 'Product code', '產品代碼'), width: 14 },
  { key: 'productName', header: text('产品名称', 'Product', '產品名稱'), width: 22 },
  { key: 'parcelCount', header: text('件数', 'Parcels', '件數'), type: 'number', width: 8 },
  {
    key: 'forecastWeight',
    header: text('预报重量(kg)', 'Forecast weight (kg)', '預報重量(kg)'),
    type: 'number',
  },
  { key: 'actualWeight', header: text('实重(kg)', 'Actual weight (kg)', '實重(kg)'), type: 'number' },
  {
    key: 'chargeableWeight',
    header: text('计费重(kg)', 'Chargeable weight (kg)', '計費重(kg)'),
    type: 'number',
  },
  { key: 'charge', header: text('费用', 'Charge', '費用'), type: 'number', width: 12 },
  { key: 'currencyCode', header: text('币种', 'Currency', '幣別'), width: 8 },
  { key: 'chargeFinal', header: text('费用类型', 'Charge type', '費用類型'), width: 10 },
  { key: 'createdAt', header: text('创建时间', 'Created', '建立時間'), type: 'datetime', width: 20 },
  { key: 'submittedAt', header: text('提交时间', 'Submitted', '提交時間'), type: 'datetime', width: 20 },
];

const CHARGE_KIND = {
  final: text('实际', 'Final', '實際'),
  estimate: text('预估', 'Estimate', '預估'),
};

export const ordersExportSource: TableExportSource = {
  kind: 'orders',
  shape: 'table',
  title: text('订单', 'Orders', '訂單'),
  columns: ORDER_COLUMNS,
  count: (db, request) => countRequested(db, request, false),
  async *rows(db, request) {
    const language = request.language;
    const [{ product }, decimal] = await Promise.all([nameLookups(db, language), currencyDigits(db)]);
    for await (const rows of requestedRows(db, request, false))
      for (const row of rows) {
        const { charge, final } = chargeOfRow(row);
        const cells: ExportCell[] = [
          row.customer_order_no,
          row.waybill_no,
          translate(language, statusMessageKey(row.status)),
          row.last_mile_carrier,
          row.last_mile_no,
          row.consignee_name,
          row.consignee_company,
          row.consignee_country_code,
          row.consignee_city,
          row.product_code,
          product(row.product_code),
          Number(row.parcel_count ?? 0),
          gramsToKg(row.forecast_weight_g),
          kgOrNull(row.actual_weight_g),
          kgOrNull(row.chargeable_weight_g),
          charge ? decimal(charge.amount, charge.currencyCode) : null,
          charge?.currencyCode ?? null,
          charge ? (final ? CHARGE_KIND.final : CHARGE_KIND.estimate)[language] : null,
          row.created_at,
          row.submitted_at,
        ];
        yield cells;
      }
  },
};

const END_DATA_COLUMNS: readonly ExportColumn[] = [
  { key: 'customerOrderNo', header: text('客户单号', 'Reference number', '客戶單號'), width: 22 },
  { key: 'waybillNo', header: text('运单号', 'Waybill number', '運單號'), width: 20 },
  { key: 'lastMileCarrier', header: text('尾程承运商', 'Last-mile carrier', '尾程承運商'), width: 16 },
  { key: 'lastMileNo', header: text('尾程单号', 'Last-mile number', '尾程單號'), width: 22 },
  { key: 'handedOverAt', header: text('交接时间', 'Handed over', '交接時間'), type: 'datetime', width: 20 },
  { key: 'status', header: text('状态', 'Status', '狀態'), width: 12 },
  { key: 'consigneeName', header: text('收件人', 'Consignee', '收件人'), width: 20 },
  { key: 'consigneeCountryCode', header: text('国家/地区', 'Country/region', '國家/地區'), width: 10 },
  { key: 'productCode', header: text('产品代码', 'Product code', '產品代碼'), width: 14 },
  { key: 'createdAt', header: text('创建时间', 'Created', '建立時間'), type: 'datetime', width: 20 },
];

export const endDataExportSource: TableExportSource = {
  kind: 'endData',
  shape: 'table',
  title: text('尾程数据', 'Last-mile data', '尾程資料'),
  columns: END_DATA_COLUMNS,
  count: (db, request) => countRequested(db, request, true),
  async *rows(db, request) {
    for await (const rows of requestedRows(db, request, true))
      for (const row of rows)
        yield [
          row.customer_order_no,
          row.waybill_no,
          row.last_mile_carrier,
          row.last_mile_no,
          row.handed_over_at,
          translate(request.language, statusMessageKey(row.status)),
          row.consignee_name,
          row.consignee_country_code,
          row.product_code,
          row.created_at,
        ];
  },
};
