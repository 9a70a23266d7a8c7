import { z } from 'zod';
import { idField } from './ids.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from './wallet.ts';

/**
 * Bills (route `billingInquiries`, issue 11, PRODUCT.md "Bill"). A bill is the statement of one customer
 * for one period (a calendar month by default, in the billing time zone). Its lines are the period's
 * ledger rows of the BILLED_ENTRY_TYPES not billed before (the row's `billId` is set when issued, so a row
 * is billed exactly once, late rows go to the next bill). Totals, written-off amounts and what is still
 * outstanding are lists of (currencyCode, amount) as section 3 says, amounts in minor units, positive =
 * the customer owes it.
 *
 * Write-off: money that arrives (a recharge, or a positive manual adjustment such as an opening balance)
 * settles the oldest open bills first, currency by currency, as far as it goes; what is left waits for the
 * next bill. Staff may also write off through the operations API. open → partial (partly written off) →
 * settled; a bill whose total is ≤ 0 in every currency is settled when issued.
 */
export const BILL_STATUSES = ['open', 'partial', 'settled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The ledger rows a bill lists: charges and their corrections, never the money paid in. */
export const BILLED_ENTRY_TYPES: readonly LedgerEntryType[] = LEDGER_ENTRY_TYPES.filter(
  (type) => type !== 'recharge' && type !== 'manual_adjustment',
);
export const WRITE_OFF_SOURCES = ['prepaid', 'staff'] as const;
export type WriteOffSource = (typeof WRITE_OFF_SOURCES)[number];

export const CurrencyAmountSchema = z.object({ currencyCode: z.string(), amount: z.number().int() });
export type CurrencyAmount = z.infer<typeof CurrencyAmountSchema>;

export const BillSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  /** `2026-10` for a month. */
  periodLabel: z.string(),
  /** The period as instants: [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  orderCount: z.number().int(),
  totals: z.array(CurrencyAmountSchema),
  writtenOff: z.array(CurrencyAmountSchema),
  outstanding: z.array(CurrencyAmountSchema),
  status: z.enum(BILL_STATUSES),
  /** A calendar date `YYYY-MM-DD` in the billing time zone. */
  dueDate: z.string(),
  issuedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Bill = z.infer<typeof BillSchema>;

/** `POST /api/CustomerBill/Query` (finance:bill): newest period first. Periods as `YYYY-MM`, inclusive. */
const PeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'bill.periodInvalid');
export const BillQuerySchema = z.object({
  status: z.enum(BILL_STATUSES).nullish(),
  periodFrom: PeriodSchema.nullish().or(z.literal('').transform(() => null)),
  periodTo: PeriodSchema.nullish().or(z.literal('').transform(() => null)),
  billNo: z.string().trim().max(40).nullish(),
  pageIndex: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type BillQueryInput = z.input<typeof BillQuerySchema>;
export const BillPageSchema = z.object({ list: z.array(BillSchema), total: z.number().int() });

export const BillWriteOffSchema = z.object({
  id: z.string(),
  currencyCode: z.string(),
  amount: z.number().int(),
  source: z.enum(WRITE_OFF_SOURCES),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
/** `GET /api/CustomerBill/Get?id=` (finance:bill): the bill, its per-type subtotals and its write-offs. */
export const BillDetailSchema = BillSchema.extend({
  subtotals: z.array(
    z.object({
      entryType: z.enum(LEDGER_ENTRY_TYPES),
      currencyCode: z.string(),
      amount: z.number().int(),
      count: z.number().int(),
    }),
  ),
  writeOffs: z.array(BillWriteOffSchema),
});
export type BillDetail = z.infer<typeof BillDetailSchema>;
export const BillIdQuerySchema = z.object({ id: idField() });

/** `POST /api/CustomerBill/QueryLines` (finance:bill): a bill's lines (ledger rows), oldest first. */
export const BillLinesQuerySchema = z.object({
  billId: idField(),
  pageIndex: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
