import { defineMessages } from '../../lib/messages.ts';

/**
 * Titles and bodies of the notifications the portal's own events write (the `account` module registers
 * the certification ones next to its decision), and the answers of the notification calls.
 */
defineMessages({
  'notification.rechargeCredited.title': {
    'zh-CN': '充值已到账',
    'en-US': 'Top-up credited',
    'zh-TW': '儲值已入帳',
  },
  'notification.rechargeCredited.body': {
    'zh-CN': '充值单 {rechargeNo} 的 {amount} 已到账，当前余额 {balance}',
    'en-US': 'Top-up {rechargeNo}: {amount} has been credited; the balance is now {balance}',
    'zh-TW': '儲值單 {rechargeNo} 的 {amount} 已入帳，目前餘額 {balance}',
  },
  'notification.rechargeClosed.title': {
    'zh-CN': '充值单已关闭',
    'en-US': 'Top-up closed',
    'zh-TW': '儲值單已關閉',
  },
  'notification.rechargeClosed.body': {
    'zh-CN': '充值单 {rechargeNo}（{amount}）未完成支付，已关闭',
    'en-US': 'Top-up {rechargeNo} ({amount}) was not paid and has been closed',
    'zh-TW': '儲值單 {rechargeNo}（{amount}）未完成付款，已關閉',
  },
  'notification.rechargeRejected.title': {
    'zh-CN': '充值未通过审核',
    'en-US': 'Top-up rejected',
    'zh-TW': '儲值未通過審核',
  },
  'notification.rechargeRejected.body': {
    'zh-CN': '充值单 {rechargeNo}（{amount}）未通过审核：{reason}',
    'en-US': 'Top-up {rechargeNo} ({amount}) was rejected: {reason}',
    'zh-TW': '儲值單 {rechargeNo}（{amount}）未通過審核：{reason}',
  },
  'notification.orderException.title': {
    'zh-CN': '订单异常',
    'en-US': 'Order exception',
    'zh-TW': '訂單異常',
  },
  'notification.orderException.body': {
    'zh-CN': '订单 {orderNo} 出现异常：{issue}',
    'en-US': 'Order {orderNo} has an exception: {issue}',
    'zh-TW': '訂單 {orderNo} 出現異常：{issue}',
  },
  'notification.weightAdjustment.title': {
    'zh-CN': '复重调整',
    'en-US': 'Weight adjustment',
    'zh-TW': '複重調整',
  },
  'notification.weightAdjustment.bodyCharged': {
    'zh-CN': '订单 {orderNo} 复重后计费重 {weight} kg，补扣费用 {amount}',
    'en-US': 'Order {orderNo} was weighed at a chargeable {weight} kg: {amount} more was charged',
    'zh-TW': '訂單 {orderNo} 複重後計費重 {weight} kg，補扣費用 {amount}',
  },
  'notification.weightAdjustment.bodyRefunded': {
    'zh-CN': '订单 {orderNo} 复重后计费重 {weight} kg，退回费用 {amount}',
    'en-US': 'Order {orderNo} was weighed at a chargeable {weight} kg: {amount} was refunded',
    'zh-TW': '訂單 {orderNo} 複重後計費重 {weight} kg，退回費用 {amount}',
  },
  'notification.balanceWarning.title': {
    'zh-CN': '余额不足提醒',
    'en-US': 'Low balance',
    'zh-TW': '餘額不足提醒',
  },
  'notification.balanceWarning.body': {
    'zh-CN': '{currency} 余额 {balance} 已低于您设置的提醒金额 {threshold}，请及时充值',
    'en-US':
      'Your {currency} balance {balance} is below the warning level {threshold} you set; please top up',
    'zh-TW': '{currency} 餘額 {balance} 已低於您設定的提醒金額 {threshold}，請及時儲值',
  },
  'notification.exportFinished.title': {
    'zh-CN': '导出完成',
    'en-US': 'Export finished',
    'zh-TW': '匯出完成',
  },
  'notification.exportFinished.body': {
    'zh-CN': '{fileName} 已生成，可在文件管理中下载',
    'en-US': '{fileName} is ready to download in file management',
    'zh-TW': '{fileName} 已產生，可在檔案管理中下載',
  },
  'notification.exportFailed.title': { 'zh-CN': '导出失败', 'en-US': 'Export failed', 'zh-TW': '匯出失敗' },
  'notification.exportFailed.body': {
    'zh-CN': '{fileName} 导出失败，请稍后重试',
    'en-US': 'The export of {fileName} failed; please try again later',
    'zh-TW': '{fileName} 匯出失敗，請稍後重試',
  },
  'notification.billIssued.title': { 'zh-CN': '账单已出具', 'en-US': 'Bill issued', 'zh-TW': '帳單已開立' },
  'notification.billIssued.body': {
    'zh-CN': '账单 {billNo}（{period}）已出具：{amounts}',
    'en-US': 'Bill {billNo} ({period}) has been issued: {amounts}',
    'zh-TW': '帳單 {billNo}（{period}）已開立：{amounts}',
  },
  'notification.systemAnnouncement.title': {
    'zh-CN': '系统公告',
    'en-US': 'System announcement',
    'zh-TW': '系統公告',
  },
  /** An operator's announcement: its text in the three languages is the param `text`. */
  'notification.systemAnnouncement.body': { 'zh-CN': '{text}', 'en-US': '{text}', 'zh-TW': '{text}' },
  'notification.announced': {
    'zh-CN': '公告已发送',
    'en-US': 'Announcement sent',
    'zh-TW': '公告已發送',
  },
  'notification.unknownCustomer': {
    'zh-CN': '客户编号 {code} 不存在',
    'en-US': 'No customer has the code {code}',
    'zh-TW': '客戶編號 {code} 不存在',
  },
  'notification.linkShape': {
    'zh-CN': '链接须为门户内的路径，以 / 开头',
    'en-US': 'The link must be a path inside the portal, starting with /',
    'zh-TW': '連結須為入口網站內的路徑，以 / 開頭',
  },
  'notification.marked': { 'zh-CN': '已标记为已读', 'en-US': 'Marked as read', 'zh-TW': '已標記為已讀' },
  'notification.thresholdSaved': {
    'zh-CN': '余额提醒已保存',
    'en-US': 'Balance warning saved',
    'zh-TW': '餘額提醒已儲存',
  },
});
