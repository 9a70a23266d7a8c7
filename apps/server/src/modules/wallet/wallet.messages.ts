import { defineMessages } from '../../lib/messages.ts';

/** Texts of the wallet; `{shortfall}` is an amount written with its currency (`¥12.34`). */
export const walletMessages = defineMessages({
  'wallet.insufficientBalance': {
    'zh-CN': '余额不足，还差 {shortfall}，请先充值',
    'en-US': 'Insufficient balance: {shortfall} short. Please top up first',
    'zh-TW': '餘額不足，還差 {shortfall}，請先儲值',
  },
  'wallet.insufficientBalanceAskFinance': {
    'zh-CN': '余额不足，请联系公司财务充值后再提交',
    'en-US': "The balance does not cover this. Ask your company's finance team to top up, then submit again",
    'zh-TW': '餘額不足，請聯絡公司財務儲值後再提交',
  },
});
