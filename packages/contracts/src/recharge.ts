import { z } from 'zod';
import { idField } from './ids.ts';
import { InstantSchema } from './order-list.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';
import { optionalTextField } from './text.ts';

/**
 * Recharge (top-up), issue 11 (PRODUCT.md "Recharge"): a customer pays money into its wallet.
 *
 * - `channel` is how the payer pays: Alipay, WeChat Pay (Native, a QR code) or a bank transfer with a
 *   voucher that staff confirm. `provider` is who processes it: the real Alipay / WeChat Pay, or the
 *   `sandbox` (the default: a cashier page inside the system that notifies like a provider), or `staff`
 *   for a bank transfer confirmed through the operations API.
 * - pending → paid (credited to the wallet exactly once, a `recharge` ledger row) | failed (declined, or a
 *   voucher rejected) | closed (expired or closed at the provider). A late "paid" from the provider still
 *   credits a closed or failed recharge: the money arrived.
 * - Amounts are integer minor units of `currencyCode`.
 */
export const RECHARGE_CHANNELS = ['alipay', 'wechat', 'bank_transfer'] as const;
export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];
/** Channels paid online through a payment provider. */
export const ONLINE_RECHARGE_CHANNELS = ['alipay', 'wechat'] as const;
export type OnlineRechargeChannel = (typeof ONLINE_RECHARGE_CHANNELS)[number];
export const RECHARGE_STATUSES = ['pending', 'paid', 'failed', 'closed'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'alipay', 'wechat', 'staff'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Smallest and largest single recharge, minor units (¥1.00 … ¥1,000,000.00). */
export const MIN_RECHARGE_MINOR = 100;
export const MAX_RECHARGE_MINOR = 100_000_000;
/** Amounts the top-up pages offer as one-click choices (minor units); any other amount may be typed. */
export const RECHARGE_PRESETS_MINOR = [10_000, 50_000, 100_000, 500_000] as const;

export const RechargeMessage = {
  AmountRange: 'recharge.amountRange',
} as const;

const RechargeAmountSchema = z
  .number()
  .int()
  .min(MIN_RECHARGE_MINOR, RechargeMessage.AmountRange)
  .max(MAX_RECHARGE_MINOR, RechargeMessage.AmountRange);
const CurrencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);
export const RechargeNoSchema = z.string().trim().min(1).max(40);

/**
 * `POST /api/OrderMall/CreateOrder` (finance:topup): a pending recharge for the signed-in customer.
 * Online channels only; a bank transfer is `OrderMall/UploadTransferVoucher` (multipart: `amount`,
 * `currencyCode`, `remark`, `file`).
 */
export const RechargeCreateSchema = z.object({
  amount: RechargeAmountSchema,
  currencyCode: CurrencyCodeSchema.default('CNY'),
  channel: z.enum(ONLINE_RECHARGE_CHANNELS),
});
export type RechargeCreateInput = z.input<typeof RechargeCreateSchema>;

/** The fields of the bank-transfer voucher upload besides the file (multipart fields, so strings). */
export const TransferVoucherFieldsSchema = z.object({
  amount: z.coerce.number().pipe(RechargeAmountSchema),
  currencyCode: CurrencyCodeSchema.default('CNY'),
  remark: optionalTextField({
    max: 200,
    label: { 'zh-CN': '备注', 'en-US': 'Remark', 'zh-TW': '備註' },
  }),
});
/** What a voucher may be: an image or a PDF (by its bytes), at most this size. */
export const TRANSFER_VOUCHER_MAX_BYTES = 10 * 1024 * 1024;
export const TRANSFER_VOUCHER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

export const RechargeSchema = z.object({
  id: z.string(),
  rechargeNo: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  channel: z.enum(RECHARGE_CHANNELS),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(RECHARGE_STATUSES),
  /** The provider's transaction number once paid. */
  providerTradeNo: z.string().nullable(),
  /** Signed in: the user's display name; the public /topUp page: null. */
  createdByName: z.string().nullable(),
  /** Why it failed or was closed (a rejected voucher's reason), in the caller's language. */
  statusReason: z.string().nullable(),
  remark: z.string().nullable(),
  /** The voucher of a bank transfer (a stored file id, downloadable through file management). */
  voucherFileId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** A pending online recharge is closed after this. */
  expiresAt: z.string().nullable(),
});
export type Recharge = z.infer<typeof RechargeSchema>;

/**
 * The answer of creating a recharge: the recharge plus `payToken`, which authorises starting its payment
 * and reading its result (`Pay/*`, `/payResult?rechargeNo=&payToken=`) without a session.
 */
export const RechargeCreatedSchema = z.object({ recharge: RechargeSchema, payToken: z.string() });
export type RechargeCreated = z.infer<typeof RechargeCreatedSchema>;

/** `POST /api/OrderMall/Query` (finance:view): the recharge records, newest first. */
export const RechargeQuerySchema = z
  .object({
    status: z.enum(RECHARGE_STATUSES).nullish(),
    channel: z.enum(RECHARGE_CHANNELS).nullish(),
    currencyCode: CurrencyCodeSchema.nullish().or(z.literal('').transform(() => null)),
    rechargeNo: RechargeNoSchema.nullish().or(z.literal('').transform(() => null)),
    createdFrom: InstantSchema.nullish(),
    createdTo: InstantSchema.nullish(),
    pageIndex: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .refine(
    (value) =>
      !value.createdFrom || !value.createdTo || Date.parse(value.createdFrom) <= Date.parse(value.createdTo),
    { message: 'orderList.dateRange', path: ['createdTo'] },
  );
export type RechargeQueryInput = z.input<typeof RechargeQuerySchema>;
export const RechargePageSchema = z.object({
  list: z.array(RechargeSchema),
  total: z.number().int(),
  /** Paid in the filtered set, per currency (minor units). */
  paidTotals: z.array(z.object({ currencyCode: z.string(), amount: z.number().int() })),
});
/** `GET /api/OrderMall/Get?id=` (finance:view). */
export const RechargeIdQuerySchema = z.object({ id: idField() });

/**
 * `POST /api/Pay/CreateAlipayOrder` and `POST /api/Pay/CreateWeChatOrder` (public: the payToken is the
 * authority, so the signed-in page and the public /topUp page call them alike): start paying a pending
 * recharge of that channel. Alipay answers a cashier URL to open; WeChat Pay a `codeUrl` to show as a QR
 * code (in the sandbox the code's text is the sandbox cashier's URL, and `cashierUrl` opens it on a desktop).
 */
export const PayStartSchema = z.object({
  rechargeNo: RechargeNoSchema,
  payToken: z.string().min(1).max(200),
});
export const PayStartedSchema = z.object({
  rechargeNo: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  cashierUrl: z.string().nullable(),
  codeUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type PayStarted = z.infer<typeof PayStartedSchema>;

/** `POST /api/Pay/QueryPayResult` (public, payToken): what /payResult shows and polls. */
export const PayResultSchema = z.object({
  rechargeNo: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  amount: z.number().int(),
  currencyCode: z.string(),
  channel: z.enum(RECHARGE_CHANNELS),
  customerCode: z.string(),
  maskedCompanyName: z.string(),
  paidAt: z.string().nullable(),
  statusReason: z.string().nullable(),
});
export type PayResult = z.infer<typeof PayResultSchema>;

/** The public /topUp page, step 1: `POST /api/TopUp/QueryCustomer` (rate-limited per address). */
export const TopUpLookupSchema = z.object({
  customerCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,20}$/),
});
export const TopUpCustomerSchema = z.object({
  customerCode: z.string(),
  /** "深圳市**科技有限公司": enough to recognise one's own company, not to learn another's. */
  maskedCompanyName: z.string(),
  /** Signed and short-lived: authorises `TopUp/CreateOrder` for this customer. */
  lookupToken: z.string(),
  currencies: z.array(z.string()),
});
export type TopUpCustomer = z.infer<typeof TopUpCustomerSchema>;
/**
 * Step 2: `POST /api/TopUp/CreateOrder` (public) answers RechargeCreated like OrderMall/CreateOrder;
 * `POST /api/TopUp/UploadTransferVoucher` (public, multipart with `lookupToken`) likewise for a transfer.
 */
export const TopUpCreateSchema = RechargeCreateSchema.extend({ lookupToken: z.string().min(1).max(500) });

/**
 * The sandbox cashier (public page `/sandboxCashier?rechargeNo=&payToken=`), only while a channel's
 * provider is the sandbox: `POST /api/PaySandbox/GetCashier` shows what is paid, `POST /api/PaySandbox/Decide`
 * approves or declines; the sandbox then notifies `/pay/notify/sandbox` as a provider would (signed,
 * retried by the task runner until acknowledged) and the page goes on to `/payResult`.
 */
export const SandboxCashierSchema = z.object({
  rechargeNo: z.string(),
  channel: z.enum(ONLINE_RECHARGE_CHANNELS),
  amount: z.number().int(),
  currencyCode: z.string(),
  maskedCompanyName: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  /** Where the page goes after deciding. */
  returnUrl: z.string(),
});
export const SandboxDecideSchema = PayStartSchema.extend({ approve: z.boolean() });

/** The provider notification endpoints (outside /api: they answer what each provider expects). */
export const PAY_NOTIFY_PATHS = {
  sandbox: '/pay/notify/sandbox',
  alipay: '/pay/notify/alipay',
  wechat: '/pay/notify/wechat',
} as const;
/** Public web pages of the payment journey. */
export const PAY_RESULT_PAGE = '/payResult';
export const TOP_UP_PAGE = '/topUp';
export const SANDBOX_CASHIER_PAGE = '/sandboxCashier';
