import { ADDRESS_MESSAGES } from '@portal/contracts/address';
import { defineMessages } from '../../lib/messages.ts';

/** Validation texts shared with the web app (from the contract), then the server's own address messages. */
defineMessages(ADDRESS_MESSAGES);

export const addressMessages = defineMessages({
  'address.saved': { 'zh-CN': '地址已保存', 'en-US': 'Address saved', 'zh-TW': '地址已儲存' },
  'address.deleted': {
    'zh-CN': '已删除 {count} 个地址',
    'en-US': '{count} address(es) deleted',
    'zh-TW': '已刪除 {count} 個地址',
  },
  'address.defaultSet': {
    'zh-CN': '已设为默认地址',
    'en-US': 'Set as the default address',
    'zh-TW': '已設為預設地址',
  },
  'address.import.done': {
    'zh-CN': '成功导入 {count} 个地址',
    'en-US': '{count} address(es) imported',
    'zh-TW': '成功匯入 {count} 個地址',
  },
  'address.import.failed': {
    'zh-CN': '导入失败：共 {count} 处错误，未导入任何数据，请修改后重新上传',
    'en-US':
      'Import failed: {count} problem(s) found and nothing was imported; please fix them and upload again',
    'zh-TW': '匯入失敗：共 {count} 處錯誤，未匯入任何資料，請修改後重新上傳',
  },
  'address.import.noFile': {
    'zh-CN': '请选择要导入的 Excel 文件（.xlsx）',
    'en-US': 'Please choose an Excel file (.xlsx) to import',
    'zh-TW': '請選擇要匯入的 Excel 檔案（.xlsx）',
  },
  'address.import.notXlsx': {
    'zh-CN': '文件不是有效的 Excel 文件（.xlsx），请使用导入模板',
    'en-US': 'The file is not a valid Excel workbook (.xlsx); please use the import template',
    'zh-TW': '檔案不是有效的 Excel 檔案（.xlsx），請使用匯入範本',
  },
  'address.import.tooLarge': {
    'zh-CN': '文件过大，最大 {maxMb} MB',
    'en-US': 'The file is too large; the limit is {maxMb} MB',
    'zh-TW': '檔案過大，上限 {maxMb} MB',
  },
  'address.import.zipBomb': {
    'zh-CN': '文件解压后体积异常，已拒绝处理',
    'en-US': 'The file would unpack to an abnormal size and was refused',
    'zh-TW': '檔案解壓縮後體積異常，已拒絕處理',
  },
  'address.import.unreadable': {
    'zh-CN': '无法读取该 Excel 文件，请另存为 .xlsx 后重试',
    'en-US': 'The workbook could not be read; please save it as .xlsx and try again',
    'zh-TW': '無法讀取該 Excel 檔案，請另存為 .xlsx 後重試',
  },
  'address.import.noRows': {
    'zh-CN': '文件中没有地址数据',
    'en-US': 'The file contains no addresses',
    'zh-TW': '檔案中沒有地址資料',
  },
  'address.import.tooManyRows': {
    'zh-CN': '一次最多导入 {max} 行',
    'en-US': 'At most {max} rows can be imported at once',
    'zh-TW': '一次最多匯入 {max} 列',
  },
  'address.import.missingColumn': {
    'zh-CN': '缺少此列',
    'en-US': 'This column is missing',
    'zh-TW': '缺少此欄',
  },
  'address.import.typeInvalid': {
    'zh-CN': '请填写“发件人”或“收件人”',
    'en-US': 'Enter "Sender" or "Receiver"',
    'zh-TW': '請填寫「寄件人」或「收件人」',
  },
  'address.import.booleanInvalid': {
    'zh-CN': '请填写“是”或“否”',
    'en-US': 'Enter "Yes" or "No"',
    'zh-TW': '請填寫「是」或「否」',
  },
  'address.import.duplicateDefault': {
    'zh-CN': '同一类型只能有一个默认地址',
    'en-US': 'Only one address of each type can be the default',
    'zh-TW': '同一類型只能有一個預設地址',
  },
  'address.import.doneSkipped': {
    'zh-CN': '成功导入 {count} 个地址，跳过 {skipped} 个重复地址',
    'en-US': '{count} address(es) imported, {skipped} duplicate(s) skipped',
    'zh-TW': '成功匯入 {count} 個地址，略過 {skipped} 個重複地址',
  },
  'address.import.previewed': {
    'zh-CN': '文件中有 {rows} 个地址，其中 {duplicates} 个与已有地址或文件中其他行重复',
    'en-US': 'The file holds {rows} address(es); {duplicates} duplicate an existing address or another row',
    'zh-TW': '檔案中有 {rows} 個地址，其中 {duplicates} 個與既有地址或檔案中其他列重複',
  },
  'address.import.textTooLong': {
    'zh-CN': '文件中有单元格内容过长（超过 {maxKb} KB），已拒绝处理',
    'en-US': 'A cell in the file holds more than {maxKb} KB of text; the file was refused',
    'zh-TW': '檔案中有儲存格內容過長（超過 {maxKb} KB），已拒絕處理',
  },
  'address.import.unsafeXml': {
    'zh-CN': '文件包含不允许的结构（DTD、实体声明或过深的嵌套），已拒绝处理',
    'en-US':
      'The file contains structures that are not allowed (DTD, entity declarations or deep nesting); it was refused',
    'zh-TW': '檔案包含不允許的結構（DTD、實體宣告或過深的巢狀），已拒絕處理',
  },
  'address.import.malformed': {
    'zh-CN': '上传内容不完整或格式有误，请重新选择文件上传',
    'en-US': 'The upload was incomplete or malformed; please choose the file and upload it again',
    'zh-TW': '上傳內容不完整或格式有誤，請重新選擇檔案上傳',
  },
  'address.yes': { 'zh-CN': '是', 'en-US': 'Yes', 'zh-TW': '是' },
  'address.no': { 'zh-CN': '否', 'en-US': 'No', 'zh-TW': '否' },
  'address.sheet.addresses': { 'zh-CN': '地址', 'en-US': 'Addresses', 'zh-TW': '地址' },
  'address.sheet.instructions': { 'zh-CN': '填写说明', 'en-US': 'Instructions', 'zh-TW': '填寫說明' },
  'address.file.export': { 'zh-CN': '地址簿', 'en-US': 'address-book', 'zh-TW': '地址簿' },
  'address.file.template': {
    'zh-CN': '地址导入模板',
    'en-US': 'address-import-template',
    'zh-TW': '地址匯入範本',
  },
  'address.template.column': { 'zh-CN': '列名', 'en-US': 'Column', 'zh-TW': '欄位' },
  'address.template.required': { 'zh-CN': '必填', 'en-US': 'Required', 'zh-TW': '必填' },
  'address.template.note': { 'zh-CN': '说明', 'en-US': 'Notes', 'zh-TW': '說明' },
  'address.template.conditional': { 'zh-CN': '视情况', 'en-US': 'Depends', 'zh-TW': '視情況' },
  'address.template.note.addressType': {
    'zh-CN': '发件人 或 收件人',
    'en-US': 'Sender or Receiver',
    'zh-TW': '寄件人 或 收件人',
  },
  'address.template.note.phone': {
    'zh-CN': '中国地址请填写手机号或固定电话，如 13800138000、0755-12345678',
    'en-US': 'For China, a mobile or landline number such as 13800138000 or 0755-12345678',
    'zh-TW': '中國地址請填寫手機號或市話，如 13800138000、0755-12345678',
  },
  'address.template.note.countryCode': {
    'zh-CN': '两位国家/地区代码（如 CN、US）或名称（如 中国、美国）',
    'en-US': 'Two-letter code (e.g. CN, US) or name (e.g. China, United States)',
    'zh-TW': '兩位國家/地區代碼（如 CN、US）或名稱（如 中國、美國）',
  },
  'address.template.note.province': {
    'zh-CN': '中国地址必填：省份全称或简称，如 广东省 或 广东',
    'en-US': 'Required for China: the province, e.g. 广东省 or 广东',
    'zh-TW': '中國地址必填：省份全稱或簡稱，如 广东省 或 广东',
  },
  'address.template.note.district': {
    'zh-CN': '中国地址：城市下设区县时必填',
    'en-US': 'For China: required when the city has districts',
    'zh-TW': '中國地址：城市下設區縣時必填',
  },
  'address.template.note.postalCode': {
    'zh-CN': '美国、英国、德国、日本等有固定格式的国家/地区必填并校验格式',
    'en-US': 'Required and checked for countries with a fixed format (US, GB, DE, JP, …)',
    'zh-TW': '美國、英國、德國、日本等有固定格式的國家/地區必填並校驗格式',
  },
  'address.template.note.isDefault': {
    'zh-CN': '是 或 否；每种类型最多一个默认地址',
    'en-US': 'Yes or No; at most one default per address type',
    'zh-TW': '是 或 否；每種類型最多一個預設地址',
  },
  'address.template.note.example': {
    'zh-CN': '第 1 行为列名，请从第 2 行开始填写；本页不会被导入。',
    'en-US': 'Row 1 holds the column names; enter addresses from row 2. This sheet is not imported.',
    'zh-TW': '第 1 列為欄位名稱，請從第 2 列開始填寫；本頁不會被匯入。',
  },
});
