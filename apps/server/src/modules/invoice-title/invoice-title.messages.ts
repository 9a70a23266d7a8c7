import { INVOICE_TITLE_MESSAGES } from '@portal/contracts/invoice-title';
import { defineMessages } from '../../lib/messages.ts';

/** Field errors of the invoice title form: the contract's texts, which the web's check on blur shows too. */
defineMessages(INVOICE_TITLE_MESSAGES);

defineMessages({
  'invoiceTitle.saved': {
    'zh-CN': '发票抬头已保存',
    'en-US': 'Invoice title saved',
    'zh-TW': '發票抬頭已儲存',
  },
});
