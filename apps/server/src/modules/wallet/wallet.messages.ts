import { defineMessages } from '../../lib/messages.ts';

/** Texts of the wallet; `{shortfall}` is an amount written with its currency (`¥12.34`). */
export const walletMessages = defineMessages({
  'wallet.insufficientBalance': {
    'zh-CN': '余额不足，还差 {shortfall}，请先充值',
    'en-US': 'Insufficient balance: {shortfall} short. Please top up first',
    'zh-TW': '餘額不足，還差 {shortfall}，請先儲值',
  },
});
