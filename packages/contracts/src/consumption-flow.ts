import { z } from 'zod';
import { idField } from './ids.ts';
import { InstantSchema } from './order-list.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';
import { LEDGER_ENTRY_TYPES } from './wallet.ts';

/**
 * Consumption flow (route `consumptionFlow`, issue 11): the customer's ledger, read-only. Every row was
 * written by the one ledger writer; amounts are integer minor units of the row's currency.
 *
 * Guarantees the writer gives the reader (see ledger.ts):
 * - within one wallet (customer + currency) `createdAt` never decreases as `entryNo` grows, so the rows of
 *   a time range are one contiguous `entryNo` range per currency;
 * - each row carries the wallet's running totals after it (`totalInAfter`: Σ positive amounts,
 *   `totalOutAfter`: Σ negative amounts, ≤ 0), so a period's money in and out are two subtractions.
 */

/** `createdFrom` inclusive, `createdTo` exclusive, any offset. `number`: an order's reference, waybill or
 * last-mile number, a recharge number or a bill number (exact). */
export const LedgerFilterSchema = z
  .object({
    createdFrom: InstantSchema.nullish(),
    createdTo: InstantSchema.nullish(),
    entryTypes: z.array(z.enum(LEDGER_ENTRY_TYPES)).max(LEDGER_ENTRY_TYPES.length).nullish(),
    currencyCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/)
      .nullish()
      .or(z.literal('').transform(() => null)),
    number: z
      .string()
      .trim()
      .max(64)
      .regex(/^[\p{L}\p{N}\-_./]*$/u, 'consumptionFlow.numberInvalid')
      .nullish()
      .transform((value) => value || null),
  })
  .refine(
    (value) =>
      !value.createdFrom || !value.createdTo || Date.parse(value.createdFrom) <= Date.parse(value.createdTo),
    { message: 'orderList.dateRange', path: ['createdTo'] },
  );
export type LedgerFilterInput = z.input<typeof LedgerFilterSchema>;
export type LedgerFilter = z.output<typeof LedgerFilterSchema>;

/** `POST /api/ConsumptionFlow/Query` (finance:view): newest first. */
export const LedgerQuerySchema = LedgerFilterSchema.and(
  z.object({
    pageIndex: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  }),
);
export type LedgerQueryInput = z.input<typeof LedgerQuerySchema>;

export const LedgerRowSchema = z.object({
  id: z.string(),
  /** 1, 2, 3 … within the wallet (customer + currency). */
  entryNo: z.number().int(),
  entryType: z.enum(LEDGER_ENTRY_TYPES),
  currencyCode: z.string(),
  /** Moves the balance: + money in, − money out. */
  amount: z.number().int(),
  /** Moves the held (provisional) part of the balance. */
  heldChange: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.string().nullable(),
  customerOrderNo: z.string().nullable(),
  waybillNo: z.string().nullable(),
  rechargeId: z.string().nullable(),
  rechargeNo: z.string().nullable(),
  billId: z.string().nullable(),
  billNo: z.string().nullable(),
  referenceNo: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;
export const LedgerPageSchema = z.object({ list: z.array(LedgerRowSchema), total: z.number().int() });

/**
 * `POST /api/ConsumptionFlow/QuerySummary` (finance:view), body LedgerFilterSchema (time range and
 * currency; type and number do not apply to a balance): per currency the balance before the period,
 * money in (Σ positive amounts), money out (Σ negative amounts, ≤ 0) and the balance at its end, with
 * closing = opening + moneyIn + moneyOut always.
 */
export const LedgerSummarySchema = z.array(
  z.object({
    currencyCode: z.string(),
    opening: z.number().int(),
    moneyIn: z.number().int(),
    moneyOut: z.number().int(),
    closing: z.number().int(),
    rowCount: z.number().int(),
  }),
);
export type LedgerSummary = z.infer<typeof LedgerSummarySchema>;

/** `GET /api/ConsumptionFlow/Get?id=` (finance:view): one row with what it relates to. */
export const LedgerDetailSchema = LedgerRowSchema.extend({
  heldAfter: z.number().int(),
  createdByName: z.string().nullable(),
  order: z
    .object({
      id: z.string(),
      customerOrderNo: z.string(),
      waybillNo: z.string().nullable(),
      status: z.string(),
      productCode: z.string(),
      consigneeCountryCode: z.string(),
    })
    .nullable(),
  recharge: z
    .object({ id: z.string(), rechargeNo: z.string(), channel: z.string(), status: z.string() })
    .nullable(),
  bill: z.object({ id: z.string(), billNo: z.string(), periodLabel: z.string() }).nullable(),
});
export type LedgerDetail = z.infer<typeof LedgerDetailSchema>;
export const LedgerIdQuerySchema = z.object({ id: idField() });

/** Texts of the keys the schemas above name (registered by the server, shown by the web). */
export const CONSUMPTION_FLOW_MESSAGES = {
  'consumptionFlow.numberInvalid': {
    'zh-CN': '单号只能包含字母、数字和 - _ . /',
    'en-US': 'A number may contain only letters, digits and - _ . /',
    'zh-TW': '單號只能包含字母、數字和 - _ . /',
  },
} as const;
