import { InvoiceTitleMessage } from '@portal/contracts/invoice-title';
import { defineMessages } from '../../lib/messages.ts';

/** Field errors of the invoice title form, keyed as the contracts' schema reports them. */
export const invoiceTitleMessages = defineMessages({
  [InvoiceTitleMessage.TaxNoInvalid]: {
    'zh-CN': '统一社会信用代码不正确，请核对 18 位代码及最后一位校验码',
    'en-US':
      'The unified social credit code is not valid: check its 18 characters and the final check character',
    'zh-TW': '統一社會信用代碼不正確，請核對 18 位代碼及最後一位校驗碼',
  },
  [InvoiceTitleMessage.EmailInvalid]: {
    'zh-CN': '邮箱格式不正确',
    'en-US': 'The email address is not valid',
    'zh-TW': '電子郵件格式不正確',
  },
  'invoiceTitle.saved': {
    'zh-CN': '发票抬头已保存',
    'en-US': 'Invoice title saved',
    'zh-TW': '發票抬頭已儲存',
  },
});
