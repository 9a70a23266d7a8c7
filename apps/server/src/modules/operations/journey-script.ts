import type { Language } from '@portal/contracts/languages';
import { gramsToKg, mmToCm } from '@portal/contracts/quantity';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrdersTable } from '../../db/schema.ts';
import * as service from './operations.service.ts';

/**
 * How a parcel's journey unfolds when nobody drives it by hand: the simulator (`npm run simulate`) and the
 * demo seed play these steps through the real operations services. Decisions are drawn from a hash of the
 * order and its state, so a restarted simulator decides as before and the seed is the same on every start.
 */

export type ScriptStep =
  | { kind: 'weigh' }
  | { kind: 'transit' }
  | { kind: 'lastMile' }
  | { kind: 'exception'; issueKindCode: string }
  | { kind: 'deliver' }
  | { kind: 'return' };

/** A number in [0, 1) drawn from the seed: the same seed, the same number. */
export function chance(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}
const between = (seed: string, low: number, high: number) => low + chance(seed) * (high - low);

type ScriptOrder = Pick<
  OrdersTable,
  | 'id'
  | 'status'
  | 'customer_id'
  | 'customer_order_no'
  | 'waybill_no'
  | 'consignee_country_code'
  | 'received_at'
  | 'last_mile_no'
  | 'issue_kind_code'
  | 'exception_at'
  | 'updated_at'
>;

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Issue kinds that end the journey with a return; the others are solved and the parcel goes on. */
const ENDS_IN_RETURN = new Set(['REFUSED', 'LOST', 'PROHIBITED']);

/**
 * The next step of an order as it is now, and how many simulated minutes after its last change
 * (`updated_at`) it is due; null when the journey is over or the customer still holds it (draft).
 */
export function nextStep(order: ScriptOrder): { step: ScriptStep; afterMinutes: number } | null {
  // Each exception is a new state, so the dice after it differ from the ones before it (no loop).
  const seed = `${order.id}:${order.status}:${order.last_mile_no ?? ''}:${order.exception_at ?? ''}`;
  const roll = chance(`${seed}:roll`);
  const after = (low: number, high: number) => Math.round(between(`${seed}:delay`, low, high));
  switch (order.status) {
    case 'submitted':
      // A few parcels never arrive as announced; most are weighed within the half hour.
      if (roll < 0.03)
        return {
          step: { kind: 'exception', issueKindCode: 'DAMAGED' },
          afterMinutes: after(1 * HOUR, 3 * HOUR),
        };
      return { step: { kind: 'weigh' }, afterMinutes: after(5 * MINUTE, 30 * MINUTE) };
    case 'received':
      return { step: { kind: 'transit' }, afterMinutes: after(30 * MINUTE, 3 * HOUR) };
    case 'in_transit':
      if (!order.last_mile_no) {
        if (roll < 0.08)
          return {
            step: { kind: 'exception', issueKindCode: 'CUSTOMS_HOLD' },
            afterMinutes: after(1 * DAY, 3 * DAY),
          };
        return { step: { kind: 'lastMile' }, afterMinutes: after(1 * DAY, 4 * DAY) };
      }
      if (roll < 0.05)
        return {
          step: { kind: 'exception', issueKindCode: 'UNREACHABLE' },
          afterMinutes: after(1 * DAY, 2 * DAY),
        };
      if (roll < 0.08)
        return {
          step: { kind: 'exception', issueKindCode: 'REFUSED' },
          afterMinutes: after(1 * DAY, 2 * DAY),
        };
      return { step: { kind: 'deliver' }, afterMinutes: after(1 * DAY, 3 * DAY) };
    case 'exception': {
      const delay = after(12 * HOUR, 2 * DAY);
      if (ENDS_IN_RETURN.has(order.issue_kind_code ?? '') || roll < 0.25)
        return { step: { kind: 'return' }, afterMinutes: delay };
      return { step: order.received_at ? { kind: 'transit' } : { kind: 'weigh' }, afterMinutes: delay };
    }
    default:
      return null;
  }
}

/** A last-mile carrier of the destination and a tracking number in its format, drawn from the order. */
export function lastMileFor(order: Pick<ScriptOrder, 'id' | 'consignee_country_code'>) {
  const digits = (count: number) =>
    Array.from({ length: count }, (_, i) => Math.floor(chance(`${order.id}:digit:${i}`) * 10)).join('');
  const letters = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      String.fromCharCode(65 + Math.floor(chance(`${order.id}:letter:${i}`) * 26)),
    ).join('');
  switch (order.consignee_country_code) {
    case 'US':
      return chance(`${order.id}:carrier`) < 0.6
        ? { carrier: 'USPS', number: `9400${digits(18)}` }
        : { carrier: 'UPS', number: `1Z${letters(3)}${digits(13)}` };
    case 'GB':
      return { carrier: 'Royal Mail', number: `${letters(2)}${digits(9)}GB` };
    case 'JP':
      return chance(`${order.id}:carrier`) < 0.5
        ? { carrier: 'Japan Post', number: `${letters(2)}${digits(9)}JP` }
        : { carrier: 'Yamato', number: digits(12) };
    case 'FR':
      return { carrier: 'Colissimo', number: `6A${digits(11)}` };
    default:
      return { carrier: 'DHL eCommerce', number: digits(10) };
  }
}

/** The measured parcels: the forecast as the shipper announced it, give or take what scales show. */
async function measuredParcels(db: Db, order: ScriptOrder) {
  const parcels = await db
    .selectFrom('order_parcels')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('seq')
    .execute();
  return parcels.map((parcel) => {
    const factor = between(`${order.id}:${parcel.seq}:scale`, 0.92, 1.18);
    return {
      weight: gramsToKg(Math.max(10, Math.round(parcel.weight_g * factor))),
      length: mmToCm(parcel.length_mm),
      width: mmToCm(parcel.width_mm),
      height: mmToCm(parcel.height_mm),
    };
  });
}

const WAREHOUSE = '深圳宝安仓';

/**
 * Performs one step through the operations services at `at` (ISO UTC). Warehouse steps are written in
 * Chinese, the destination's (the carrier's) in English, as they would be. A parcel the product cannot
 * carry at its measured weight is put in exception instead of weighed. Answers the step done.
 */
export async function performStep(
  db: Db,
  order: ScriptOrder,
  step: ScriptStep,
  at: string,
  language: Language = 'zh-CN',
): Promise<string> {
  const by = { waybillNo: order.waybill_no! };
  switch (step.kind) {
    case 'weigh':
      try {
        await service.weighOrder(
          db,
          { ...by, parcels: await measuredParcels(db, order), at, location: WAREHOUSE },
          language,
        );
        return 'weighed';
      } catch (error) {
        if (!(error instanceof AppError) || error.messageKey !== 'operations.unpriceable') throw error;
        await service.markException(
          db,
          { ...by, issueKindCode: 'DAMAGED', at, location: WAREHOUSE },
          language,
        );
        return 'exception (cannot be carried as measured)';
      }
    case 'transit':
      await service.moveInTransit(db, { ...by, at, location: WAREHOUSE }, language);
      return 'in transit';
    case 'lastMile': {
      const { carrier, number } = lastMileFor(order);
      const arrived = new Date(Date.parse(at) - 6 * 3_600_000).toISOString();
      await service.addTrackingEvent(
        db,
        {
          ...by,
          at: arrived,
          statusCode: 'ARRIVED_DESTINATION',
          description: 'Arrived in the destination country; customs cleared',
          language: 'en-US',
          location: order.consignee_country_code,
        },
        language,
      );
      await service.setLastMile(db, { ...by, carrier, lastMileNo: number, at }, language);
      return `handed over to ${carrier} ${number}`;
    }
    case 'exception':
      await service.markException(db, { ...by, issueKindCode: step.issueKindCode, at }, language);
      return `exception ${step.issueKindCode}`;
    case 'deliver':
      await service.addTrackingEvent(
        db,
        {
          ...by,
          at: new Date(Date.parse(at) - 4 * 3_600_000).toISOString(),
          statusCode: 'OUT_FOR_DELIVERY',
          description: 'Out for delivery',
          language: 'en-US',
        },
        language,
      );
      await service.deliverOrder(db, { ...by, at }, language);
      return 'delivered';
    case 'return':
      await service.returnOrder(db, { ...by, at }, language);
      return 'returned';
  }
}

const ACTIVE = ['submitted', 'received', 'in_transit', 'exception'] as const;

/**
 * One pass of the simulator over a customer's orders: every order whose next step is due (in simulated
 * time, `speed` times real time, since its last change) takes that one step. Answers the steps done; a step
 * that fails is logged and the pass goes on.
 */
export async function simulatePass(
  db: Db,
  customerCode: string,
  speed: number,
  log: (line: string) => void,
  now = Date.now(),
): Promise<number> {
  const orders = await db
    .selectFrom('orders')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .selectAll('orders')
    .where('customers.code', '=', customerCode)
    .where('orders.status', 'in', ACTIVE)
    .orderBy('orders.updated_at')
    .execute();
  let moved = 0;
  for (const order of orders) {
    const planned = nextStep(order);
    if (!planned) continue;
    const simulatedMinutes = ((now - Date.parse(order.updated_at)) * speed) / 60_000;
    if (simulatedMinutes < planned.afterMinutes) continue;
    try {
      const done = await performStep(db, order, planned.step, new Date(now).toISOString());
      log(`${new Date(now).toISOString()}  ${order.waybill_no}  ${order.customer_order_no}  ${done}`);
      moved++;
    } catch (error) {
      log(
        `${order.waybill_no}  ${order.customer_order_no}  ${planned.step.kind} failed: ${(error as Error).message}`,
      );
    }
  }
  return moved;
}
