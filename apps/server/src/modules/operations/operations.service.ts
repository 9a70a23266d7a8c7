import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { OrderStatus } from '@portal/contracts/order';
import { cmToMm, gramsToKg, kgToGrams } from '@portal/contracts/quantity';
import type { LedgerEntryType } from '@portal/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { translate } from '../../lib/messages.ts';
import { localize } from '../application/application.service.ts';
import { statusMessageKey } from '../order/order.messages.ts';
import { quoteRequestOf } from '../order/order.service.ts';
import { canTransition } from '@portal/contracts/order-list';
import { orderTransaction, transitionOrder, type TransitionColumns } from '../order/order-status.ts';
import { priceOrder } from '../product/quote.service.ts';
import { currencyDisplay, postLedgerEntry } from '../wallet/ledger.ts';
import { orderLink } from '../notification/notification-links.ts';
import { notify, storedTextParam } from '../notification/notification.service.ts';
import { formatMinorAmount } from '@portal/contracts/money';
import { Permission } from '@portal/contracts/permissions';
import './operations.messages.ts';
import * as repo from './operations.repository.ts';
import type {
  ExceptionInput,
  Journey,
  LastMileInput,
  MoveInput,
  OrderAddress,
  StepResult,
  TrackingEventInput,
  WeighInput,
  WeighResult,
} from './operations.schemas.ts';

/**
 * The parcel's journey as the provider's staff drive it: receive and weigh, tracking events, the
 * last-mile carrier, exceptions, in transit, delivered, returned. The operations API (`/ops/v1`), the
 * `npm run ops` command line, the simulator and the demo seed all call these functions; every status change
 * goes through `transitionOrder` (the lifecycle of contracts/order-list.ts), every money change through
 * `postLedgerEntry`.
 *
 * Retries: a step that finds the order already where it would put it changes nothing and answers
 * `changed: false` (a lost answer retried is no error); an event identical to one the order has is not
 * added twice; a weigh-in of an order weighed before is a re-weigh (below).
 */

/** Who writes operations' ledger rows. */
const OPERATOR = 'operations';
/** A clock running a little ahead of ours is tolerated; a time beyond that is a mistake. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

function resolveAt(at: string | undefined): string {
  if (!at) return nowIso();
  if (Date.parse(at) > Date.now() + FUTURE_TOLERANCE_MS) throw invalidField('at', 'operations.futureTime');
  return at;
}

const describe = (address: OrderAddress) =>
  address.waybillNo ?? `${address.customerCode}/${address.customerOrderNo}`;

async function requireOrder(db: Db, address: OrderAddress, lock = false) {
  const order = await repo.findOrderByAddress(db, address, lock);
  if (!order) throw new AppError(ApiCode.NotFound, 'operations.orderNotFound', { number: describe(address) });
  return order;
}

function wrongStatus(key: string, order: repo.AddressedOrder, language: Language) {
  return new AppError(ApiCode.Conflict, key, {
    customerOrderNo: order.customer_order_no,
    status: translate(language, statusMessageKey(order.status)),
  });
}

const money = (amount: number | null, currencyCode: string | null) =>
  amount === null || currencyCode === null ? null : { amount: Number(amount), currencyCode };
const kg = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

/** The order's journey, by its own id (after a step) or as addressed. */
export async function getJourney(db: Db, address: OrderAddress): Promise<Journey> {
  return journeyOf(db, await requireOrder(db, address));
}

async function journeyOf(db: Db, order: repo.AddressedOrder): Promise<Journey> {
  const [events, ledger, parcelCount] = await Promise.all([
    repo.listEvents(db, order.customer_id, order.id),
    repo.listLedgerRows(db, order.customer_id, order.id),
    repo.countParcels(db, order.id),
  ]);
  return {
    id: order.id,
    customerCode: order.customer_code,
    customerOrderNo: order.customer_order_no,
    waybillNo: order.waybill_no,
    status: order.status,
    productCode: order.product_code,
    parcelCount,
    forecastWeight: gramsToKg(order.forecast_weight_g),
    actualWeight: kg(order.actual_weight_g),
    volumetricWeight: kg(order.volumetric_weight_g),
    chargeableWeight: kg(order.chargeable_weight_g),
    estimatedCharge: money(order.estimated_total, order.estimated_currency_code),
    finalCharge: money(order.final_total, order.final_currency_code),
    lastMileCarrier: order.last_mile_carrier,
    lastMileNo: order.last_mile_no,
    issueKindCode: order.issue_kind_code,
    submittedAt: order.submitted_at,
    receivedAt: order.received_at,
    handedOverAt: order.handed_over_at,
    deliveredAt: order.delivered_at,
    returnedAt: order.returned_at,
    exceptionAt: order.exception_at,
    events: events.map((event) => ({
      id: event.id,
      occurredAt: event.occurred_at,
      location: event.location,
      statusCode: event.status_code,
      description: event.description,
      language: event.language,
    })),
    ledger: ledger.map((row) => ({
      entryNo: row.entry_no,
      entryType: row.entry_type as LedgerEntryType,
      currencyCode: row.currency_code,
      amount: Number(row.amount),
      heldChange: Number(row.held_change),
      balanceAfter: Number(row.balance_after),
      heldAfter: Number(row.held_after),
      createdAt: row.created_at,
    })),
    customerStatus: order.customer_status,
  };
}

/** The journey after a step, read afresh (the step's transaction has committed). */
async function after(db: Db, order: repo.AddressedOrder, changed: boolean): Promise<StepResult> {
  const address = { customerCode: order.customer_code, customerOrderNo: order.customer_order_no };
  return { changed, journey: await journeyOf(db, await requireOrder(db, address)) };
}

interface EventOf {
  order: repo.AddressedOrder;
  at: string;
  statusCode: string;
  description: string;
  language: Language;
  location: string | null | undefined;
}

const eventRow = (event: EventOf) => ({
  id: newId(),
  order_id: event.order.id,
  customer_id: event.order.customer_id,
  occurred_at: event.at,
  location: event.location ?? null,
  status_code: event.statusCode,
  description: event.description,
  language: event.language,
  created_at: nowIso(),
});

/**
 * Receive and weigh. The measured parcels are priced by the product's one pricing function (`priceOrder`,
 * the order's own destination, declared value and services) into the volumetric, chargeable weight and the
 * final charge.
 *
 * First weigh-in (submitted, or in exception before it was weighed → received): ONE `weight_adjustment`
 * row settles the hold: amount = estimate − final (negative when heavier), held change = −estimate. It is
 * forced, so a heavier parcel may push the customer into arrears (the ledger moves the customer's status).
 *
 * Weighing again (received or in exception, weighed before) is a re-weigh, not a second charge: the
 * correcting row is previous final − new final (held unchanged), and a re-weigh that finds the same
 * weights changes nothing (a retried call is harmless). Concurrent weigh-ins of one order serialise on the
 * order row: the second sees the first's result and becomes a re-weigh.
 *
 * A parcel the product cannot carry at its measured weight or size is refused with every reason: the
 * operator marks an exception instead. The parcel count must be the order's.
 */
export async function weighOrder(db: Db, input: WeighInput, language: Language): Promise<WeighResult> {
  const at = resolveAt(input.at);
  const found = await requireOrder(db, input);
  const expected = await repo.countParcels(db, found.id);
  if (expected !== input.parcels.length) {
    throw invalidField('parcels', 'operations.parcelCount', {
      customerOrderNo: found.customer_order_no,
      expected,
      given: input.parcels.length,
    });
  }
  const parcels = input.parcels.map((parcel) => ({
    weight_g: kgToGrams(parcel.weight),
    length_mm: cmToMm(parcel.length),
    width_mm: cmToMm(parcel.width),
    height_mm: cmToMm(parcel.height),
  }));
  const priced = await priceOrder(
    db,
    found.customer_id,
    found.product_code,
    quoteRequestOf({ ...found, parcels }),
    language,
  );
  if (!priced.ok) {
    throw new AppError(
      ApiCode.BadRequest,
      'operations.unpriceable',
      { productCode: found.product_code, reasons: priced.reasons.join(language === 'en-US' ? '; ' : '；') },
      { reasons: priced.reasons },
    );
  }
  const final = { amount: priced.usable.totalAmount, currencyCode: priced.usable.currencyCode };
  const columns = {
    actual_weight_g: parcels.reduce((sum, parcel) => sum + parcel.weight_g, 0),
    volumetric_weight_g: priced.volumetricWeightGrams,
    chargeable_weight_g: priced.chargeableWeightGrams,
    final_total: final.amount,
    final_currency_code: final.currencyCode,
    final_breakdown: JSON.stringify(priced.lines),
  };

  const outcome = await orderTransaction(db, async (trx) => {
    // Customer row first, then the order: the ledger may move the customer into arrears (ledger.ts).
    await repo.lockCustomer(trx, found.customer_id);
    const order = await requireOrder(trx, input, true);
    const weighedBefore = order.final_total !== null;
    const rows: { amount: number; heldChange: number; currencyCode: string }[] = [];
    if (!weighedBefore) {
      await transitionOrder(trx, {
        customerId: order.customer_id,
        orderId: order.id,
        to: 'received',
        at,
        set: { ...columns, issue_kind_code: null },
        language,
        refusalKey: 'operations.notWeighable',
      });
      const estimate = money(order.estimated_total, order.estimated_currency_code);
      if (estimate && estimate.currencyCode === final.currencyCode) {
        rows.push({
          amount: estimate.amount - final.amount,
          heldChange: -estimate.amount,
          currencyCode: final.currencyCode,
        });
      } else {
        // The product's rate currency changed since submit: release in one currency, charge in the other.
        if (estimate) rows.push({ ...estimate, heldChange: -estimate.amount });
        rows.push({ amount: -final.amount, heldChange: 0, currencyCode: final.currencyCode });
      }
    } else {
      if (order.status !== 'received' && order.status !== 'exception')
        throw wrongStatus('operations.notWeighable', order, language);
      const same =
        order.actual_weight_g === columns.actual_weight_g &&
        order.volumetric_weight_g === columns.volumetric_weight_g &&
        order.chargeable_weight_g === columns.chargeable_weight_g &&
        Number(order.final_total) === final.amount &&
        order.final_currency_code === final.currencyCode;
      if (same) return { order, changed: false, adjustment: null, reweighed: true };
      await repo.updateOrder(trx, order.customer_id, order.id, { ...columns, updated_at: at });
      const previous = money(order.final_total, order.final_currency_code)!;
      if (previous.currencyCode === final.currencyCode) {
        rows.push({
          amount: previous.amount - final.amount,
          heldChange: 0,
          currencyCode: final.currencyCode,
        });
      } else {
        rows.push({ ...previous, heldChange: 0 });
        rows.push({ amount: -final.amount, heldChange: 0, currencyCode: final.currencyCode });
      }
    }
    for (const row of rows) {
      if (row.amount === 0 && row.heldChange === 0) continue;
      await postLedgerEntry(trx, {
        customerId: order.customer_id,
        currencyCode: row.currencyCode,
        entryType: 'weight_adjustment',
        amount: row.amount,
        heldChange: row.heldChange,
        orderId: order.id,
        referenceNo: order.waybill_no,
        createdBy: OPERATOR,
      });
    }
    const code = weighedBefore ? 'REWEIGHED' : 'RECEIVED';
    await repo.addEvent(
      trx,
      eventRow({
        order,
        at,
        statusCode: code,
        description: translate(language, `operations.event.${code}`),
        language,
        location: input.location,
      }),
    );
    const charged = rows.find((row) => row.currencyCode === final.currencyCode);
    if (charged && charged.amount !== 0) {
      // The customer hears of a weigh-in only when it moved money: an extra charge or a refund.
      const display = await currencyDisplay(trx, final.currencyCode);
      await notify(trx, {
        customerId: order.customer_id,
        // A charge or refund: the company's money, for those who may read it.
        permission: Permission.FinanceView,
        orderId: order.id,
        kind: 'weight_adjustment',
        titleKey: 'notification.weightAdjustment.title',
        bodyKey:
          charged.amount < 0
            ? 'notification.weightAdjustment.bodyCharged'
            : 'notification.weightAdjustment.bodyRefunded',
        params: {
          orderNo: order.customer_order_no,
          weight: gramsToKg(columns.chargeable_weight_g),
          amount: formatMinorAmount(Math.abs(charged.amount), display),
        },
        link: orderLink(order.customer_order_no),
      });
    }
    return {
      order,
      changed: true,
      reweighed: weighedBefore,
      adjustment:
        charged && charged.amount !== 0 ? { amount: charged.amount, currencyCode: final.currencyCode } : null,
    };
  });
  const result = await after(db, outcome.order, outcome.changed);
  return { ...result, reweighed: outcome.reweighed, adjustment: outcome.adjustment };
}

/** Statuses whose orders can carry tracking events: the ones that have a waybill and are not cancelled. */
const TRACKED: readonly OrderStatus[] = [
  'submitted',
  'received',
  'in_transit',
  'delivered',
  'exception',
  'returned',
];

/** Adds one tracking event (an identical event already there is not added again). */
export async function addTrackingEvent(
  db: Db,
  input: TrackingEventInput,
  language: Language,
): Promise<StepResult> {
  const at = resolveAt(input.at);
  const order = await requireOrder(db, input);
  if (!TRACKED.includes(order.status)) throw wrongStatus('operations.noEvents', order, language);
  const added = await repo.addEvent(
    db,
    eventRow({
      order,
      at,
      statusCode: input.statusCode,
      description: input.description,
      language: input.language ?? language,
      location: input.location,
    }),
  );
  return after(db, order, added);
}

/** Statuses in which the parcel is with the provider and can be handed to a last-mile carrier. */
const HANDOVER: readonly OrderStatus[] = ['received', 'in_transit', 'exception'];

/** Sets the last-mile carrier and number and the hand-over time, with a HANDED_OVER event. */
export async function setLastMile(db: Db, input: LastMileInput, language: Language): Promise<StepResult> {
  const at = resolveAt(input.at);
  const found = await requireOrder(db, input);
  if (found.last_mile_carrier === input.carrier && found.last_mile_no === input.lastMileNo)
    return after(db, found, false);
  await db.transaction().execute(async (trx) => {
    const order = await requireOrder(trx, input, true);
    if (!HANDOVER.includes(order.status)) throw wrongStatus('operations.noLastMile', order, language);
    if (order.final_total === null) throw wrongStatus('operations.notWeighedYet', order, language);
    await repo.updateOrder(trx, order.customer_id, order.id, {
      last_mile_carrier: input.carrier,
      last_mile_no: input.lastMileNo,
      handed_over_at: at,
      updated_at: at,
    });
    await repo.addEvent(
      trx,
      eventRow({
        order,
        at,
        statusCode: 'HANDED_OVER',
        description: translate(language, 'operations.event.HANDED_OVER', {
          carrier: input.carrier,
          lastMileNo: input.lastMileNo,
        }),
        language,
        location: input.location,
      }),
    );
  });
  return after(db, found, true);
}

/**
 * Marks an exception with an enabled issue kind (SystemIssueKind). An order already in exception takes
 * the new kind (a customs hold that turns out to be an address problem); the same kind again changes nothing.
 */
export async function markException(db: Db, input: ExceptionInput, language: Language): Promise<StepResult> {
  const at = resolveAt(input.at);
  const kind = await repo.findEnabledIssueKind(db, input.issueKindCode);
  if (!kind)
    throw invalidField('issueKindCode', 'operations.unknownIssueKind', { code: input.issueKindCode });
  const found = await requireOrder(db, input);
  if (found.status === 'exception' && found.issue_kind_code === kind.code) return after(db, found, false);
  const description =
    input.description ??
    translate(language, 'operations.event.EXCEPTION', {
      issueKind: localize(kind.name, language),
    });
  await orderTransaction(db, async (trx) => {
    const order = await requireOrder(trx, input, true);
    const set = { issue_kind_code: kind.code };
    if (order.status === 'exception')
      await repo.updateOrder(trx, order.customer_id, order.id, { ...set, exception_at: at, updated_at: at });
    else
      await transitionOrder(trx, {
        customerId: order.customer_id,
        orderId: order.id,
        to: 'exception',
        at,
        set,
        language,
      });
    await repo.addEvent(
      trx,
      eventRow({ order, at, statusCode: 'EXCEPTION', description, language, location: input.location }),
    );
    await notify(trx, {
      customerId: order.customer_id,
      permission: Permission.OrderView,
      orderId: order.id,
      kind: 'order_exception',
      titleKey: 'notification.orderException.title',
      bodyKey: 'notification.orderException.body',
      params: { orderNo: order.customer_order_no, issue: storedTextParam(kind.name) },
      link: orderLink(order.customer_order_no),
    });
  });
  return after(db, found, true);
}

/**
 * One lifecycle move with its event: in transit, delivered, returned. Leaving an exception for transit or
 * delivery clears its issue kind (the problem is solved); a return keeps it (it says why). An order already
 * in the target status is answered as it is.
 */
async function move(
  db: Db,
  input: MoveInput,
  to: 'in_transit' | 'delivered' | 'returned',
  language: Language,
): Promise<StepResult> {
  const at = resolveAt(input.at);
  const found = await requireOrder(db, input);
  if (found.status === to) return after(db, found, false);
  const code = to === 'in_transit' ? 'IN_TRANSIT' : to === 'delivered' ? 'DELIVERED' : 'RETURNED';
  await orderTransaction(db, async (trx) => {
    // Customer row first, as the weigh-in does: a release may lift arrears (ledger.ts).
    await repo.lockCustomer(trx, found.customer_id);
    const order = await requireOrder(trx, input, true);
    // An order in exception before it reached the scale still holds its estimate: it moves on only once
    // weighed (which settles the hold), as it would have through `received`.
    const neverWeighed = order.final_total === null;
    if (to !== 'returned' && neverWeighed && canTransition(order.status, to))
      throw wrongStatus('operations.notWeighedYet', order, language);
    const set: TransitionColumns = to === 'returned' ? {} : { issue_kind_code: null };
    await transitionOrder(trx, { customerId: order.customer_id, orderId: order.id, to, at, set, language });
    // Returned before it was weighed: the parcel was never carried, so its hold is released as a cancel's
    // (the status change above ran once under the order's lock, so the release does too).
    const estimate = money(order.estimated_total, order.estimated_currency_code);
    if (to === 'returned' && neverWeighed && estimate && estimate.amount > 0)
      await postLedgerEntry(trx, {
        customerId: order.customer_id,
        currencyCode: estimate.currencyCode,
        entryType: 'charge_release',
        amount: estimate.amount,
        heldChange: -estimate.amount,
        orderId: order.id,
        referenceNo: order.waybill_no,
        createdBy: OPERATOR,
      });
    await repo.addEvent(
      trx,
      eventRow({
        order,
        at,
        statusCode: code,
        description: input.description ?? translate(language, `operations.event.${code}`),
        language,
        location: input.location,
      }),
    );
  });
  return after(db, found, true);
}

export const moveInTransit = (db: Db, input: MoveInput, language: Language) =>
  move(db, input, 'in_transit', language);
export const deliverOrder = (db: Db, input: MoveInput, language: Language) =>
  move(db, input, 'delivered', language);
export const returnOrder = (db: Db, input: MoveInput, language: Language) =>
  move(db, input, 'returned', language);
