import { z } from 'zod';

/**
 * The prepaid wallet: one balance per customer per currency, every change a ledger row (PRODUCT.md
 * "Wallet and ledger"). All amounts are integer minor units of `currencyCode`.
 *
 * - `balance` is the sum of the customer's ledger rows in that currency. Submitting an order writes an
 *   `order_charge` row (−estimate), so the balance already counts what submitted orders will cost.
 * - `held` is the part of those charges that is still provisional: estimates of submitted orders not yet
 *   weighed, which a cancel releases (`charge_release`, +estimate) or a weigh-in settles.
 * - `available` = balance + creditLimit: what a new charge may take. A charge that would make it negative
 *   is refused as "insufficient balance".
 */
export const LEDGER_ENTRY_TYPES = [
  'recharge',
  'order_charge',
  'charge_release',
  'weight_adjustment',
  'surcharge',
  'refund',
  'compensation',
  'manual_adjustment',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** `GET /api/CustomerWallet/QueryBalance`: one entry per currency the customer holds, CNY first. */
export const WalletBalanceSchema = z.object({
  currencyCode: z.string(),
  balance: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  creditLimit: z.number().int(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;
export const WalletBalanceListSchema = z.array(WalletBalanceSchema);

/**
 * Body `data` of the "insufficient balance" refusal (body code 409 Conflict, `reason: 'insufficientBalance'`):
 * what the charge needed, what was available and the shortfall, all in minor units of `currencyCode`, so
 * the page can name the shortfall and offer a top-up. `available` and `shortfall` are null for a caller
 * without `finance:view`: the balance is the company's, and such a caller learns only that it falls short.
 */
export const InsufficientBalanceSchema = z.object({
  reason: z.literal('insufficientBalance'),
  currencyCode: z.string(),
  required: z.number().int(),
  available: z.number().int().nullable(),
  shortfall: z.number().int().nullable(),
});
export type InsufficientBalance = z.infer<typeof InsufficientBalanceSchema>;

/** One ledger row as the API shows it (the consumption flow of a later issue lists these). */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  entryType: z.enum(LEDGER_ENTRY_TYPES),
  currencyCode: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.string().nullable(),
  referenceNo: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
