import { defineMessages } from '../../lib/messages.ts';

/** The batch import's template, column mapping and error report texts (the preview's are in order-import.messages.ts). */
export const orderImportMappingMessages = defineMessages({
  'orderImport.mappingNotFound': {
    'zh-CN': '列映射不存在或已被删除',
    'en-US': 'The column mapping was not found (it may have been deleted)',
    'zh-TW': '欄位對應不存在或已被刪除',
  },
  'orderImport.mappingMissingFields': {
    'zh-CN': '请为以下字段选择列或填写默认值：{fields}',
    'en-US': 'Choose a column or give a default value for: {fields}',
    'zh-TW': '請為以下欄位選擇欄或填寫預設值：{fields}',
  },
  'orderImport.defaultInvalid': {
    'zh-CN': '“{field}”的默认值有误：{message}',
    'en-US': 'The default value of "{field}" is not valid: {message}',
    'zh-TW': '「{field}」的預設值有誤：{message}',
  },
  'orderImport.defaultWithColumn': {
    'zh-CN': '“{field}”已对应表格中的列，不能再填写默认值',
    'en-US': '"{field}" has a column in the sheet; it cannot also have a default value',
    'zh-TW': '「{field}」已對應表格中的欄，不能再填寫預設值',
  },
  'orderImport.defaultNotAllowed': {
    'zh-CN': '“{field}”不能使用默认值',
    'en-US': '"{field}" cannot have a default value',
    'zh-TW': '「{field}」不能使用預設值',
  },
  'orderImport.mappingColumnOutside': {
    'zh-CN': '表格中没有第 {column} 列',
    'en-US': 'The sheet has no column {column}',
    'zh-TW': '表格中沒有第 {column} 欄',
  },
  'orderImport.mappingLimit': {
    'zh-CN': '最多保存 {max} 个列映射，请先删除不用的映射',
    'en-US': 'At most {max} column mappings can be saved; please delete one you no longer use',
    'zh-TW': '最多儲存 {max} 個欄位對應，請先刪除不用的對應',
  },
  'orderImport.mappingApplied': {
    'zh-CN': '列映射已应用',
    'en-US': 'Columns applied',
    'zh-TW': '欄位對應已套用',
  },
  'orderImport.mappingSaved': {
    'zh-CN': '列映射已应用并保存为“{name}”',
    'en-US': 'Columns applied and saved as "{name}"',
    'zh-TW': '欄位對應已套用並儲存為「{name}」',
  },
  'orderImport.mappingDeleted': {
    'zh-CN': '列映射已删除',
    'en-US': 'Column mapping deleted',
    'zh-TW': '欄位對應已刪除',
  },

  'orderImport.template.fileName': {
    'zh-CN': '批量下单模板',
    'en-US': 'batch-order-template',
    'zh-TW': '批次下單範本',
  },
  'orderImport.template.ordersSheet': { 'zh-CN': '订单', 'en-US': 'orders', 'zh-TW': '訂單' },
  'orderImport.template.instructionsSheet': {
    'zh-CN': '填写说明',
    'en-US': 'instructions',
    'zh-TW': '填寫說明',
  },
  'orderImport.template.yes': { 'zh-CN': '是', 'en-US': 'Yes', 'zh-TW': '是' },
  'orderImport.template.no': { 'zh-CN': '否', 'en-US': 'No', 'zh-TW': '否' },
  'orderImport.template.column': { 'zh-CN': '列', 'en-US': 'Column', 'zh-TW': '欄' },
  'orderImport.template.required': { 'zh-CN': '必填', 'en-US': 'Required', 'zh-TW': '必填' },
  'orderImport.template.part': { 'zh-CN': '所属', 'en-US': 'Belongs to', 'zh-TW': '所屬' },
  'orderImport.template.hint': { 'zh-CN': '填写说明', 'en-US': 'What to type', 'zh-TW': '填寫說明' },
  'orderImport.template.part.order': {
    'zh-CN': '订单（首行）',
    'en-US': 'Order (lead row)',
    'zh-TW': '訂單（首列）',
  },
  'orderImport.template.part.consignee': {
    'zh-CN': '收件人（首行）',
    'en-US': 'Consignee (lead row)',
    'zh-TW': '收件人（首列）',
  },
  'orderImport.template.part.parcel': {
    'zh-CN': '包裹（每行）',
    'en-US': 'Parcel (each row)',
    'zh-TW': '包裹（每列）',
  },
  'orderImport.template.part.item': {
    'zh-CN': '物品（每行）',
    'en-US': 'Item (each row)',
    'zh-TW': '物品（每列）',
  },
  'orderImport.template.requiredMark': {
    'zh-CN': '表头带 * 的列为必填列（客户单号可留空）。',
    'en-US': 'Columns whose header ends in * are required (the reference number may be left blank).',
    'zh-TW': '表頭帶 * 的欄為必填欄（客戶單號可留空）。',
  },
  'orderImport.template.rules': { 'zh-CN': '规则', 'en-US': 'Rules', 'zh-TW': '規則' },
  'orderImport.template.rule.oneOrder': {
    'zh-CN':
      '一个客户单号 = 一个订单：填写相同客户单号的各行（不必相邻）合为一个订单；客户单号留空的行各自为一个订单，单号在提交时生成。',
    'en-US':
      'One reference number = one order: rows with the same reference number (anywhere in the sheet) make one order; a row with a blank reference number is an order by itself and gets a number when committed.',
    'zh-TW':
      '一個客戶單號 = 一個訂單：填寫相同客戶單號的各列（不必相鄰）合為一個訂單；客戶單號留空的列各自為一個訂單，單號在提交時產生。',
  },
  'orderImport.template.rule.leadRow': {
    'zh-CN':
      '同一订单的第一行为首行，填写订单和收件人各列；其他行这些列留空或填写完全相同的内容，内容不同会被标为错误。',
    'en-US':
      'The first row of an order is its lead row and carries the order and consignee columns; its other rows leave those blank or repeat them exactly — a different value is marked as an error.',
    'zh-TW':
      '同一訂單的第一列為首列，填寫訂單和收件人各欄；其他列這些欄留空或填寫完全相同的內容，內容不同會被標為錯誤。',
  },
  'orderImport.template.rule.parcelsItems': {
    'zh-CN':
      '同一订单中，每一行填了包裹重量就增加一个包裹，每一行填了品名就增加一个申报物品（示例中的 {example} 为两行一单：两个包裹、两个物品）。',
    'en-US':
      'Within an order, every row with a parcel weight adds a parcel and every row with an item name adds a declared item (the example {example} is one order on two rows: two parcels, two items).',
    'zh-TW':
      '同一訂單中，每一列填了包裹重量就增加一個包裹，每一列填了品名就增加一個申報物品（範例中的 {example} 為兩列一單：兩個包裹、兩個物品）。',
  },
  'orderImport.template.rule.money': {
    'zh-CN': '金额按元填写（主单位，如 12.50），不是分；重量按千克，尺寸按厘米。',
    'en-US': 'Money in major units (e.g. 12.50), not cents; weights in kilograms, sizes in centimeters.',
    'zh-TW': '金額按元填寫（主單位，如 12.50），不是分；重量按公斤，尺寸按公分。',
  },
  'orderImport.template.rule.product': {
    'zh-CN': '产品代码留空的行使用上传页面上选择的产品；产品代码列的下拉列表列出了您可用的产品代码。',
    'en-US':
      'A row without a product code uses the product chosen on the upload page; the product code drop-down lists the codes you may use.',
    'zh-TW': '產品代碼留空的列使用上傳頁面上選擇的產品；產品代碼欄的下拉清單列出了您可用的產品代碼。',
  },
  'orderImport.template.rule.limits': {
    'zh-CN': '每个文件最多 {rows} 行、{megabytes} MB，只读取第一个工作表；请删除示例行后再填写。',
    'en-US':
      'At most {rows} rows and {megabytes} MB per file; only the first sheet is read. Delete the example rows before filling in your own.',
    'zh-TW': '每個檔案最多 {rows} 列、{megabytes} MB，只讀取第一個工作表；請刪除範例列後再填寫。',
  },
  'orderImport.template.rule.dropDown': {
    'zh-CN': '国家、贸易条款、币种、是/否列带有下拉列表；国家也可填写中文或英文名称。',
    'en-US':
      'Country, customs terms, currency and yes/no columns have drop-down lists; a country may also be typed as its name.',
    'zh-TW': '國家、貿易條款、幣別、是/否欄帶有下拉清單；國家也可填寫中文或英文名稱。',
  },
  'orderImport.template.listsSheet': { 'zh-CN': '列表', 'en-US': 'lists', 'zh-TW': '清單' },
  'orderImport.template.notInList': {
    'zh-CN': '请从下拉列表中选择',
    'en-US': 'Please pick a value from the list',
    'zh-TW': '請從下拉清單中選擇',
  },
  'orderImport.template.example.itemCn1': { 'zh-CN': 'T恤', 'en-US': 'T恤', 'zh-TW': 'T恤' },
  'orderImport.template.example.itemCn2': { 'zh-CN': '帽子', 'en-US': '帽子', 'zh-TW': '帽子' },
  'orderImport.template.example.itemCn3': { 'zh-CN': '手机壳', 'en-US': '手机壳', 'zh-TW': '手機殼' },
  'orderImport.template.example.remark': {
    'zh-CN': '示例：两行一单',
    'en-US': 'Example: one order on two rows',
    'zh-TW': '範例：兩列一單',
  },

  'orderImport.report.fileName': {
    'zh-CN': '批量下单错误报告',
    'en-US': 'batch-order-errors',
    'zh-TW': '批次下單錯誤報告',
  },
  'orderImport.report.errors': { 'zh-CN': '错误', 'en-US': 'Errors', 'zh-TW': '錯誤' },
  'orderImport.report.state': { 'zh-CN': '状态', 'en-US': 'State', 'zh-TW': '狀態' },
  'orderImport.report.state.valid': { 'zh-CN': '可下单', 'en-US': 'Valid', 'zh-TW': '可下單' },
  'orderImport.report.state.invalid': { 'zh-CN': '有错误', 'en-US': 'Has errors', 'zh-TW': '有錯誤' },
  'orderImport.report.state.excluded': { 'zh-CN': '已排除', 'en-US': 'Excluded', 'zh-TW': '已排除' },
  'orderImport.report.state.created': { 'zh-CN': '已创建', 'en-US': 'Created', 'zh-TW': '已建立' },
});
