import { defineMessages } from '../../lib/messages.ts';

/** Texts of bills and write-offs; `{outstanding}` is an amount written with its currency (`¥12.34`). */
export const billMessages = defineMessages({
  'bill.periodInvalid': {
    'zh-CN': '账期格式不正确，应如 2026-10（按周出账时如 2026-W44）',
    'en-US': 'The period is not valid: it looks like 2026-10 (2026-W44 when bills are weekly)',
    'zh-TW': '帳期格式不正確，應如 2026-10（按週出帳時如 2026-W44）',
  },
  'bill.periodNotPast': {
    'zh-CN': '账期 {period} 尚未结束，只能为已结束的账期出账',
    'en-US': 'The period {period} has not ended yet; bills are issued for past periods only',
    'zh-TW': '帳期 {period} 尚未結束，只能為已結束的帳期出帳',
  },
  'bill.notFound': {
    'zh-CN': '账单 {billNo} 不存在',
    'en-US': 'Bill {billNo} does not exist',
    'zh-TW': '帳單 {billNo} 不存在',
  },
  'bill.currencyNotBilled': {
    'zh-CN': '账单 {billNo} 没有 {currencyCode} 币种的金额',
    'en-US': 'Bill {billNo} has no amount in {currencyCode}',
    'zh-TW': '帳單 {billNo} 沒有 {currencyCode} 幣種的金額',
  },
  'bill.writeOffTooLarge': {
    'zh-CN': '核销金额超过账单未结金额 {outstanding}',
    'en-US': 'The write-off is more than the bill still owes ({outstanding})',
    'zh-TW': '核銷金額超過帳單未結金額 {outstanding}',
  },
  'bill.writeOffAmount': {
    'zh-CN': '核销金额必须是大于 0 的整数（最小货币单位）',
    'en-US': 'The write-off amount must be a whole number of minor units above 0',
    'zh-TW': '核銷金額必須是大於 0 的整數（最小貨幣單位）',
  },
  'bill.currencyInvalid': {
    'zh-CN': '币种应为三位字母代码，如 CNY',
    'en-US': 'The currency must be a three-letter code such as CNY',
    'zh-TW': '幣種應為三位字母代碼，如 CNY',
  },
  'bill.numberInvalid': {
    'zh-CN': '账单号格式不正确',
    'en-US': 'The bill number is not valid',
    'zh-TW': '帳單號格式不正確',
  },
  'bill.issued': {
    'zh-CN': '已为账期 {period} 出账 {count} 张',
    'en-US': '{count} bill(s) issued for {period}',
    'zh-TW': '已為帳期 {period} 出帳 {count} 張',
  },
  'bill.writtenOff': {
    'zh-CN': '核销成功',
    'en-US': 'Written off',
    'zh-TW': '核銷成功',
  },
});
