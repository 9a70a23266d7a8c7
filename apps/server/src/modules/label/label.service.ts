import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { LabelSize, OrderFilter } from '@portal/contracts/order-list';
import { gramsToKg } from '@portal/contracts/quantity';
import type { Writable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { ThreadPoolFull } from '../../lib/thread-pool.ts';
import { translate } from '../../lib/messages.ts';
import { localize } from '../application/application.service.ts';
import type { DataScopeFilter, ScopedCaller } from '../organization/data-scope.ts';
import { listCountries } from '../reference/countries.ts';
import { LabelPdfWriter, type LabelCaptions, type LabelData, type LabelParty } from './label-renderer.ts';
import { currentCatalog } from '../product/catalog.ts';
import type { LabelPool } from './label-pool.ts';
import './label.messages.ts';
import * as repo from './label.repository.ts';

/**
 * Labels: the caller's orders → one label per parcel → one PDF, orders in the order asked. All or none:
 * an id that is not one of the caller's orders, or an order without a label (a draft has no waybill
 * number yet; a cancelled one must not ship), refuses the whole call and names them.
 */

/** How many ids one database round trip loads (the export of a large selection loads in batches). */
export const LABEL_BATCH_SIZE = 500;
/** How many refused ids or numbers an error message names before "…". */
const NAMED_IN_MESSAGE = 10;

type OrderRow = OrdersTable;
/** Who asks for labels: their customer, and the user whose unit data scope applies. */

export function labelCaptions(language: Language): LabelCaptions {
  const t = (key: string) => translate(language, `label.caption.${key}`);
  return {
    from: t('from'),
    to: t('to'),
    parcel: t('parcel'),
    forecastWeight: t('forecastWeight'),
    chargeableWeight: t('chargeableWeight'),
    reference: t('reference'),
    contents: t('contents'),
    product: t('product'),
  };
}

/** Whether an order has a label to print: it has a waybill number and is not cancelled. */
export const hasLabel = (order: Pick<OrderRow, 'waybill_no' | 'status'>) =>
  order.waybill_no !== null && order.status !== 'draft' && order.status !== 'cancelled';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A list for a message: the first few, then "…"; control characters shown as U+FFFD. */
function nameList(values: readonly string[]): string {
  const shown = values.slice(0, NAMED_IN_MESSAGE).map((v) => v.replace(CONTROL, '\uFFFD'));
  return values.length > NAMED_IN_MESSAGE ? `${shown.join(', ')} …` : shown.join(', ');
}

let englishCountryNames: Map<string, string> | undefined;
/** Country names on labels are English: the destination's carriers read them. */
function countryName(code: string): string {
  englishCountryNames ??= new Map(listCountries('en-US').map((c) => [c.code, c.name['en-US']]));
  return englishCountryNames.get(code) ?? code;
}

function party(row: OrderRow, prefix: 'shipper' | 'consignee'): LabelParty {
  const get = <
    K extends
      | 'name'
      | 'company'
      | 'phone'
      | 'country_code'
      | 'province'
      | 'city'
      | 'district'
      | 'postal_code'
      | 'address_line1'
      | 'address_line2'
      | 'address_line3'
      | 'house_number',
  >(
    key: K,
  ) => row[`${prefix}_${key}`];
  const street = [get('address_line1'), get('address_line2'), get('address_line3')].filter(
    (line): line is string => Boolean(line),
  );
  const houseNumber = get('house_number');
  if (houseNumber) street[0] = `${street[0] ?? ''} ${houseNumber}`.trim();
  const countryCode = get('country_code');
  // Chinese addresses read from the district up; elsewhere the city comes first.
  const places = [get('district'), get('city'), get('province')].filter((p): p is string => Boolean(p));
  return {
    name: get('name'),
    company: get('company'),
    phone: get('phone'),
    addressLines: street,
    cityLine: countryCode === 'CN' ? places.reverse().join(' ') : places.join(', '),
    postalCode: get('postal_code'),
    countryCode,
    countryName: countryName(countryCode),
  };
}

/**
 * The labels of `orders` (each the caller's, each with a label), in the given order: one per parcel.
 */
async function labelsOf(db: Db, orders: readonly OrderRow[], language: Language): Promise<LabelData[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [parcels, items, { productNames }] = await Promise.all([
    repo.findParcels(db, ids),
    repo.findItems(db, ids),
    currentCatalog(db),
  ]);
  const parcelsByOrder = groupBy(parcels, (p) => p.order_id);
  const itemsByOrder = groupBy(items, (i) => i.order_id);
  const useChinese = language !== 'en-US';
  return orders.flatMap((order) => {
    const orderParcels = parcelsByOrder.get(order.id) ?? [];
    const contents = (itemsByOrder.get(order.id) ?? []).map(
      (item) => `${(useChinese ? item.name_cn : item.name_en) || item.name_en} ×${item.quantity}`,
    );
    const storedName = productNames.get(order.product_code);
    const common = {
      waybillNo: order.waybill_no!,
      customerOrderNo: order.customer_order_no,
      productCode: order.product_code,
      productName: storedName ? localize(storedName, language) : order.product_code,
      shipper: party(order, 'shipper'),
      consignee: party(order, 'consignee'),
      contents,
    };
    const count = Math.max(orderParcels.length, 1);
    // One parcel weighed: its chargeable weight; otherwise each parcel's forecast weight.
    const chargeable = count === 1 && order.chargeable_weight_g !== null;
    return Array.from({ length: count }, (_, index): LabelData => ({
      ...common,
      parcelNo: index + 1,
      parcelCount: count,
      weightKg: gramsToKg(
        chargeable ? order.chargeable_weight_g! : (orderParcels[index]?.weight_g ?? order.forecast_weight_g),
      ),
      weightKind: chargeable ? 'chargeable' : 'forecast',
    }));
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The caller's orders of `ids` in that order (duplicates once), each checked to have a label; refuses
 * the whole batch with the unknown ids (404; outside the caller's unit data scope counts as unknown) or the unprintable orders' reference numbers (409).
 */
export async function loadPrintableOrders(
  db: Db,
  customerId: string,
  ids: readonly string[],
  dataScope: DataScopeFilter | null,
): Promise<OrderRow[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await repo.findLabelOrders(db, customerId, unique, dataScope);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0)
    throw new AppError(
      ApiCode.NotFound,
      'label.ordersNotFound',
      { count: missing.length, ids: nameList(missing) },
      { ids: missing },
    );
  const ordered = unique.map((id) => byId.get(id)!);
  const unprintable = ordered.filter((row) => !hasLabel(row));
  if (unprintable.length > 0) {
    const numbers = unprintable.map((row) => row.customer_order_no);
    throw new AppError(
      ApiCode.Conflict,
      'label.notPrintable',
      { numbers: nameList(numbers) },
      { customerOrderNos: numbers },
    );
  }
  return ordered;
}

/** Writes the labels of already checked orders to an open writer, a batch of orders at a time. */
export async function addLabels(
  db: Db,
  writer: LabelPdfWriter,
  orders: readonly OrderRow[],
  language: Language,
): Promise<void> {
  await writer.addAll(await labelsOf(db, orders, language));
}

/** The file name of a label PDF: title, first waybill number (or how many orders), size. */
export function labelFileName(
  language: Language,
  size: LabelSize,
  orders: readonly Pick<OrderRow, 'waybill_no'>[],
) {
  const subject = orders.length === 1 ? orders[0]!.waybill_no! : `${orders.length}`;
  return {
    fileName: `${translate(language, 'label.fileTitle')}-${subject}-${size}.pdf`,
    asciiFallback: `labels-${subject}-${size}.pdf`,
  };
}

/**
 * `PrintLabel`: the PDF of the caller's orders in the order of `ids`, or the refusal. The orders are read
 * here; the PDF is drawn on a label thread (`label-pool.ts`). All threads busy and the queue full: 429.
 */
export async function printLabels(
  db: Db,
  pool: Pick<LabelPool, 'render'>,
  caller: ScopedCaller,
  ids: readonly string[],
  size: LabelSize,
  language: Language,
): Promise<{ pdf: Buffer; fileName: string; asciiFallback: string; labels: number }> {
  const orders = await loadPrintableOrders(db, caller.customerId, ids, caller.dataScope);
  const names = labelFileName(language, size, orders);
  const job = {
    size,
    captions: labelCaptions(language),
    title: names.asciiFallback,
    labels: await labelsOf(db, orders, language),
  };
  try {
    return { ...(await pool.render(job)), ...names };
  } catch (error) {
    if (error instanceof ThreadPoolFull) throw new AppError(ApiCode.TooManyRequests, 'label.busy');
    throw error;
  }
}

/**
 * Writes the labels of the orders matching `filter` (with none, every order of the customer) that have a
 * label, newest first, to `out` (not ended); drafts and cancelled orders in the filter are left out.
 */
export async function writeLabelsOfFilter(
  db: Db,
  caller: ScopedCaller,
  filter: Partial<OrderFilter>,
  size: LabelSize,
  language: Language,
  out: Writable,
  progress: (done: number, total: number) => void = () => {},
): Promise<number> {
  const dataScope = caller.dataScope;
  const ids = await repo.findLabelIdsByFilter(db, caller.customerId, filter, dataScope);
  return writeBatches(db, caller.customerId, dataScope, ids, size, language, out, progress);
}

/**
 * Writes the labels of a saved selection to `out` (not ended), loading and drawing `LABEL_BATCH_SIZE`
 * orders at a time so memory stays flat; answers how many labels it wrote.
 */
export async function writeLabelsOfIds(
  db: Db,
  caller: ScopedCaller,
  ids: readonly string[],
  size: LabelSize,
  language: Language,
  out: Writable,
  progress: (done: number, total: number) => void = () => {},
): Promise<number> {
  const unique = [...new Set(ids)];
  const dataScope = caller.dataScope;
  // Check everything first: a refused order must refuse the task before any page is written.
  for (let start = 0; start < unique.length; start += LABEL_BATCH_SIZE)
    await loadPrintableOrders(
      db,
      caller.customerId,
      unique.slice(start, start + LABEL_BATCH_SIZE),
      dataScope,
    );
  return writeBatches(db, caller.customerId, dataScope, unique, size, language, out, progress);
}

async function writeBatches(
  db: Db,
  customerId: string,
  dataScope: DataScopeFilter | null,
  ids: readonly string[],
  size: LabelSize,
  language: Language,
  out: Writable,
  progress: (done: number, total: number) => void,
): Promise<number> {
  const title = translate(language, 'label.fileTitle');
  const writer = new LabelPdfWriter(size, labelCaptions(language), out, title);
  for (let start = 0; start < ids.length; start += LABEL_BATCH_SIZE) {
    const batch = ids.slice(start, start + LABEL_BATCH_SIZE);
    const orders = await loadPrintableOrders(db, customerId, batch, dataScope);
    await addLabels(db, writer, orders, language);
    progress(Math.min(start + LABEL_BATCH_SIZE, ids.length), ids.length);
  }
  return writer.finish();
}
