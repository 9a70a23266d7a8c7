import type { ExportKind } from '@portal/contracts/export-task';
import type { NotificationKind } from '@portal/contracts/notification';
import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table. Times are ISO-8601 UTC strings and flags are 0/1 integers on both
 * dialects, so the same queries behave identically on SQLite and PostgreSQL.
 */
export interface Database {
  app_secrets: AppSecretsTable;
  customer_levels: CustomerLevelsTable;
  customers: CustomersTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_logs: LoginLogsTable;
  scheduled_tasks: ScheduledTasksTable;
  application_info: ApplicationInfoTable;
  application_menus: ApplicationMenusTable;
  currencies: CurrenciesTable;
  addresses: AddressesTable;
  list_versions: ListVersionsTable;
  catalog_version: CatalogVersionTable;
  products: ProductsTable;
  product_countries: ProductCountriesTable;
  product_rates: ProductRatesTable;
  product_extra_services: ProductExtraServicesTable;
  product_remote_postcodes: ProductRemotePostcodesTable;
  customer_product_limits: CustomerProductLimitsTable;
  issue_kinds: IssueKindsTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  recharges: RechargesTable;
  payment_notifications: PaymentNotificationsTable;
  bills: BillsTable;
  bill_amounts: BillAmountsTable;
  bill_write_offs: BillWriteOffsTable;
  invoice_titles: InvoiceTitlesTable;
  rate_limit_hits: RateLimitHitsTable;
  idempotency_keys: IdempotencyKeysTable;
  orders: OrdersTable;
  order_parcels: OrderParcelsTable;
  order_items: OrderItemsTable;
  order_tracking_events: OrderTrackingEventsTable;
  order_number_counters: OrderNumberCountersTable;
  customer_order_counts: CustomerOrderCountsTable;
  customer_order_seqs: CustomerOrderSeqsTable;
  /** SQLite only; PostgreSQL draws waybill serials from the sequence `waybill_no_seq`. */
  waybill_counters: WaybillCountersTable;
  tasks: TasksTable;
  export_tasks: ExportTasksTable;
  stored_files: StoredFilesTable;
  order_imports: OrderImportsTable;
  order_import_rows: OrderImportRowsTable;
  order_import_mappings: OrderImportMappingsTable;
  transport_agreements: TransportAgreementsTable;
  agreement_acceptances: AgreementAcceptancesTable;
  prospect_links: ProspectLinksTable;
  org_units: OrgUnitsTable;
  customer_certifications: CustomerCertificationsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  balance_thresholds: BalanceThresholdsTable;
  verification_codes: VerificationCodesTable;
  password_reset_tickets: PasswordResetTicketsTable;
  sms_outbox: SmsOutboxTable;
  wechat_scenes: WeChatScenesTable;
  sso_used_tickets: SsoUsedTicketsTable;
  api_tokens: ApiTokensTable;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface CustomerLevelsTable {
  id: string;
  code: string;
  /** JSON LocalizedText. */
  name: string;
  discount_percent: number;
  /** Listing order; the migration that added it defaults it. */
  sort_order: Generated<number>;
}

export interface CustomersTable {
  id: string;
  code: string;
  company_name: string;
  contact_name: string;
  phone: string | null;
  email: string | null;
  level_id: string;
  status: 'active' | 'arrears' | 'frozen';
  created_at: string;
  /** Issue 13 (migration 170, modules/customer-info): the editable profile and the company's pictures. */
  company_address: ColumnType<string | null, string | null | undefined, string | null>;
  profile_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  logo_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  logo_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  qr_code_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  qr_code_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  customer_id: string;
  login_name: string;
  phone: string | null;
  email: string | null;
  display_name: string;
  password_hash: string;
  user_type: 'main' | 'sub';
  status: 'enabled' | 'disabled';
  is_init_password: number;
  password_changed_at: string | null;
  wechat_open_id: string | null;
  /** The bound WeChat identity's nickname and when it was bound (migration 160). */
  wechat_nickname: string | null;
  wechat_bound_at: string | null;
  last_login_at: string | null;
  last_login_ip: string | null;
  created_at: string;
  /** The organisation unit the user sits in; null directly under the customer (migration 180). */
  org_unit_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 13 (migration 170): the user's own picture, a stored file. */
  avatar_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  avatar_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolesTable {
  id: string;
  customer_id: string;
  /** The role id the portal sees (`admin`, `operator`, …), unique per customer. */
  code: string;
  name: string;
  /** JSON array of permission ids. */
  operation_list: string;
  /** all: holders see the whole customer's data; unit: their unit's and its sub-units' (migration 180). */
  data_scope: ColumnType<'all' | 'unit', 'all' | 'unit' | undefined, 'all' | 'unit'>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  created_at: string;
  /** Absolute end of the session, however often it is refreshed. */
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  ip: string;
  user_agent: string;
  /** The user's sign-in before this session's: what "last sign-in" shows to this session. */
  previous_login_at: string | null;
  previous_login_ip: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginLogsTable {
  id: string;
  customer_id: string | null;
  user_id: string | null;
  /** What was typed, lower-cased: throttling counts failures per account name even for unknown names. */
  login_name: string;
  ip: string;
  user_agent: string;
  method: string;
  result: string;
  created_at: string;
  /** The user id when the name or phone matched a user, else `name:` + the typed name: what failures count against. */
  account_key: string;
  /** Throttled attempts of one account + address pair in one window share one row; this counts them. */
  attempts: ColumnType<number, number | undefined, number>;
  /** Time of the latest attempt folded into this row (throttled rows only). */
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Readable browser and system ("Chrome 131 · Windows 11"), parsed when the attempt was logged. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  /** `account key|address|window number` on the one folded throttled row of a pair per window (unique), else null. */
  fold_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per named scheduled task; an instance runs the task only after claiming the row's due time. */
export interface ScheduledTasksTable {
  name: string;
  next_run_at: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
  run_count: ColumnType<number, number | undefined, number>;
}

export interface ApplicationInfoTable {
  id: string;
  /** Host name this row answers for; `*` is the default row. */
  domain_name: string;
  /** JSON LocalizedText. */
  web_name: string;
  web_slogan: string;
  web_keyword: string;
  web_description: string;
  favicon: string;
  footer_system_name: string;
  filing_number: string;
}

export interface ApplicationMenusTable {
  id: string;
  parent_id: string | null;
  sort_order: number;
  path: string;
  name: string;
  menu_code: string;
  icon: string | null;
  /** JSON: a permission or role id, a list of role ids, or null for open to all. */
  authority: string | null;
  /** JSON LocalizedText. */
  title: string;
}

export interface CurrenciesTable {
  /** ISO 4217. */
  code: string;
  /** JSON LocalizedText. */
  name: string;
  symbol: string;
  minor_units: number;
  /** CNY per unit × 1,000,000. */
  rate_to_cny_micros: number;
  is_enabled: number;
  sort_order: number;
  updated_at: string;
}

export interface AddressesTable {
  id: string;
  customer_id: string;
  address_type: 'sender' | 'receiver';
  name: string;
  company: string | null;
  phone: string;
  email: string | null;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  province: string | null;
  /** GB/T 2260 codes, set for Chinese addresses. */
  province_code: string | null;
  city: string;
  city_code: string | null;
  district: string | null;
  district_code: string | null;
  postal_code: string | null;
  address_line1: string;
  address_line2: string | null;
  address_line3: string | null;
  house_number: string | null;
  tax_id: string | null;
  is_default: number;
  /** Lower-cased name, phone, phone digits, company and city, for the keyword search. */
  search_text: string;
  created_at: string;
  updated_at: string;
}

/** A shipping service. Money in minor units, weights in grams, lengths in millimetres, rates in basis points. */
export interface ProductsTable {
  id: string;
  code: string;
  /** JSON LocalizedText. */
  name: string;
  transit_days_min: number;
  transit_days_max: number;
  /** cm³ per kg; null: actual weight only. */
  volumetric_divisor: number | null;
  currency_code: string;
  max_parcel_weight_g: number;
  max_shipment_weight_g: number;
  max_longest_side_mm: number | null;
  /** Length + 2 × (width + height). */
  max_girth_mm: number | null;
  max_parcels: number;
  max_declared_value: number | null;
  declared_value_currency: string | null;
  allows_battery: number;
  /** JSON array of CustomsTerms. */
  customs_terms: string;
  requires_ioss: number;
  fuel_surcharge_bp: number;
  status: 'active' | 'disabled';
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface ProductCountriesTable {
  product_id: string;
  country_code: string;
  zone: string;
}

export interface ProductRatesTable {
  id: string;
  product_id: string;
  zone: string;
  max_weight_g: number;
  first_weight_g: number;
  first_price: number;
  step_weight_g: number;
  step_price: number;
}

export interface ProductExtraServicesTable {
  id: string;
  product_id: string;
  /** ExtraServiceCode. */
  service_code: string;
  /** JSON LocalizedText. */
  name: string;
  threshold_mm: number | null;
  threshold_g: number | null;
  amount: number;
  per_kg_amount: number;
  rate_bp: number;
  min_amount: number;
  sort_order: number;
}

export interface ProductRemotePostcodesTable {
  id: string;
  extra_service_id: string;
  country_code: string;
  postal_from: string;
  postal_to: string;
}

export interface CustomerProductLimitsTable {
  id: string;
  customer_id: string;
  product_id: string;
  is_hidden: number;
  max_parcel_weight_g: number | null;
  max_shipment_weight_g: number | null;
  max_longest_side_mm: number | null;
  max_parcels: number | null;
  max_declared_value: number | null;
  discount_percent: number | null;
  updated_at: string;
}

export interface IssueKindsTable {
  code: string;
  /** JSON LocalizedText. */
  name: string;
  is_enabled: number;
  sort_order: number;
}

/** One balance per customer and currency, in minor units; changed only by modules/wallet/ledger.ts. */
export interface WalletsTable {
  customer_id: string;
  currency_code: string;
  /** The sum of the wallet's ledger amounts. */
  balance: number;
  /** The sum of the wallet's ledger held changes: charges of submitted orders still provisional. */
  held: number;
  credit_limit: number;
  /** Number of ledger rows; the latest row's `entry_no`. */
  entry_count: number;
  updated_at: string;
  /** The latest row's `created_at`; the next row is never dated earlier. */
  last_entry_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Σ positive and Σ negative (≤ 0) amounts of all rows: the latest row's running totals. */
  total_in: ColumnType<number, number | undefined, number>;
  total_out: ColumnType<number, number | undefined, number>;
}

export interface LedgerEntriesTable {
  id: string;
  customer_id: string;
  currency_code: string;
  /** 1, 2, 3 … per wallet (unique), in the order the balance changed. */
  entry_no: number;
  /** One of LEDGER_ENTRY_TYPES (contracts/wallet.ts). */
  entry_type: string;
  amount: number;
  held_change: number;
  balance_after: number;
  held_after: number;
  order_id: string | null;
  recharge_id: string | null;
  bill_id: string | null;
  reference_no: string | null;
  remark: string | null;
  /** User id, or an operator's name; null for the system. */
  created_by: string | null;
  /** Never earlier than the wallet's previous row (the writer takes the later of now and that row's time). */
  created_at: string;
  /** The wallet's Σ positive amounts and Σ negative amounts (≤ 0) up to and including this row. */
  total_in_after: ColumnType<number, number | undefined, number>;
  total_out_after: ColumnType<number, number | undefined, number>;
}

/** A top-up (modules/recharge, migration 100). */
export interface RechargesTable {
  id: string;
  recharge_no: string;
  customer_id: string;
  amount: number;
  currency_code: string;
  channel: 'alipay' | 'wechat' | 'bank_transfer';
  provider: 'sandbox' | 'alipay' | 'wechat' | 'staff';
  status: 'pending' | 'paid' | 'failed' | 'closed';
  provider_trade_no: string | null;
  created_by: string | null;
  source: 'portal' | 'public';
  remark: string | null;
  voucher_file_id: string | null;
  status_reason_key: string | null;
  status_note: string | null;
  reviewed_by: string | null;
  ledger_entry_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  closed_at: string | null;
  expires_at: string | null;
}

/** Every payment notification received, verified or not (modules/payment). */
export interface PaymentNotificationsTable {
  id: string;
  provider: string;
  recharge_no: string | null;
  provider_trade_no: string | null;
  outcome:
    | 'credited'
    | 'duplicate'
    | 'closed'
    | 'ignored'
    | 'bad_signature'
    | 'amount_mismatch'
    | 'app_mismatch'
    | 'unknown_recharge'
    | 'malformed';
  detail: string | null;
  remote_address: string | null;
  body: string | null;
  received_at: string;
}

/** A customer's statement for one period (modules/bill). */
export interface BillsTable {
  id: string;
  bill_no: string;
  customer_id: string;
  period_label: string;
  period_start: string;
  period_end: string;
  order_count: number;
  status: 'open' | 'partial' | 'settled';
  due_date: string;
  issued_at: string;
  settled_at: string | null;
}

/** A bill's total per currency (positive: owed) and how much of it is written off. */
export interface BillAmountsTable {
  bill_id: string;
  currency_code: string;
  total: number;
  written_off: ColumnType<number, number | undefined, number>;
}

export interface BillWriteOffsTable {
  id: string;
  bill_id: string;
  customer_id: string;
  currency_code: string;
  amount: number;
  source: 'prepaid' | 'staff';
  remark: string | null;
  created_by: string | null;
  created_at: string;
}

export interface InvoiceTitlesTable {
  customer_id: string;
  company_name: string;
  tax_no: string;
  address: string | null;
  phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  email: string | null;
  updated_by: string | null;
  updated_at: string;
}

/** Fixed-window hit counters shared by instances (lib/rate-limit.ts). */
export interface RateLimitHitsTable {
  bucket: string;
  window_start: string;
  hits: number;
  expires_at: string;
}

/** Idempotency-Key claims and stored answers (plugins/idempotency.ts), per customer and route. */
export interface IdempotencyKeysTable {
  customer_id: string;
  route: string;
  idempotency_key: string;
  body_hash: string;
  state: 'processing' | 'completed';
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  /** Random per claim: only the request holding the claim stores its answer or releases the key. */
  claim_id: string;
  locked_at: string;
  expires_at: string;
}

/** The address fields an order copies for its shipper and consignee (`shipper_name`, `consignee_name`, …). */
interface OrderPartyColumns {
  name: string;
  company: string | null;
  phone: string;
  email: string | null;
  country_code: string;
  province: string | null;
  city: string;
  district: string | null;
  postal_code: string | null;
  address_line1: string;
  address_line2: string | null;
  address_line3: string | null;
  house_number: string | null;
  tax_id: string | null;
}
type Prefixed<P extends string> = { [K in keyof OrderPartyColumns as `${P}_${K}`]: OrderPartyColumns[K] };

export type OrdersTable = Prefixed<'shipper'> &
  Prefixed<'consignee'> & {
    id: string;
    customer_id: string;
    customer_order_no: string;
    /** Issued at submit; null for a draft. */
    waybill_no: string | null;
    status:
      | 'draft'
      | 'submitted'
      | 'received'
      | 'in_transit'
      | 'delivered'
      | 'exception'
      | 'returned'
      | 'cancelled';
    product_code: string;
    customs_terms: 'DDU' | 'DDP' | null;
    ioss_number: string | null;
    eori_number: string | null;
    has_battery: number;
    /** Minor units of `declared_currency_code`. */
    insurance_value: number | null;
    /** JSON array of extra service codes. */
    extra_service_codes: string;
    remark: string | null;
    /** Σ quantity × unit price, minor units. */
    declared_value: number;
    declared_currency_code: string;
    forecast_weight_g: number;
    actual_weight_g: number | null;
    volumetric_weight_g: number | null;
    chargeable_weight_g: number | null;
    estimated_total: number | null;
    estimated_currency_code: string | null;
    /** JSON array of breakdown lines. */
    estimated_breakdown: string | null;
    final_total: number | null;
    final_currency_code: string | null;
    final_breakdown: string | null;
    last_mile_carrier: string | null;
    last_mile_no: string | null;
    issue_kind_code: string | null;
    /** User id. */
    created_by: string;
    created_at: string;
    updated_at: string;
    submitted_at: string | null;
    cancelled_at: string | null;
    /** The journey, set by operations (migration 080). */
    received_at: string | null;
    /** Handed over to the last-mile carrier. */
    handed_over_at: string | null;
    delivered_at: string | null;
    returned_at: string | null;
    /** When the order last went into exception. */
    exception_at: string | null;
    /** The Excel batch that created it (migration 130); null for an order made any other way. */
    import_id: string | null;
    /** The customer's n-th order, 1, 2, … without gaps: the list's order (migration 085). */
    customer_seq: number;
    /** The consignee's name, company, phone, email and city, lowercased: what the keyword filter searches. */
    consignee_search: string;
    /** The creating user's unit at creation (migration 180), set by insertOrders; the unit data scope reads it. */
    org_unit_id: string | null;
  };

/** Per customer: its orders per status and its last `customer_seq`; kept by modules/order/order-status.ts. */
export interface CustomerOrderCountsTable {
  customer_id: string;
  last_seq: number;
  draft: number;
  submitted: number;
  received: number;
  in_transit: number;
  delivered: number;
  exception: number;
  returned: number;
  cancelled: number;
}

/** A customer's last order number drawn (`orders.customer_seq`), outside the create's transaction. */
export interface CustomerOrderSeqsTable {
  customer_id: string;
  last_seq: number;
}

export interface OrderTrackingEventsTable {
  id: string;
  order_id: string;
  customer_id: string;
  occurred_at: string;
  location: string | null;
  status_code: string;
  /** In the language it was written in (`language`). */
  description: string;
  language: string | null;
  created_at: string;
}

export interface OrderParcelsTable {
  order_id: string;
  seq: number;
  weight_g: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
}

export interface OrderItemsTable {
  order_id: string;
  seq: number;
  name_cn: string;
  name_en: string;
  hs_code: string | null;
  sku: string | null;
  quantity: number;
  /** Minor units of `currency_code`. */
  unit_price: number;
  currency_code: string;
  unit_weight_g: number | null;
  origin_country_code: string | null;
  material: string | null;
  purpose: string | null;
}

export interface OrderNumberCountersTable {
  customer_id: string;
  /** UTC day, YYYYMMDD. */
  day: string;
  last_value: number;
}

export interface WaybillCountersTable {
  name: string;
  last_value: number;
}

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** One background task of jobs/task-runner.ts (migration 095). */
export interface TasksTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: TaskStatus;
  attempts: ColumnType<number, number | undefined, number>;
  /** Null: the runner's configured TASK_MAX_ATTEMPTS. */
  max_attempts: number | null;
  run_after: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  progress: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** An export a customer asked for, and its file once written (modules/export). */
export interface ExportTasksTable {
  id: string;
  customer_id: string;
  user_id: string;
  /**
   * The unit the user was in when it asked, if it asked with the unit scope (null: the whole company's
   * export, seen by whole-company users and its asker only).
   */
  org_unit_id: ColumnType<string | null, string | null | undefined, string | null>;
  task_id: string;
  kind: ExportKind;
  format: 'xlsx' | 'csv' | 'pdf' | 'zip';
  /** JSON: ids, filter, labelSize. */
  request: string;
  language: string;
  status: TaskStatus;
  progress: ColumnType<number, number | undefined, number>;
  row_count: number | null;
  file_name: string | null;
  file_size: number | null;
  content_type: string | null;
  storage_key: string | null;
  /** Message key of a failed export's reason. */
  error_key: string | null;
  /** JSON parameters of `error_key`'s message. */
  error_params: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

/** A file a customer uploaded, kept in the file storage (lib/storage). */
export interface StoredFilesTable {
  id: string;
  customer_id: string;
  file_name: string;
  content_type: string;
  file_size: number;
  purpose: 'addressImport' | 'orderImport' | 'transferVoucher' | 'certificate' | 'image';
  storage_key: string;
  uploaded_by: string | null;
  created_at: string;
}

/** An Excel batch (issue 12, migration 130); see contracts `order-import.ts`. */
export interface OrderImportsTable {
  id: string;
  customer_id: string;
  created_by: string;
  status: 'mapping' | 'ready' | 'committing' | 'committed';
  file_name: string;
  file_id: string | null;
  /** JSON array of the header row's texts. */
  headers: string;
  /** JSON OrderSheetMapping: field → 0-based column. */
  mapping: string;
  mapping_id: string | null;
  /** JSON OrderSheetDefaults: field without a column → its fixed value. */
  defaults: string;
  product_code: string;
  shipper_address_id: string | null;
  row_count: number;
  order_count: number;
  valid_order_count: number;
  invalid_order_count: number;
  excluded_order_count: number;
  created_order_count: number;
  error_count: number;
  progress: number;
  /** 1 submitted, 0 drafts; null before a commit. */
  submit: number | null;
  task_id: string | null;
  /** JSON { key, params } of the last commit's failure. */
  commit_error: string | null;
  created_at: string;
  updated_at: string;
  committed_at: string | null;
  expires_at: string;
}

/** One row of an import's sheet. */
export interface OrderImportRowsTable {
  import_id: string;
  row_number: number;
  /** JSON array of the cells as text, as uploaded. */
  cells: string;
  /** JSON field → text once mapped (grid edits land here); null while the import waits for a mapping. */
  field_values: string | null;
  customer_order_no: string | null;
  lead_row_number: number;
  is_lead: number;
  state: 'valid' | 'invalid' | 'excluded' | 'created';
  excluded: number;
  /** JSON [{ field, key, params }]. */
  errors: string | null;
  /** JSON: the checked create input of a valid order, on its lead row. */
  order_input: string | null;
  charge_amount: number | null;
  charge_currency_code: string | null;
  chargeable_weight_g: number | null;
  order_id: string | null;
}

/** A customer's saved column mapping. */
export interface OrderImportMappingsTable {
  id: string;
  customer_id: string;
  name: string;
  /** JSON field → header text. */
  columns: string;
  /** JSON OrderSheetDefaults: field without a column → its fixed value. */
  defaults: string;
  header_signature: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

/** Versions of the transport agreement (issue 13); the newest published one is current. */
export interface TransportAgreementsTable {
  version: string;
  /** JSON LocalizedText. */
  title: string;
  /** JSON LocalizedText. */
  content: string;
  published_at: string;
}

/** Which agreement version a registration accepted, when and from which address. */
export interface AgreementAcceptancesTable {
  id: string;
  customer_id: string;
  user_id: string;
  version: string;
  accepted_at: string;
  ip: string;
  user_agent: string | null;
}

/** A signed, expiring link staff send a prospect; its one submission's answers (JSON ProspectAnswers). */
export interface ProspectLinksTable {
  id: string;
  invitee: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  submitted_at: string | null;
  submitted_ip: string | null;
  answers: string | null;
}

/** A department of a customer (SystemOrganization): a tree by parent_id (migration 180). */
export interface OrgUnitsTable {
  id: string;
  customer_id: string;
  parent_id: string | null;
  name: string;
  /** Disabling a unit disables its whole subtree, so a row's own status is the effective one. */
  status: 'enabled' | 'disabled';
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** One per customer once it uploads a photo or submits (migration 170, modules/customer-info). */
export interface CustomerCertificationsTable {
  customer_id: string;
  state: 'none' | 'pending' | 'verified' | 'rejected';
  company_name: string | null;
  credit_code: string | null;
  legal_representative: string | null;
  licence_file_id: string | null;
  licence_uploaded_at: string | null;
  id_front_file_id: string | null;
  id_front_uploaded_at: string | null;
  id_back_file_id: string | null;
  id_back_uploaded_at: string | null;
  submitted_at: string | null;
  submitted_by: string | null;
  decided_at: string | null;
  decided_by: string | null;
  reject_reason: string | null;
  updated_at: string;
}

/** A notification (modules/notification): title and body are message keys worded in the reader's language. */
export interface NotificationsTable {
  id: string;
  customer_id: string;
  /** One user's; null: every user of the customer holding `permission` (or all of them when null). */
  user_id: string | null;
  permission: string | null;
  kind: NotificationKind;
  title_key: string;
  body_key: string;
  /** JSON Record<string, string | number>. */
  params: string;
  link: string | null;
  /** The order it is about: only readers whose unit data scope holds the order see it. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** One notification per event and customer (unique with customer_id). */
  source_key: string | null;
  created_at: string;
}

export interface NotificationReadsTable {
  notification_id: string;
  user_id: string;
  read_at: string;
}

/** A user's low-balance warning level per currency (minor units); `is_below` remembers the crossing. */
export interface BalanceThresholdsTable {
  user_id: string;
  customer_id: string;
  currency_code: string;
  threshold_amount: number;
  is_below: number;
  updated_at: string;
}
/** Codes by SMS (modules/verification-code): hashed, single use, a few tries. */
export interface VerificationCodesTable {
  id: string;
  purpose: string;
  phone: string;
  subject: string | null;
  code_hash: string;
  is_delivered: number;
  attempts: Generated<number>;
  ip: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

/** What a checked reset code gives: one password reset, within minutes. */
export interface PasswordResetTicketsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The sandbox SMS provider's outbox (lib/sms/sandbox-provider.ts). */
export interface SmsOutboxTable {
  id: string;
  phone: string;
  template: string;
  params: string;
  language: string;
  text: string;
  created_at: string;
}

/** One WeChat QR code shown in a browser, for signing in or binding (migration 160). */
export interface WeChatScenesTable {
  /** The browser's polling secret. */
  id: string;
  /** In the QR (sandbox scan page) or WeChat's `state` (real provider). */
  scan_code: string;
  purpose: 'login' | 'bind';
  customer_id: string | null;
  user_id: string | null;
  status: 'waiting' | 'confirmed' | 'used';
  open_id: string | null;
  union_id: string | null;
  nickname: string | null;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  used_at: string | null;
}

/** Spent single sign-on tickets, kept until they expire so a replay is refused (migration 160). */
export interface SsoUsedTicketsTable {
  source: string;
  ticket_id: string;
  user_id: string | null;
  used_at: string;
  expires_at: string;
}

/**
 * A customer's list version, bumped by database triggers in the same transaction as every write to the
 * list's table (migration 2026-11-29-210): answer caches key on it. No row yet = version 0.
 */
export interface ListVersionsTable {
  customer_id: string;
  /** The list's table: 'addresses'. */
  list: 'addresses';
  version: number;
}

/**
 * The catalogue's one version (a single row, id 1), bumped by database triggers with every write to a
 * catalogue table (migration 2026-12-07-260): the in-memory catalogue keys on it (modules/product/catalog-cache.ts).
 */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/** Issue 13 (migration 220, modules/api-token): tokens of the open API; only the secret's keyed hash. */
export interface ApiTokensTable {
  id: string;
  customer_id: string;
  /** The creating user, whose permissions bound the token's calls. */
  user_id: string;
  name: string;
  prefix: string;
  /** HMAC-SHA256 (base64url) of the whole secret under the server's token secret. */
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}
