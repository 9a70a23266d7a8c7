import { defineMessages } from '../../lib/messages.ts';

/** The commit's answers and the reasons a commit fails (kept as key + params on the import, worded when read). */
export const orderImportCommitMessages = defineMessages({
  'orderImport.commitStarted': {
    'zh-CN': '正在创建 {count} 个订单',
    'en-US': 'Orders being created: {count}',
    'zh-TW': '正在建立 {count} 個訂單',
  },
  'orderImport.commitNotReady': {
    'zh-CN': '该批次正在提交、已经提交或尚未完成列映射，不能提交',
    'en-US': 'This batch is being committed, has been committed, or still needs its columns mapped',
    'zh-TW': '該批次正在提交、已經提交或尚未完成欄位對應，不能提交',
  },
  'orderImport.commitNothingValid': {
    'zh-CN': '没有可以创建的有效订单',
    'en-US': 'There is no valid order to create',
    'zh-TW': '沒有可以建立的有效訂單',
  },
  'orderImport.insufficientBalance': {
    'zh-CN': '余额不足：需要 {required}，可用 {available}',
    'en-US': 'Insufficient balance: {required} needed, {available} available',
    'zh-TW': '餘額不足：需要 {required}，可用 {available}',
  },
  'orderImport.commitProductUnusable': {
    'zh-CN': '第 {row} 行：产品 {productCode} 现在不能用于该订单，请修改后再提交',
    'en-US': 'Row {row}: product {productCode} can no longer ship this order; change it and commit again',
    'zh-TW': '第 {row} 列：產品 {productCode} 現在不能用於該訂單，請修改後再提交',
  },
  'orderImport.commitNoTaken': {
    'zh-CN': '第 {row} 行：客户单号 {customerOrderNo} 已被其他订单使用',
    'en-US': 'Row {row}: reference number {customerOrderNo} is already used by another order',
    'zh-TW': '第 {row} 列：客戶單號 {customerOrderNo} 已被其他訂單使用',
  },
  'orderImport.commitRowRefused': {
    'zh-CN': '第 {row} 行的订单无法创建，请检查后再提交',
    'en-US': 'The order of row {row} cannot be created; check it and commit again',
    'zh-TW': '第 {row} 列的訂單無法建立，請檢查後再提交',
  },
  'orderImport.commitSenderGone': {
    'zh-CN': '发件地址已不存在，请重新选择发件人后再提交',
    'en-US': 'The sender address no longer exists; choose a sender and commit again',
    'zh-TW': '寄件地址已不存在，請重新選擇寄件人後再提交',
  },
  'orderImport.commitAccountBlocked': {
    'zh-CN': '账户已冻结或欠费，不能创建订单；没有创建任何订单',
    'en-US': 'The account is frozen or in arrears, so no order was created',
    'zh-TW': '帳戶已凍結或欠費，不能建立訂單；沒有建立任何訂單',
  },
  'orderImport.commitFailed': {
    'zh-CN': '批量创建失败，没有创建任何订单，请重试',
    'en-US': 'The batch could not be created; no order was created. Please try again',
    'zh-TW': '批次建立失敗，沒有建立任何訂單，請重試',
  },
});
