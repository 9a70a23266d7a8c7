import { AddressType, type AddressInputParsed } from '@portal/contracts/address';
import { ApiCode } from '@portal/contracts/envelope';
import { hasPermission } from '@portal/contracts/access';
import { Permission } from '@portal/contracts/permissions';
import type { Language } from '@portal/contracts/languages';
import {
  createOrderCreateSchema,
  createOrderUpdateSchema,
  type EstimatedCharge,
  type Order,
  type OrderCreated,
  type OrderCreateParsed,
  type OrderUpdateParsed,
  type OrderParty,
  type OrderStatus,
} from '@portal/contracts/order';
import type { OrderDetail } from '@portal/contracts/order-list';
import { ExtraServiceCode, type QuoteRequest } from '@portal/contracts/product';
import type { LedgerEntry } from '@portal/contracts/wallet';
import { cmToMm, gramsToKg, kgToGrams, MAX_AMOUNT_MINOR, mmToCm } from '@portal/contracts/quantity';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { translate } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { addressIdentity } from '../address/address-import.ts';
import { localize } from '../application/application.service.ts';
import * as addressRepo from '../address/address.repository.ts';
import { addressColumns, newAddressRow } from '../address/address.service.ts';
import type { PricingLine } from '../product/pricing.ts';
import { customerCatalog } from '../product/catalog.ts';
import { orderPricerFor, priceOrder, wordLine, type PriceOrderResult } from '../product/quote.service.ts';
import { cnDivisions } from '../reference/cn-divisions.ts';
import { countryCodes } from '../reference/countries.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { statusMessageKey } from './order.messages.ts';
import * as repo from './order.repository.ts';
import { drawOrderSeqs, orderTransaction, transitionOrder } from './order-status.ts';
import { issueWaybillNo } from './waybill.ts';
import * as listRepo from './order-list.repository.ts';
import { isInDataScope } from '../organization/data-scope.ts';
import { nameLookups, toTrackingEvent } from './order-list.service.ts';

/**
 * Orders: create (draft, or submitted in the same call), submit, get, cancel.
 *
 * Submit re-prices the order, issues its waybill number and holds the estimated charge (`order_charge`:
 * amount −total, held +total) in ONE transaction with the status change: an insufficient balance rolls
 * everything back. Cancelling a submitted order releases the hold (`charge_release`: +total, held −total).
 */

/** The create schema with the full reference data: real countries, and for China a real division triple. */
export const orderCreateSchema = createOrderCreateSchema({
  countryCodes: countryCodes(),
  cnDivisions: cnDivisions(),
});
/** The update schema: the create schema with the same reference data, plus the draft's id. */
export const orderUpdateSchema = createOrderUpdateSchema({
  countryCodes: countryCodes(),
  cnDivisions: cnDivisions(),
});

type Party = Omit<AddressInputParsed, 'addressType' | 'isDefault'>;
export type PartyColumns = ReturnType<typeof partyColumns>;

/** An order party as stored: the address book's normalization (official Chinese division names). */
function partyColumns(party: Party) {
  const columns = addressColumns({ ...party, addressType: AddressType.Receiver });
  return {
    name: columns.name,
    company: columns.company,
    phone: columns.phone,
    email: columns.email,
    country_code: columns.country_code,
    province: columns.province,
    city: columns.city,
    district: columns.district,
    postal_code: columns.postal_code,
    address_line1: columns.address_line1,
    address_line2: columns.address_line2,
    address_line3: columns.address_line3,
    house_number: columns.house_number,
    tax_id: columns.tax_id,
  };
}

function prefixed<P extends 'shipper' | 'consignee'>(prefix: P, columns: PartyColumns) {
  return Object.fromEntries(Object.entries(columns).map(([key, value]) => [`${prefix}_${key}`, value])) as {
    [K in keyof PartyColumns as `${P}_${K}`]: PartyColumns[K];
  };
}

function partyFromRow(row: repo.OrderRow, prefix: 'shipper' | 'consignee'): OrderParty {
  const get = (column: keyof PartyColumns) => row[`${prefix}_${column}`];
  return {
    name: get('name') as string,
    company: get('company'),
    phone: get('phone') as string,
    email: get('email'),
    countryCode: get('country_code') as string,
    province: get('province'),
    city: get('city') as string,
    district: get('district'),
    postalCode: get('postal_code'),
    addressLine1: get('address_line1') as string,
    addressLine2: get('address_line2'),
    addressLine3: get('address_line3'),
    houseNumber: get('house_number'),
    taxId: get('tax_id'),
  };
}

/**
 * The shipment as the pricing sees it: the consignee's country and postal code, parcels, declared value.
 * Create, submit and the operations weigh-in (with the measured parcels) all price through it.
 */
export function quoteRequestOf(order: {
  consignee_country_code: string;
  consignee_postal_code: string | null;
  parcels: readonly { weight_g: number; length_mm: number; width_mm: number; height_mm: number }[];
  declared_value: number;
  declared_currency_code: string;
  has_battery: number;
  extra_service_codes: string;
  insurance_value: number | null;
  customs_terms: 'DDU' | 'DDP' | null;
  ioss_number: string | null;
}): QuoteRequest {
  const asked = new Set(JSON.parse(order.extra_service_codes) as ExtraServiceCode[]);
  if (order.insurance_value) asked.add(ExtraServiceCode.Insurance);
  return {
    countryCode: order.consignee_country_code,
    postalCode: order.consignee_postal_code,
    parcels: order.parcels.map((parcel) => ({
      weight: gramsToKg(parcel.weight_g),
      length: mmToCm(parcel.length_mm),
      width: mmToCm(parcel.width_mm),
      height: mmToCm(parcel.height_mm),
    })),
    declaredValue: Number(order.declared_value),
    currencyCode: order.declared_currency_code,
    hasBattery: order.has_battery === 1,
    extraServiceCodes: [...asked],
    // The product's customs rules are checked too: terms it does not offer, an IOSS number it requires.
    ...(order.customs_terms ? { customsTerms: order.customs_terms } : {}),
    iossNumber: order.ioss_number,
    // A stored 0 is an insured value of 0, as the quote reads it (not "absent": that insures the declared value).
    ...(order.insurance_value !== null ? { insuranceValue: Number(order.insurance_value) } : {}),
  };
}

/** Prices the order with the product; an unusable product is a 400 listing every reason. */
async function price(
  db: Db,
  customerId: string,
  productCode: string,
  request: QuoteRequest,
  language: Language,
) {
  return usableOrRefused(
    await priceOrder(db, customerId, productCode, request, language),
    productCode,
    language,
  );
}

function usableOrRefused(priced: PriceOrderResult, productCode: string, language: Language) {
  if (!priced.ok) {
    throw new AppError(
      ApiCode.BadRequest,
      'order.productUnusable',
      { productCode, reasons: priced.reasons.join(language === 'en-US' ? '; ' : '；') },
      { reasons: priced.reasons },
    );
  }
  return priced;
}

export type Priced = Extract<Awaited<ReturnType<typeof priceOrder>>, { ok: true }>;

const chargeColumns = (priced: Priced) => ({
  volumetric_weight_g: priced.volumetricWeightGrams,
  chargeable_weight_g: priced.chargeableWeightGrams,
  estimated_total: priced.usable.totalAmount,
  estimated_currency_code: priced.usable.currencyCode,
  // Unworded lines (code, amount, detail key and params): each reader sees them in its own language.
  estimated_breakdown: JSON.stringify(priced.lines),
});

const utcDay = (iso: string) => iso.slice(0, 10).replaceAll('-', '');

/**
 * Generated reference numbers: `ORD` + UTC day + `-` + the customer's counter of that day, six digits
 * (`ORD20261123-000001`). `count` values of the counter are reserved in one statement (a batch of
 * thousands takes one); a number the customer typed earlier that happens to look the same, or one in
 * `typed` (the batch's own typed numbers), is skipped and another reserved.
 */
export async function generateCustomerOrderNos(
  db: Db,
  customerId: string,
  now: string,
  count: number,
  typed: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const day = utcDay(now);
  const numbers: string[] = [];
  while (numbers.length < count) {
    const wanted = count - numbers.length;
    const first = await repo.reserveOrderNumbers(db, customerId, day, wanted);
    const candidates = Array.from(
      { length: wanted },
      (_, index) => `ORD${day}-${String(first + index).padStart(6, '0')}`,
    );
    const taken = await repo.takenCustomerOrderNos(db, customerId, candidates);
    numbers.push(...candidates.filter((candidate) => !taken.has(candidate) && !typed.has(candidate)));
  }
  return numbers;
}

const customerOrderNoTaken = (customerOrderNo: string) =>
  new AppError(
    ApiCode.Conflict,
    'order.customerOrderNoTaken',
    { customerOrderNo },
    {
      errors: [{ field: 'customerOrderNo', message: 'order.customerOrderNoTaken' }],
    },
  );

/** Keeps the consignee in the address book as a receiver, unless an identical address is there already. */
async function saveConsigneeAddress(trx: Db, customerId: string, consignee: Party, now: string) {
  const input: AddressInputParsed = { ...consignee, addressType: AddressType.Receiver, isDefault: false };
  const row = newAddressRow(customerId, input, now);
  const identity = addressIdentity(row);
  await addressRepo.lockCustomerAddresses(trx, customerId);
  const existing = await addressRepo.identityColumns(trx, customerId);
  if (existing.some((columns) => addressIdentity(columns) === identity)) return;
  await addressRepo.insertAddresses(trx, [row]);
}

/** Issues the waybill number, marks the draft submitted and holds the charge, inside `trx`. */
async function submitInTransaction(
  trx: Db,
  auth: AuthContext,
  order: { id: string },
  priced: Priced,
  now: string,
  language: Language,
): Promise<string> {
  const waybillNo = await issueWaybillNo(trx);
  await transitionOrder(trx, {
    customerId: auth.customerId,
    orderId: order.id,
    to: 'submitted',
    at: now,
    set: { ...chargeColumns(priced), waybill_no: waybillNo },
    language,
    refusalKey: 'order.notDraft',
  });
  await holdCharge(trx, auth, order.id, waybillNo, priced);
  return waybillNo;
}

/** The hold of a submitted order's estimated charge on the wallet (a free shipment holds nothing). */
async function holdCharge(trx: Db, auth: AuthContext, orderId: string, waybillNo: string, priced: Priced) {
  const { totalAmount, currencyCode } = priced.usable;
  // The ledger takes no empty rows.
  if (totalAmount === 0) return;
  await postLedgerEntry(trx, {
    customerId: auth.customerId,
    currencyCode,
    entryType: 'order_charge',
    amount: -totalAmount,
    heldChange: totalAmount,
    orderId,
    referenceNo: waybillNo,
    createdBy: auth.userId,
  });
}

/** A 409 naming the order and its status in the caller's language. */
function wrongStatus(
  messageKey: 'order.notDraft' | 'order.notCancellable' | 'order.notEditable',
  customerOrderNo: string,
  status: OrderStatus,
  language: Language,
) {
  return new AppError(ApiCode.Conflict, messageKey, {
    customerOrderNo,
    status: translate(language, statusMessageKey(status)),
  });
}

/** The sender's columns: the address book's entry named by `shipperAddressId`, or the typed sender. */
export async function shipperColumns(
  db: Db,
  customerId: string,
  input: Pick<OrderCreateParsed, 'shipperAddressId' | 'shipper'>,
): Promise<PartyColumns> {
  if (!input.shipperAddressId) return partyColumns(input.shipper!);
  const address = await addressRepo.findAddress(db, customerId, input.shipperAddressId);
  if (!address) throw new AppError(ApiCode.NotFound, 'order.shipperAddressNotFound');
  return {
    name: address.name,
    company: address.company,
    phone: address.phone,
    email: address.email,
    country_code: address.country_code,
    province: address.province,
    city: address.city,
    district: address.district,
    postal_code: address.postal_code,
    address_line1: address.address_line1,
    address_line2: address.address_line2,
    address_line3: address.address_line3,
    house_number: address.house_number,
    tax_id: address.tax_id,
  };
}

export type OrderShape = ReturnType<typeof orderShape>;

/**
 * A checked create body as stored, before pricing: parties, parcels, items and the shipment the pricing
 * reads (`quoteRequestOf(shape.shipment)`). Pure: the single create and the Excel batch (thousands of
 * orders, one loaded pricer) both build an order through it and `orderRows`.
 */
export function orderShape(input: OrderCreateParsed, shipper: PartyColumns) {
  const consignee = partyColumns(input.consignee);
  const declaredValue = input.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  if (declaredValue > MAX_AMOUNT_MINOR) throw invalidField('items', 'order.declaredValueTooLarge');
  const parcels = input.parcels.map((parcel, index) => ({
    seq: index + 1,
    weight_g: kgToGrams(parcel.weight),
    length_mm: cmToMm(parcel.length),
    width_mm: cmToMm(parcel.width),
    height_mm: cmToMm(parcel.height),
  }));
  const extraServiceCodes = [...new Set(input.extraServiceCodes ?? [])];
  const shipment = {
    consignee_country_code: consignee.country_code,
    consignee_postal_code: consignee.postal_code,
    parcels,
    declared_value: declaredValue,
    declared_currency_code: input.items[0]!.currencyCode,
    has_battery: input.hasBattery ? 1 : 0,
    extra_service_codes: JSON.stringify(extraServiceCodes),
    insurance_value: input.insuranceValue ?? null,
    customs_terms: input.customsTerms ?? null,
    ioss_number: input.iossNumber?.toUpperCase() ?? null,
  };
  return { input, shipper, consignee, parcels, shipment };
}

/**
 * The priced order's columns, parcels and items as stored (without id, numbers, status and times). Pure.
 * No terms named on a product that offers only one (a DDP-only line): the order is on that product's terms.
 */
export function orderRows(shape: OrderShape, priced: Priced) {
  const { input, shipment, parcels } = shape;
  const [onlyTerms, ...otherTerms] = priced.offeredCustomsTerms;
  const customsTerms =
    shipment.customs_terms === null && onlyTerms && otherTerms.length === 0
      ? onlyTerms
      : shipment.customs_terms;
  return {
    columns: {
      product_code: input.productCode,
      ...prefixed('shipper', shape.shipper),
      ...prefixed('consignee', shape.consignee),
      customs_terms: customsTerms,
      ioss_number: shipment.ioss_number,
      eori_number: input.eoriNumber,
      has_battery: shipment.has_battery,
      insurance_value: shipment.insurance_value,
      extra_service_codes: shipment.extra_service_codes,
      remark: input.remark,
      declared_value: shipment.declared_value,
      declared_currency_code: shipment.declared_currency_code,
      forecast_weight_g: parcels.reduce((sum, parcel) => sum + parcel.weight_g, 0),
      ...chargeColumns(priced),
    },
    parcels,
    items: input.items.map((item, index) => ({
      seq: index + 1,
      name_cn: item.nameCn,
      name_en: item.nameEn,
      hs_code: item.hsCode ?? null,
      sku: item.sku,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      currency_code: item.currencyCode,
      unit_weight_g: item.unitWeight == null ? null : kgToGrams(item.unitWeight),
      origin_country_code: item.originCountryCode ?? null,
      material: item.material,
      purpose: item.purpose,
    })),
  };
}

/**
 * A create or update body checked and priced: the order's columns, parcels and items as stored. One path
 * for both, so an edited draft is validated exactly like a new order (and the Excel batch, through
 * `orderShape` and `orderRows`, like both).
 */
async function prepareOrder(db: Db, auth: AuthContext, input: OrderCreateParsed, language: Language) {
  const shape = orderShape(input, await shipperColumns(db, auth.customerId, input));
  // The schema checked the code's shape; a code the portal has no rate for is named here, on its field.
  const customer = await customerCatalog(db, auth.customerId);
  if (!customer.catalog.exchangeRates[shape.shipment.declared_currency_code])
    throw invalidField('items.0.currencyCode', 'quantity.currencyCode');
  const priced = usableOrRefused(
    orderPricerFor(customer, language)(input.productCode, quoteRequestOf(shape.shipment)),
    input.productCode,
    language,
  );
  return { priced, ...orderRows(shape, priced) };
}

/** `POST /api/CustomerOrder/Create`: saves a draft, or with `submit: true` submits it in the same call. */
export async function createOrder(
  db: Db,
  auth: AuthContext,
  input: OrderCreateParsed,
  language: Language,
): Promise<OrderCreated> {
  const prepared = await prepareOrder(db, auth, input, language);
  const { priced } = prepared;
  const id = newId();
  const now = nowIso();
  // Generated before the transaction, in its own statement: on PostgreSQL the counter row's lock then
  // lasts one statement instead of the whole create, so a customer's creates do not queue behind it. A
  // create that fails afterwards leaves a gap in the day's numbers, which is harmless.
  // The order's number in the customer's list is drawn the same way (order-status.ts drawOrderSeqs), at
  // the same time: on PostgreSQL two connections, whose commits can share one flush of the log.
  const [customerOrderNo, seq] = await Promise.all([
    input.customerOrderNo ??
      generateCustomerOrderNos(db, auth.customerId, now, 1).then((numbers) => numbers[0]!),
    drawOrderSeqs(db, auth.customerId, 1),
  ]);
  try {
    const created = await orderTransaction(db, async (trx) => {
      if (
        input.customerOrderNo !== null &&
        (await repo.customerOrderNoExists(trx, auth.customerId, customerOrderNo))
      )
        throw customerOrderNoTaken(customerOrderNo);
      if (input.saveConsignee) await saveConsigneeAddress(trx, auth.customerId, input.consignee, now);
      // Submitted on create: written as submitted at once, as the Excel batch writes its orders.
      const waybillNo = input.submit ? await issueWaybillNo(trx) : null;
      await repo.insertOrder(
        trx,
        {
          id,
          customer_id: auth.customerId,
          customer_order_no: customerOrderNo,
          waybill_no: waybillNo,
          status: waybillNo ? 'submitted' : 'draft',
          ...prepared.columns,
          created_by: auth.userId,
          created_at: now,
          updated_at: now,
          submitted_at: waybillNo ? now : null,
        },
        seq,
        prepared.parcels.map((parcel) => ({ order_id: id, ...parcel })),
        prepared.items.map((item) => ({ order_id: id, ...item })),
        // The caller's unit, read with its session: the order's unit for the data scope.
        auth.orgUnitId,
      );
      if (waybillNo) await holdCharge(trx, auth, id, waybillNo, priced);
      return { customerOrderNo, waybillNo };
    });
    return {
      id,
      status: created.waybillNo ? 'submitted' : 'draft',
      customerOrderNo: created.customerOrderNo,
      waybillNo: created.waybillNo,
      estimatedCharge: estimatedCharge(priced),
    };
  } catch (error) {
    // Two creates racing for one reference number: the unique index decides, the loser hears why.
    if (repo.isUniqueViolation(error, 'orders_customer_order_no_uq'))
      throw customerOrderNoTaken(customerOrderNo);
    throw error;
  }
}

/**
 * `POST /api/CustomerOrder/Update`: replaces a draft's contents with the body, checked and priced exactly
 * like a create (`prepareOrder`); with `submit: true` submits it in the same transaction. An order that is
 * no longer a draft answers 409 naming its status; nothing is written. An empty reference number keeps
 * the draft's own.
 */
export async function updateOrder(
  db: Db,
  auth: AuthContext,
  input: OrderUpdateParsed,
  language: Language,
): Promise<OrderCreated> {
  const existing = await repo.findOrder(db, auth.customerId, input.id);
  if (!existing || !isInDataScope(auth.dataScope, existing)) throw notFound();
  if (existing.status !== 'draft')
    throw wrongStatus('order.notEditable', existing.customer_order_no, existing.status, language);
  const prepared = await prepareOrder(db, auth, input, language);
  const { priced } = prepared;
  const customerOrderNo = input.customerOrderNo ?? existing.customer_order_no;
  const now = nowIso();
  try {
    const waybillNo = await orderTransaction(db, async (trx) => {
      // Locked, then re-checked: a submit or cancel that won the race leaves nothing to edit.
      const [current] = await repo.lockOrders(trx, auth.customerId, [input.id]);
      if (!current) throw notFound();
      if (current.status !== 'draft')
        throw wrongStatus('order.notEditable', current.customer_order_no, current.status, language);
      if (
        customerOrderNo !== current.customer_order_no &&
        (await repo.customerOrderNoExists(trx, auth.customerId, customerOrderNo))
      )
        throw customerOrderNoTaken(customerOrderNo);
      await repo.replaceDraft(
        trx,
        auth.customerId,
        input.id,
        { ...prepared.columns, customer_order_no: customerOrderNo, updated_at: now },
        prepared.parcels.map((parcel) => ({ order_id: input.id, ...parcel })),
        prepared.items.map((item) => ({ order_id: input.id, ...item })),
      );
      if (input.saveConsignee) await saveConsigneeAddress(trx, auth.customerId, input.consignee, now);
      return input.submit ? submitInTransaction(trx, auth, { id: input.id }, priced, now, language) : null;
    });
    return {
      id: input.id,
      status: waybillNo ? 'submitted' : 'draft',
      customerOrderNo,
      waybillNo,
      estimatedCharge: estimatedCharge(priced),
    };
  } catch (error) {
    if (repo.isUniqueViolation(error, 'orders_customer_order_no_uq'))
      throw customerOrderNoTaken(customerOrderNo);
    throw error;
  }
}

const estimatedCharge = (priced: Priced): EstimatedCharge => ({
  totalAmount: priced.usable.totalAmount,
  currencyCode: priced.usable.currencyCode,
  breakdown: priced.usable.breakdown,
});

/** `POST /api/CustomerOrder/Submit`: re-prices a draft, issues its waybill number and holds the charge. */
export async function submitOrder(
  db: Db,
  auth: AuthContext,
  id: string,
  language: Language,
): Promise<OrderCreated> {
  const now = nowIso();
  const dataScope = auth.dataScope;
  const { order, priced, waybillNo } = await orderTransaction(db, async (trx) => {
    // Locked, then read and priced: a concurrent Update either committed before (its contents are the
    // ones submitted and held) or waits and then finds no draft — never a hold priced on older contents.
    await repo.lockOrders(trx, auth.customerId, [id]);
    const order = await repo.findOrder(trx, auth.customerId, id);
    if (!order || !isInDataScope(dataScope, order)) throw notFound();
    if (order.status !== 'draft')
      throw wrongStatus('order.notDraft', order.customer_order_no, order.status, language);
    const parcels = await repo.listParcels(trx, id);
    const priced = await price(
      trx,
      auth.customerId,
      order.product_code,
      quoteRequestOf({ ...order, parcels }),
      language,
    );
    return { order, priced, waybillNo: await submitInTransaction(trx, auth, order, priced, now, language) };
  });
  return {
    id,
    status: 'submitted',
    customerOrderNo: order.customer_order_no,
    waybillNo,
    estimatedCharge: estimatedCharge(priced),
  };
}

const chargeOf = (
  total: number | null,
  currency: string | null,
  breakdown: string | null,
  language: Language,
) =>
  total === null || currency === null
    ? null
    : {
        totalAmount: total,
        currencyCode: currency,
        breakdown: (JSON.parse(breakdown ?? '[]') as PricingLine[]).map((line) => wordLine(line, language)),
      };
const kgOrNull = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

/**
 * `GET /api/CustomerOrder/Get?id=`: the whole order with its journey, tracking events (newest first) and
 * the ledger rows it caused (oldest first); names in the caller's language.
 */
export async function getOrder(
  db: Db,
  auth: AuthContext,
  id: string,
  language: Language,
): Promise<OrderDetail> {
  const row = await repo.findOrder(db, auth.customerId, id);
  // Outside the caller's unit data scope an order is "not found", like another customer's.
  if (!row || !isInDataScope(auth.dataScope, row)) throw notFound();
  const [parcels, items, names, events, ledgerRows] = await Promise.all([
    repo.listParcels(db, id),
    repo.listItems(db, id),
    nameLookups(db, language),
    listRepo.trackingEvents(db, auth.customerId, [id]),
    // Its ledger rows carry the company's balance after each: for those who may read it.
    hasPermission(auth, Permission.FinanceView)
      ? listRepo.ledgerRowsOfOrder(db, auth.customerId, id)
      : Promise.resolve([]),
  ]);
  return {
    ...orderOf(row, parcels, items, names.storedProduct(row.product_code), language),
    issueKindCode: row.issue_kind_code,
    issueKindName: names.issueKind(row.issue_kind_code),
    receivedAt: row.received_at,
    handedOverAt: row.handed_over_at,
    deliveredAt: row.delivered_at,
    returnedAt: row.returned_at,
    trackingEvents: events.map(toTrackingEvent),
    ledgerEntries: ledgerRows.map((entry) => ({
      id: entry.id,
      entryType: entry.entry_type as LedgerEntry['entryType'],
      currencyCode: entry.currency_code,
      amount: Number(entry.amount),
      balanceAfter: Number(entry.balance_after),
      orderId: entry.order_id,
      referenceNo: entry.reference_no,
      remark: entry.remark,
      createdAt: entry.created_at,
    })),
  };
}

function orderOf(
  row: repo.OrderRow,
  parcels: repo.OrderParcelRow[],
  items: repo.OrderItemRow[],
  productNames: string | undefined,
  language: Language,
): Order {
  return {
    id: row.id,
    status: row.status,
    customerOrderNo: row.customer_order_no,
    waybillNo: row.waybill_no,
    lastMileCarrier: row.last_mile_carrier,
    lastMileNo: row.last_mile_no,
    productCode: row.product_code,
    productName: productNames ? localize(productNames, language) : row.product_code,
    shipper: partyFromRow(row, 'shipper'),
    consignee: partyFromRow(row, 'consignee'),
    parcels: parcels.map((parcel) => ({
      weight: gramsToKg(parcel.weight_g),
      length: mmToCm(parcel.length_mm),
      width: mmToCm(parcel.width_mm),
      height: mmToCm(parcel.height_mm),
    })),
    items: items.map((item) => ({
      nameCn: item.name_cn,
      nameEn: item.name_en,
      hsCode: item.hs_code,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: Number(item.unit_price),
      currencyCode: item.currency_code,
      unitWeight: kgOrNull(item.unit_weight_g),
      originCountryCode: item.origin_country_code,
      material: item.material,
      purpose: item.purpose,
    })),
    customsTerms: row.customs_terms,
    iossNumber: row.ioss_number,
    eoriNumber: row.eori_number,
    hasBattery: row.has_battery === 1,
    insuranceValue: row.insurance_value === null ? null : Number(row.insurance_value),
    extraServiceCodes: JSON.parse(row.extra_service_codes) as string[],
    remark: row.remark,
    declaredValue: Number(row.declared_value),
    declaredCurrencyCode: row.declared_currency_code,
    forecastWeight: gramsToKg(row.forecast_weight_g),
    actualWeight: kgOrNull(row.actual_weight_g),
    volumetricWeight: kgOrNull(row.volumetric_weight_g),
    chargeableWeight: kgOrNull(row.chargeable_weight_g),
    estimatedCharge: chargeOf(
      row.estimated_total === null ? null : Number(row.estimated_total),
      row.estimated_currency_code,
      row.estimated_breakdown,
      language,
    ),
    finalCharge: chargeOf(
      row.final_total === null ? null : Number(row.final_total),
      row.final_currency_code,
      row.final_breakdown,
      language,
    ),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    cancelledAt: row.cancelled_at,
  };
}

/**
 * Cancels all the given orders or none, in one transaction: an id that is not the caller's answers not
 * found; an order past `submitted` answers 409 naming it. Drafts just close; submitted orders release their
 * hold (`charge_release`: amount +total, held −total).
 */
export async function cancelOrders(
  db: Db,
  auth: AuthContext,
  ids: readonly string[],
  language: Language = 'zh-CN',
): Promise<number> {
  const unique = [...new Set(ids)];
  const dataScope = auth.dataScope;
  return orderTransaction(db, async (trx) => {
    const orders = await repo.lockOrders(trx, auth.customerId, unique);
    if (orders.length !== unique.length || !orders.every((order) => isInDataScope(dataScope, order)))
      throw notFound();
    const blocked = orders.find((order) => order.status !== 'draft' && order.status !== 'submitted');
    if (blocked)
      throw wrongStatus('order.notCancellable', blocked.customer_order_no, blocked.status, language);
    const now = nowIso();
    for (const order of orders) {
      // The status first, then the ledger: the lock order of order-status.ts.
      await transitionOrder(trx, {
        customerId: auth.customerId,
        orderId: order.id,
        to: 'cancelled',
        at: now,
        language,
      });
      if (order.status !== 'submitted' || !order.estimated_total) continue;
      const total = Number(order.estimated_total);
      await postLedgerEntry(trx, {
        customerId: auth.customerId,
        currencyCode: order.estimated_currency_code!,
        entryType: 'charge_release',
        amount: total,
        heldChange: -total,
        orderId: order.id,
        referenceNo: order.waybill_no,
        createdBy: auth.userId,
      });
    }
    return orders.length;
  });
}
