import { ORDER_IMPORT_MESSAGES } from '@portal/contracts/order-import';
import { defineMessages } from '../../lib/messages.ts';

/** Texts shared with the web app (from the contracts), then the server's own batch-import messages. */
defineMessages(ORDER_IMPORT_MESSAGES);

export const orderImportMessages = defineMessages({
  'orderImport.notFound': {
    'zh-CN': '导入记录不存在或已过期，请重新上传文件',
    'en-US': 'This import does not exist or has expired; please upload the file again',
    'zh-TW': '匯入記錄不存在或已過期，請重新上傳檔案',
  },
  'orderImport.tooManyRows': {
    'zh-CN': '文件行数超过上限：一次最多导入 {max} 行，请拆分后分批上传',
    'en-US': 'The file has too many rows: at most {max} rows per upload; please split it',
    'zh-TW': '檔案列數超過上限：一次最多匯入 {max} 列，請拆分後分批上傳',
  },
  'orderImport.rowOutOfOrder': {
    'zh-CN': '文件第 {row} 行重复或顺序错乱，文件可能已损坏：请用 Excel 打开后另存为 .xlsx 再上传',
    'en-US':
      'The file repeats row {row} or lists it out of order and may be damaged: open it in Excel, save it as .xlsx and upload it again',
    'zh-TW': '檔案第 {row} 列重複或順序錯亂，檔案可能已損壞：請用 Excel 開啟後另存為 .xlsx 再上傳',
  },
  'orderImport.noRows': {
    'zh-CN': '第一个工作表没有订单行：第 1 行为表头，从第 2 行起每行一个订单（或包裹、物品）',
    'en-US': 'The first sheet has no order rows: row 1 holds the headers, orders start on row 2',
    'zh-TW': '第一個工作表沒有訂單列：第 1 列為表頭，從第 2 列起每列一筆訂單（或包裹、物品）',
  },
  // An upload's text fields: the top message names every bad one, each field error says which it is.
  'orderImport.invalidFields': {
    'zh-CN': '上传参数有误：{fields}',
    'en-US': 'The upload’s settings are not valid: {fields}',
    'zh-TW': '上傳參數有誤：{fields}',
  },
  'orderImport.invalidField': {
    'zh-CN': '{field}无效，请重新选择',
    'en-US': '{field} is not valid; please choose again',
    'zh-TW': '{field}無效，請重新選擇',
  },
  'orderImport.field.productCode': { 'zh-CN': '产品', 'en-US': 'Product', 'zh-TW': '產品' },
  'orderImport.field.shipperAddressId': {
    'zh-CN': '发件地址',
    'en-US': 'Sender address',
    'zh-TW': '寄件地址',
  },
  'orderImport.field.mappingId': {
    'zh-CN': '已保存的列对应',
    'en-US': 'Saved column match',
    'zh-TW': '已儲存的欄位對應',
  },
  // How the names in one message are listed.
  'orderImport.fieldSeparator': { 'zh-CN': '、', 'en-US': ', ', 'zh-TW': '、' },
  'orderImport.notEditable': {
    'zh-CN': '该批次正在创建或已创建订单，不能再修改',
    'en-US': 'This batch is being turned into orders or already was; it can no longer be changed',
    'zh-TW': '該批次正在建立或已建立訂單，不能再修改',
  },
  'orderImport.rowNotFound': {
    'zh-CN': '第 {row} 行不存在',
    'en-US': 'Row {row} does not exist in this batch',
    'zh-TW': '第 {row} 列不存在',
  },
  'orderImport.previewed': {
    'zh-CN': '已读取 {rows} 行：{valid} 个订单可创建，{invalid} 个订单有错误',
    'en-US': 'Read {rows} rows: {valid} orders ready, {invalid} with errors',
    'zh-TW': '已讀取 {rows} 列：{valid} 筆訂單可建立，{invalid} 筆訂單有錯誤',
  },
  'orderImport.needsMapping': {
    'zh-CN': '已读取 {rows} 行；表头不是模板的表头，请确认各列对应的字段',
    'en-US': 'Read {rows} rows; the headers are not the template’s, please confirm which column is which',
    'zh-TW': '已讀取 {rows} 列；表頭不是範本的表頭，請確認各欄對應的欄位',
  },
  'orderImport.rowSaved': {
    'zh-CN': '已保存并重新校验',
    'en-US': 'Saved and checked again',
    'zh-TW': '已儲存並重新校驗',
  },
  // BatchImportExclude: how many orders the call left out or took back in (not the batch's size).
  'orderImport.ordersExcluded': {
    'zh-CN': '已排除 {count} 个订单',
    'en-US': '{count} order(s) left out of the batch',
    'zh-TW': '已排除 {count} 筆訂單',
  },
  'orderImport.ordersIncluded': {
    'zh-CN': '已恢复 {count} 个订单',
    'en-US': '{count} order(s) taken back into the batch',
    'zh-TW': '已恢復 {count} 筆訂單',
  },
  'orderImport.settingsSaved': {
    'zh-CN': '已按新的设置重新校验并计价',
    'en-US': 'Checked and priced again with the new settings',
    'zh-TW': '已按新的設定重新校驗並計價',
  },
  'orderImport.discarded': { 'zh-CN': '已放弃该批次', 'en-US': 'Batch discarded', 'zh-TW': '已放棄該批次' },
  // Cell errors (kept as keys on the rows, worded when read)
  'orderImport.numberInvalid': {
    'zh-CN': '请填写数字，如 1.5 或 1,234.5',
    'en-US': 'Enter a number, such as 1.5 or 1,234.5',
    'zh-TW': '請填寫數字，如 1.5 或 1,234.5',
  },
  'orderImport.moneyDecimals': {
    'zh-CN': '{currency} 金额最多 {digits} 位小数',
    'en-US': 'A {currency} amount has at most {digits} decimals',
    'zh-TW': '{currency} 金額最多 {digits} 位小數',
  },
  'orderImport.yesNoInvalid': {
    'zh-CN': '请填写“是”或“否”（留空为否）',
    'en-US': 'Enter Yes or No (blank means no)',
    'zh-TW': '請填寫「是」或「否」（留空為否）',
  },
  'orderImport.customsTermsInvalid': {
    'zh-CN': '贸易条款请填写 DDU 或 DDP',
    'en-US': 'Customs terms are DDU or DDP',
    'zh-TW': '貿易條款請填寫 DDU 或 DDP',
  },
  'orderImport.leadConflict': {
    'zh-CN': '与第 {row} 行单号相同，但此处内容不同（同一订单的订单和收件人信息须一致）',
    'en-US':
      'Row {row} has this reference number with a different value here (one order has one set of order and consignee details)',
    'zh-TW': '與第 {row} 列單號相同，但此處內容不同（同一訂單的訂單和收件人資訊須一致）',
  },
  'orderImport.customerOrderNoTaken': {
    'zh-CN': '客户单号 {customerOrderNo} 已被已有订单使用',
    'en-US': 'The reference number {customerOrderNo} is already used by an existing order',
    'zh-TW': '客戶單號 {customerOrderNo} 已被既有訂單使用',
  },
  'orderImport.noParcel': {
    'zh-CN': '该订单没有包裹：至少一行须填写包裹重量',
    'en-US': 'This order has no parcel: at least one of its rows needs a parcel weight',
    'zh-TW': '該訂單沒有包裹：至少一列須填寫包裹重量',
  },
  'orderImport.noItem': {
    'zh-CN': '该订单没有申报物品：至少一行须填写品名',
    'en-US': 'This order has no declared item: at least one of its rows needs an item name',
    'zh-TW': '該訂單沒有申報物品：至少一列須填寫品名',
  },
  'orderImport.currencyMixed': {
    'zh-CN': '同一订单的物品须使用同一币种（第 {row} 行为 {currency}）',
    'en-US': 'One order’s items use one currency (row {row} has {currency})',
    'zh-TW': '同一訂單的物品須使用同一幣別（第 {row} 列為 {currency}）',
  },
  'orderImport.tooManyParcels': {
    'zh-CN': '一个订单最多 {max} 个包裹',
    'en-US': 'An order has at most {max} parcels',
    'zh-TW': '一筆訂單最多 {max} 個包裹',
  },
  'orderImport.tooManyItems': {
    'zh-CN': '一个订单最多 {max} 个物品',
    'en-US': 'An order has at most {max} items',
    'zh-TW': '一筆訂單最多 {max} 個物品',
  },
  'orderImport.productUnusable': {
    'zh-CN': '产品 {productCode} 无法承运：{reason}',
    'en-US': 'Product {productCode} cannot carry this order: {reason}',
    'zh-TW': '產品 {productCode} 無法承運：{reason}',
  },
  'orderImport.noSender': {
    'zh-CN': '地址簿中没有发件人地址：请先在页面上选择或添加发件人地址',
    'en-US': 'No sender address: choose or add a sender address on the page first',
    'zh-TW': '地址簿中沒有寄件人地址：請先在頁面上選擇或新增寄件人地址',
  },
});
