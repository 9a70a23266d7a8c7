import { z } from 'zod';
import { idField } from './ids.ts';
import { LANGUAGES, type LocalizedText } from './languages.ts';
import { textField } from './text.ts';

/**
 * Batch create orders from Excel (route `batchCreate`, issue 12). The open API exposes these calls and
 * fields as they are.
 *
 * The flow: `BatchImportPreview` uploads a workbook; the server checks it (the address import's guard),
 * reads its first sheet with ExcelJS's streaming reader and keeps every row in the import (`order_imports`,
 * `order_import_rows`), so nothing the user typed is lost and memory does not grow with the file. A sheet
 * whose header row is the template's (in any of the three languages) is validated at once; any other sheet
 * (a marketplace export) answers `status: 'mapping'` with guessed columns, and `BatchImportApplyMapping`
 * names the columns (optionally saving the mapping for next time). Every order is validated with the
 * create-order schema and priced with the one pricing function; the grid reads the rows page by page
 * (`BatchImportRows`), fixes cells (`BatchImportUpdateRow`) and excludes orders (`BatchImportExclude`).
 * `BatchImportCommit` (with an `Idempotency-Key`) turns every valid, not excluded order into an order — all
 * or none — in a background task whose progress `BatchImportGet` shows. `BatchImportErrorReport` gives the
 * rows back as the user's own sheet with an error column.
 *
 * One order per reference number: rows that share a non-blank `customerOrderNo` are ONE order (a
 * multi-parcel or multi-item order), wherever they stand in the sheet. The first of them (lowest row
 * number, the "lead" row) carries the order and consignee columns; the others leave those blank or repeat
 * them exactly (a marketplace export repeats them on every line), and a different value there is an error
 * on that cell ("row 7 has this reference number with another consignee"), which is how two orders given
 * one number are caught. Every row of an order with a parcel weight adds a parcel; every row with an item
 * name adds a declared item. A row without a reference number is an order by itself (the number is
 * generated at commit). The template's instruction sheet explains this in the interface language.
 */

export const ORDER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows one file may hold (the server's `ORDER_IMPORT_MAX_ROWS` may lower it). */
export const ORDER_IMPORT_MAX_ROWS = 100_000;
/** Rows one `BatchImportRows` call answers. */
export const ORDER_IMPORT_MAX_PAGE = 500;
/** Rows of the sheet shown beside the mapping step. */
export const ORDER_IMPORT_SAMPLE_ROWS = 5;
/** An import not committed is deleted this many days after its upload (the retention task). */
export const ORDER_IMPORT_KEEP_DAYS = 7;
export const ORDER_IMPORT_MAPPING_NAME_MAX = 50;
export const ORDER_IMPORT_MAX_MAPPINGS = 50;
/** Longest text one cell may hold when edited in the grid. */
export const ORDER_IMPORT_CELL_MAX = 500;

export const ORDER_SHEET_FIELDS = [
  // the order
  'customerOrderNo',
  'productCode',
  'customsTerms',
  'iossNumber',
  'eoriNumber',
  'hasBattery',
  'insuranceValue',
  'signature',
  'remark',
  // the consignee
  'consigneeName',
  'consigneeCompany',
  'consigneePhone',
  'consigneeEmail',
  'consigneeCountry',
  'consigneeProvince',
  'consigneeCity',
  'consigneeDistrict',
  'consigneePostalCode',
  'consigneeAddressLine1',
  'consigneeAddressLine2',
  'consigneeAddressLine3',
  'consigneeHouseNumber',
  'consigneeTaxId',
  // a parcel
  'parcelWeight',
  'parcelLength',
  'parcelWidth',
  'parcelHeight',
  // a declared item
  'itemNameCn',
  'itemNameEn',
  'itemHsCode',
  'itemSku',
  'itemQuantity',
  'itemUnitPrice',
  'itemCurrency',
  'itemUnitWeight',
  'itemOriginCountry',
  'itemMaterial',
  'itemPurpose',
] as const;
export type OrderSheetField = (typeof ORDER_SHEET_FIELDS)[number];
export const OrderSheetFieldSchema = z.enum(ORDER_SHEET_FIELDS);

/** Which part of an order a column fills: order and consignee columns belong to the lead row. */
export type OrderSheetPart = 'order' | 'consignee' | 'parcel' | 'item';

export interface OrderSheetColumn {
  field: OrderSheetField;
  part: OrderSheetPart;
  header: LocalizedText;
  /** A template sheet must have these columns (the header row is recognised by them). */
  required: boolean;
  /** Column width in the template (characters). */
  width: number;
  /** What to type, for the instruction sheet and the grid's column tooltip. */
  hint: LocalizedText;
}

const t = (zhCN: string, enUS: string, zhTW: string): LocalizedText => ({
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
});

/** The template's columns, in order. Headers are what the template writes and what a template sheet is recognised by. */
export const ORDER_SHEET_COLUMNS: readonly OrderSheetColumn[] = [
  {
    field: 'customerOrderNo',
    part: 'order',
    header: t('客户单号', 'Reference number', '客戶單號'),
    required: true,
    width: 20,
    hint: t(
      '可留空（系统生成）。多行填写同一单号 = 同一订单的多个包裹或多个物品',
      'May be blank (generated). Rows with the same number are one order with several parcels or items',
      '可留空（系統產生）。多行填寫同一單號 = 同一訂單的多個包裹或多個物品',
    ),
  },
  {
    field: 'productCode',
    part: 'order',
    header: t('产品代码', 'Product code', '產品代碼'),
    required: false,
    width: 14,
    hint: t('留空则用页面上选择的产品', 'Blank: the product chosen on the page', '留空則用頁面上選擇的產品'),
  },
  {
    field: 'customsTerms',
    part: 'order',
    header: t('贸易条款', 'Customs terms', '貿易條款'),
    required: false,
    width: 10,
    hint: t('DDU 或 DDP', 'DDU or DDP', 'DDU 或 DDP'),
  },
  {
    field: 'iossNumber',
    part: 'order',
    header: t('IOSS 号', 'IOSS number', 'IOSS 號'),
    required: false,
    width: 16,
    hint: t('IM + 10 位数字', 'IM followed by 10 digits', 'IM + 10 位數字'),
  },
  {
    field: 'eoriNumber',
    part: 'order',
    header: t('EORI 号', 'EORI number', 'EORI 號'),
    required: false,
    width: 18,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'hasBattery',
    part: 'order',
    header: t('带电', 'Battery', '帶電'),
    required: false,
    width: 8,
    hint: t('是 / 否（留空为否）', 'Yes / No (blank: no)', '是 / 否（留空為否）'),
  },
  {
    field: 'insuranceValue',
    part: 'order',
    header: t('投保金额', 'Insured value', '投保金額'),
    required: false,
    width: 12,
    hint: t(
      '物品币种的金额，如 120.50；留空不投保',
      "Amount in the items' currency, e.g. 120.50; blank: not insured",
      '物品幣別的金額，如 120.50；留空不投保',
    ),
  },
  {
    field: 'signature',
    part: 'order',
    header: t('签名服务', 'Signature', '簽名服務'),
    required: false,
    width: 10,
    hint: t('是 / 否（留空为否）', 'Yes / No (blank: no)', '是 / 否（留空為否）'),
  },
  {
    field: 'remark',
    part: 'order',
    header: t('备注', 'Remark', '備註'),
    required: false,
    width: 24,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneeName',
    part: 'consignee',
    header: t('收件人姓名', 'Consignee name', '收件人姓名'),
    required: true,
    width: 18,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'consigneeCompany',
    part: 'consignee',
    header: t('收件人公司', 'Consignee company', '收件人公司'),
    required: false,
    width: 20,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneePhone',
    part: 'consignee',
    header: t('收件人电话', 'Consignee phone', '收件人電話'),
    required: true,
    width: 18,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'consigneeEmail',
    part: 'consignee',
    header: t('收件人邮箱', 'Consignee email', '收件人電子郵件'),
    required: false,
    width: 24,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneeCountry',
    part: 'consignee',
    header: t('收件国家/地区', 'Consignee country/region', '收件國家/地區'),
    required: true,
    width: 14,
    hint: t(
      '两位代码（如 US）或国家名称',
      'Two-letter code (e.g. US) or the country name',
      '兩位代碼（如 US）或國家名稱',
    ),
  },
  {
    field: 'consigneeProvince',
    part: 'consignee',
    header: t('收件省/州', 'Consignee province/state', '收件省/州'),
    required: false,
    width: 16,
    hint: t('按目的国要求填写', 'As the destination requires', '按目的國要求填寫'),
  },
  {
    field: 'consigneeCity',
    part: 'consignee',
    header: t('收件城市', 'Consignee city', '收件城市'),
    required: true,
    width: 16,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'consigneeDistrict',
    part: 'consignee',
    header: t('收件区县', 'Consignee district', '收件區縣'),
    required: false,
    width: 14,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneePostalCode',
    part: 'consignee',
    header: t('收件邮编', 'Consignee postal code', '收件郵遞區號'),
    required: false,
    width: 12,
    hint: t('按目的国要求填写', 'As the destination requires', '按目的國要求填寫'),
  },
  {
    field: 'consigneeAddressLine1',
    part: 'consignee',
    header: t('收件地址1', 'Consignee address line 1', '收件地址1'),
    required: true,
    width: 36,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'consigneeAddressLine2',
    part: 'consignee',
    header: t('收件地址2', 'Consignee address line 2', '收件地址2'),
    required: false,
    width: 24,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneeAddressLine3',
    part: 'consignee',
    header: t('收件地址3', 'Consignee address line 3', '收件地址3'),
    required: false,
    width: 24,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneeHouseNumber',
    part: 'consignee',
    header: t('收件门牌号', 'Consignee house number', '收件門牌號'),
    required: false,
    width: 12,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'consigneeTaxId',
    part: 'consignee',
    header: t('收件人税号', 'Consignee tax id', '收件人稅號'),
    required: false,
    width: 16,
    hint: t('按目的国要求填写', 'As the destination requires', '按目的國要求填寫'),
  },
  {
    field: 'parcelWeight',
    part: 'parcel',
    header: t('包裹重量(kg)', 'Parcel weight (kg)', '包裹重量(kg)'),
    required: true,
    width: 14,
    hint: t('千克，最多 3 位小数', 'Kilograms, at most 3 decimals', '公斤，最多 3 位小數'),
  },
  {
    field: 'parcelLength',
    part: 'parcel',
    header: t('长(cm)', 'Length (cm)', '長(cm)'),
    required: true,
    width: 10,
    hint: t('厘米，最多 1 位小数', 'Centimetres, at most 1 decimal', '公分，最多 1 位小數'),
  },
  {
    field: 'parcelWidth',
    part: 'parcel',
    header: t('宽(cm)', 'Width (cm)', '寬(cm)'),
    required: true,
    width: 10,
    hint: t('厘米，最多 1 位小数', 'Centimetres, at most 1 decimal', '公分，最多 1 位小數'),
  },
  {
    field: 'parcelHeight',
    part: 'parcel',
    header: t('高(cm)', 'Height (cm)', '高(cm)'),
    required: true,
    width: 10,
    hint: t('厘米，最多 1 位小数', 'Centimetres, at most 1 decimal', '公分，最多 1 位小數'),
  },
  {
    field: 'itemNameCn',
    part: 'item',
    header: t('中文品名', 'Item name (Chinese)', '中文品名'),
    required: true,
    width: 18,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'itemNameEn',
    part: 'item',
    header: t('英文品名', 'Item name (English)', '英文品名'),
    required: true,
    width: 20,
    hint: t('必填', 'Required', '必填'),
  },
  {
    field: 'itemHsCode',
    part: 'item',
    header: t('海关编码', 'HS code', '海關編碼'),
    required: false,
    width: 12,
    hint: t('6 到 10 位数字', '6 to 10 digits', '6 到 10 位數字'),
  },
  {
    field: 'itemSku',
    part: 'item',
    header: t('SKU', 'SKU', 'SKU'),
    required: false,
    width: 14,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'itemQuantity',
    part: 'item',
    header: t('数量', 'Quantity', '數量'),
    required: true,
    width: 8,
    hint: t('正整数', 'A whole number above 0', '正整數'),
  },
  {
    field: 'itemUnitPrice',
    part: 'item',
    header: t('申报单价', 'Unit price', '申報單價'),
    required: true,
    width: 12,
    hint: t(
      '申报币种的金额，如 12.50',
      'Amount in the declared currency, e.g. 12.50',
      '申報幣別的金額，如 12.50',
    ),
  },
  {
    field: 'itemCurrency',
    part: 'item',
    header: t('申报币种', 'Currency', '申報幣別'),
    required: true,
    width: 10,
    hint: t(
      '三位代码，如 USD；同一订单须相同',
      'Three letters, e.g. USD; one per order',
      '三位代碼，如 USD；同一訂單須相同',
    ),
  },
  {
    field: 'itemUnitWeight',
    part: 'item',
    header: t('单件重量(kg)', 'Unit weight (kg)', '單件重量(kg)'),
    required: false,
    width: 14,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'itemOriginCountry',
    part: 'item',
    header: t('原产国', 'Origin country', '原產國'),
    required: false,
    width: 10,
    hint: t('两位代码，如 CN', 'Two letters, e.g. CN', '兩位代碼，如 CN'),
  },
  {
    field: 'itemMaterial',
    part: 'item',
    header: t('材质', 'Material', '材質'),
    required: false,
    width: 12,
    hint: t('选填', 'Optional', '選填'),
  },
  {
    field: 'itemPurpose',
    part: 'item',
    header: t('用途', 'Purpose', '用途'),
    required: false,
    width: 12,
    hint: t('选填', 'Optional', '選填'),
  },
];

export const ORDER_SHEET_COLUMN: Readonly<Record<OrderSheetField, OrderSheetColumn>> = Object.fromEntries(
  ORDER_SHEET_COLUMNS.map((column) => [column.field, column]),
) as Record<OrderSheetField, OrderSheetColumn>;

/** Header text as compared: no spaces, no `*` (a template marks required columns), lower case. */
export const normaliseSheetHeader = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase();

/** A template header in any interface language, or the field name itself → field. */
export const TEMPLATE_HEADER_FIELDS: ReadonlyMap<string, OrderSheetField> = new Map(
  ORDER_SHEET_COLUMNS.flatMap((column) => [
    [normaliseSheetHeader(column.field), column.field] as const,
    ...LANGUAGES.map((language) => [normaliseSheetHeader(column.header[language]), column.field] as const),
  ]),
);

/** Per field, the 0-based index of the sheet column that fills it; a field without a column is absent. */
export const OrderSheetMappingSchema = z
  .partialRecord(OrderSheetFieldSchema, z.number().int().min(0).max(999))
  .refine(
    (mapping) => new Set(Object.values(mapping)).size === Object.values(mapping).length,
    'orderImport.mappingColumnTwice',
  );
export type OrderSheetMapping = z.infer<typeof OrderSheetMappingSchema>;

/**
 * Per field without a column, a fixed value every order takes (weight "0.5", Chinese name "服装"): kept
 * with the mapping and applied when it is used again. An order, consignee or parcel field's default fills
 * each order's first row (one parcel per order); an item field's default fills every row. Each value is
 * checked like the cell it fills.
 */
export const OrderSheetDefaultsSchema = z.partialRecord(
  OrderSheetFieldSchema,
  textField({ max: ORDER_IMPORT_CELL_MAX, label: t('默认值', 'Default value', '預設值') }),
);
export type OrderSheetDefaults = z.infer<typeof OrderSheetDefaultsSchema>;

export const ORDER_IMPORT_STATUSES = ['mapping', 'ready', 'committing', 'committed'] as const;
export type OrderImportStatus = (typeof ORDER_IMPORT_STATUSES)[number];

/**
 * What a row's order is: `valid` (will become an order), `invalid` (a cell of one of its rows has an
 * error), `excluded` (the user left it out), `created` (it is an order now). All rows of one order share it.
 */
export const ORDER_IMPORT_ROW_STATES = ['valid', 'invalid', 'excluded', 'created'] as const;
export type OrderImportRowState = (typeof ORDER_IMPORT_ROW_STATES)[number];

/** The grid's views (`BatchImportRows?view=`). */
export const ORDER_IMPORT_VIEWS = ['all', 'invalid', 'valid', 'excluded'] as const;
export type OrderImportView = (typeof ORDER_IMPORT_VIEWS)[number];

const IdSchema = idField();

/** The last row number a worksheet has (Excel's limit): a larger one names no row of any sheet. */
export const ORDER_SHEET_MAX_ROW_NUMBER = 1_048_576;

/**
 * `POST /api/CustomerOrder/BatchImportPreview` (multipart): field `file` (the .xlsx) and the text fields
 * below. The product and the sender apply to every row that names no product; the sender is an address of
 * the caller's book (default: the default sender address).
 */
export const OrderImportPreviewFieldsSchema = z.object({
  productCode: z.string().trim().min(1).max(32),
  shipperAddressId: IdSchema.optional(),
  /** Apply this saved mapping (`BatchImportMappings`) instead of guessing. */
  mappingId: IdSchema.optional(),
});
export type OrderImportPreviewFields = z.infer<typeof OrderImportPreviewFieldsSchema>;

export const OrderImportTotalSchema = z.object({
  currencyCode: z.string(),
  /** Σ estimated charge of the valid, not excluded orders, minor units. */
  amount: z.number().int(),
  /**
   * The wallet's available money: balance + credit limit (a hold has already left the balance), minor
   * units; null for a caller without `finance:view` (the company's balance), who sees only `insufficient`.
   */
  available: z.number().int().nullable(),
  /** amount > available: a submit of this batch would be refused. */
  insufficient: z.boolean(),
});
export type OrderImportTotal = z.infer<typeof OrderImportTotalSchema>;

/** An import as every call answers it. */
export const OrderImportSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_IMPORT_STATUSES),
  fileName: z.string(),
  productCode: z.string(),
  /** The sender's address-book id; null when the book has none (every order is refused until one is chosen). */
  shipperAddressId: z.string().nullable(),
  /** The sheet's header row, as typed. */
  headers: z.array(z.string()),
  /** The columns in use; while `status` is `mapping`, the server's guess. */
  mapping: OrderSheetMappingSchema,
  /** The name of the saved mapping applied, if one was. */
  mappingName: z.string().nullable(),
  /** The fixed values of fields without a column (`OrderSheetDefaultsSchema`). */
  defaults: z.partialRecord(OrderSheetFieldSchema, z.string()),
  /** While `mapping`: the first rows as typed, to show beside the columns. */
  sampleRows: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  orderCount: z.number().int(),
  validOrderCount: z.number().int(),
  invalidOrderCount: z.number().int(),
  excludedOrderCount: z.number().int(),
  createdOrderCount: z.number().int(),
  /** Cells with an error. */
  errorCount: z.number().int(),
  totals: z.array(OrderImportTotalSchema),
  /** 0–100 while committing. */
  progress: z.number().int(),
  /** What the commit makes: submitted orders (true) or drafts (false); null before a commit. */
  submit: z.boolean().nullable(),
  /** Why the last commit failed (localized); the import is `ready` again and nothing was written. */
  commitError: z.string().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type OrderImportSummary = z.infer<typeof OrderImportSummarySchema>;

export const OrderImportCellErrorSchema = z.object({ field: OrderSheetFieldSchema, message: z.string() });
export type OrderImportCellError = z.infer<typeof OrderImportCellErrorSchema>;

export const OrderImportRowSchema = z.object({
  /** The row's number in the sheet (the header is row 1). */
  rowNumber: z.number().int(),
  values: z.partialRecord(OrderSheetFieldSchema, z.string()),
  /** Cell errors, in the caller's language. */
  errors: z.array(OrderImportCellErrorSchema),
  state: z.enum(ORDER_IMPORT_ROW_STATES),
  /** The row that carries its order's columns (the first row of a reference number). */
  isLead: z.boolean(),
  /** The lead row's number of this row's order. */
  leadRowNumber: z.number().int(),
  /** On the lead row of a priced order: chargeable weight (kg) and the estimated charge. */
  chargeableWeight: z.number().nullable(),
  chargeAmount: z.number().int().nullable(),
  chargeCurrencyCode: z.string().nullable(),
  /** Once created: the order. */
  orderId: z.string().nullable(),
  customerOrderNo: z.string().nullable(),
});
export type OrderImportRow = z.infer<typeof OrderImportRowSchema>;

/** `GET /api/CustomerOrder/BatchImportTemplate?language=`: the template in that language (default: the caller's). */
export const OrderImportTemplateQuerySchema = z.object({ language: z.enum(LANGUAGES).optional() });

/** `GET /api/CustomerOrder/BatchImportGet?id=` and `BatchImportErrorReport?id=`. */
export const OrderImportIdSchema = z.object({ id: IdSchema });

/** `GET /api/CustomerOrder/BatchImportRows?id=&view=&offset=&limit=` (rows in sheet order). */
export const OrderImportRowsQuerySchema = z.object({
  id: IdSchema,
  view: z.enum(ORDER_IMPORT_VIEWS).default('all'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(ORDER_IMPORT_MAX_PAGE).default(100),
});
export const OrderImportRowsSchema = z.object({
  /** Rows in this view. */
  total: z.number().int(),
  rows: z.array(OrderImportRowSchema),
});
export type OrderImportRows = z.infer<typeof OrderImportRowsSchema>;

/**
 * `POST /api/CustomerOrder/BatchImportUpdateRow`: replaces the named cells of one row (blank clears) and
 * checks that row's order again — and the orders that shared its old or share its new reference number.
 * Answers every row whose contents or state changed, and the summary.
 */
export const OrderImportUpdateRowSchema = z.object({
  id: IdSchema,
  rowNumber: z.number().int().min(2).max(ORDER_SHEET_MAX_ROW_NUMBER),
  values: z.partialRecord(OrderSheetFieldSchema, z.string().max(ORDER_IMPORT_CELL_MAX)),
});
export const OrderImportRowsChangedSchema = z.object({
  rows: z.array(OrderImportRowSchema),
  summary: OrderImportSummarySchema,
});
export type OrderImportRowsChanged = z.infer<typeof OrderImportRowsChangedSchema>;

/** `POST /api/CustomerOrder/BatchImportExclude`: leaves the rows' orders out (or takes them back in). */
export const OrderImportExcludeSchema = z.object({
  id: IdSchema,
  rowNumbers: z
    .array(z.number().int().min(2).max(ORDER_SHEET_MAX_ROW_NUMBER))
    .min(1)
    .max(ORDER_IMPORT_MAX_ROWS),
  excluded: z.boolean(),
});

/**
 * `POST /api/CustomerOrder/BatchImportSettings`: another product for rows that name none, or another
 * sender; every order is checked and priced again.
 */
export const OrderImportSettingsSchema = z.object({
  id: IdSchema,
  productCode: z.string().trim().min(1).max(32),
  shipperAddressId: IdSchema,
});

/**
 * `POST /api/CustomerOrder/BatchImportApplyMapping`: the columns to use; with `saveAs`, the mapping is
 * kept under that name (replacing the caller's mapping of that name) and offered for sheets with the same
 * headers.
 */
export const OrderImportApplyMappingSchema = z.object({
  id: IdSchema,
  mapping: OrderSheetMappingSchema,
  /** Fixed values for fields without a column; a field has a column or a default, never both. */
  defaults: OrderSheetDefaultsSchema.optional(),
  saveAs: textField({
    max: ORDER_IMPORT_MAPPING_NAME_MAX,
    label: t('映射名称', 'Mapping name', '對應名稱'),
  }).optional(),
});

/** A saved mapping: header texts per field, so it fits any sheet with those headers. */
export const OrderImportSavedMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Per field, the header text of its column. */
  columns: z.partialRecord(OrderSheetFieldSchema, z.string()),
  /** Per field without a column, its fixed value. */
  defaults: z.partialRecord(OrderSheetFieldSchema, z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type OrderImportSavedMapping = z.infer<typeof OrderImportSavedMappingSchema>;
/** `GET /api/CustomerOrder/BatchImportMappings`: the caller's saved mappings, most recently used first. */
export const OrderImportSavedMappingsSchema = z.array(OrderImportSavedMappingSchema);
/** `POST /api/CustomerOrder/BatchImportDeleteMapping` and `BatchImportDiscard`. */
export const OrderImportDeleteSchema = z.object({ id: IdSchema });

/**
 * `POST /api/CustomerOrder/BatchImportCommit` (with an `Idempotency-Key`): every valid, not excluded order
 * becomes an order — submitted with its hold (`submit: true`) or a draft — all or none, in a background
 * task. Answers the summary (`committing`); poll `BatchImportGet` for progress. A second commit of the
 * same import answers 409; the same key answers the first answer again.
 */
export const OrderImportCommitSchema = z.object({ id: IdSchema, submit: z.boolean() });

/** Message keys shared by server and web, with their texts. */
export const ORDER_IMPORT_MESSAGES = {
  'orderImport.mappingColumnTwice': {
    'zh-CN': '同一列不能对应两个字段',
    'en-US': 'One column cannot fill two fields',
    'zh-TW': '同一欄不能對應兩個欄位',
  },
} as const satisfies Record<string, LocalizedText>;
