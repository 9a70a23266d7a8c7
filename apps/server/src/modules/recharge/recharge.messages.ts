import { defineMessages } from '../../lib/messages.ts';

/** Texts of recharges, the payment journey and the public top-up page. */
export const rechargeMessages = defineMessages({
  'recharge.amountRange': {
    'zh-CN': '充值金额须在 1.00 到 1,000,000.00 之间',
    'en-US': 'The amount must be between 1.00 and 1,000,000.00',
    'zh-TW': '儲值金額須在 1.00 到 1,000,000.00 之間',
  },
  'recharge.created': {
    'zh-CN': '充值订单已创建',
    'en-US': 'Recharge order created',
    'zh-TW': '儲值訂單已建立',
  },
  'recharge.voucherUploaded': {
    'zh-CN': '转账凭证已提交，待财务确认',
    'en-US': 'Transfer voucher submitted; waiting for confirmation by finance',
    'zh-TW': '轉帳憑證已提交，待財務確認',
  },
  'recharge.currencyNotAllowed': {
    'zh-CN': '不支持该币种的充值：{currencyCode}',
    'en-US': 'Recharges in this currency are not supported: {currencyCode}',
    'zh-TW': '不支援該幣種的儲值：{currencyCode}',
  },
  'recharge.onlineCnyOnly': {
    'zh-CN': '支付宝和微信支付仅支持人民币充值',
    'en-US': 'Alipay and WeChat Pay accept CNY only',
    'zh-TW': '支付寶和微信支付僅支援人民幣儲值',
  },
  'recharge.notPending': {
    'zh-CN': '该充值订单已不是待支付状态',
    'en-US': 'This recharge is no longer waiting for payment',
    'zh-TW': '該儲值訂單已不是待支付狀態',
  },
  'recharge.expired': {
    'zh-CN': '该充值订单已过期，请重新发起充值',
    'en-US': 'This recharge has expired; please create a new one',
    'zh-TW': '該儲值訂單已過期，請重新發起儲值',
  },
  'recharge.wrongChannel': {
    'zh-CN': '该充值订单不是此支付方式',
    'en-US': 'This recharge is not paid through this channel',
    'zh-TW': '該儲值訂單不是此支付方式',
  },
  'recharge.payTokenInvalid': {
    'zh-CN': '支付链接无效，请重新发起充值',
    'en-US': 'The payment link is not valid; please start the recharge again',
    'zh-TW': '支付連結無效，請重新發起儲值',
  },
  'recharge.alreadyPaid': {
    'zh-CN': '该充值订单已到账',
    'en-US': 'This recharge has already been credited',
    'zh-TW': '該儲值訂單已到帳',
  },
  'recharge.providerUnavailable': {
    'zh-CN': '支付平台暂时无法连接，请稍后重试',
    'en-US': 'The payment provider cannot be reached right now; please try again shortly',
    'zh-TW': '支付平台暫時無法連線，請稍後重試',
  },
  'recharge.tradeNoTaken': {
    'zh-CN': '该流水号已用于另一笔充值：{tradeNo}',
    'en-US': 'This reference already credited another recharge: {tradeNo}',
    'zh-TW': '該流水號已用於另一筆儲值：{tradeNo}',
  },
  'recharge.notBankTransfer': {
    'zh-CN': '只有银行转账的充值需要人工确认',
    'en-US': 'Only bank-transfer recharges are confirmed by staff',
    'zh-TW': '只有銀行轉帳的儲值需要人工確認',
  },
  'recharge.confirmed': {
    'zh-CN': '已确认到账',
    'en-US': 'Confirmed and credited',
    'zh-TW': '已確認到帳',
  },
  'recharge.rejected': {
    'zh-CN': '已驳回该转账凭证',
    'en-US': 'Voucher rejected',
    'zh-TW': '已駁回該轉帳憑證',
  },
  // Why a recharge failed or was closed (statusReason).
  'recharge.reason.declined': {
    'zh-CN': '付款人取消了支付',
    'en-US': 'The payer declined the payment',
    'zh-TW': '付款人取消了支付',
  },
  'recharge.reason.expired': {
    'zh-CN': '超时未支付，订单已关闭',
    'en-US': 'Not paid in time; the order was closed',
    'zh-TW': '逾時未支付，訂單已關閉',
  },
  'recharge.reason.closedByProvider': {
    'zh-CN': '支付平台已关闭该交易',
    'en-US': 'The payment provider closed the transaction',
    'zh-TW': '支付平台已關閉該交易',
  },
  'recharge.reason.voucherRejected': {
    'zh-CN': '转账凭证未通过审核：{note}',
    'en-US': 'The transfer voucher was rejected: {note}',
    'zh-TW': '轉帳憑證未通過審核：{note}',
  },
  // The voucher upload.
  'recharge.voucher.noFile': {
    'zh-CN': '请上传转账凭证（图片或 PDF）',
    'en-US': 'Please upload the transfer voucher (an image or a PDF)',
    'zh-TW': '請上傳轉帳憑證（圖片或 PDF）',
  },
  'recharge.voucher.empty': {
    'zh-CN': '上传的文件是空的',
    'en-US': 'The uploaded file is empty',
    'zh-TW': '上傳的檔案是空的',
  },
  'recharge.voucher.type': {
    'zh-CN': '转账凭证只能是 PNG、JPEG、WebP 图片或 PDF 文件',
    'en-US': 'The voucher must be a PNG, JPEG or WebP image or a PDF file',
    'zh-TW': '轉帳憑證只能是 PNG、JPEG、WebP 圖片或 PDF 檔案',
  },
  'recharge.voucher.tooLarge': {
    'zh-CN': '转账凭证不能超过 {megabytes} MB',
    'en-US': 'The voucher may be at most {megabytes} MB',
    'zh-TW': '轉帳憑證不能超過 {megabytes} MB',
  },
  'recharge.voucher.malformed': {
    'zh-CN': '上传内容无法识别，请重新选择文件上传',
    'en-US': 'The upload could not be read; please choose the file and upload it again',
    'zh-TW': '上傳內容無法識別，請重新選擇檔案上傳',
  },
  // The signed-in voucher upload's caps per customer (config VOUCHER_*).
  'recharge.voucher.tooManyPending': {
    'zh-CN': '已有 {max} 笔银行转账等待财务确认，请确认后再上传新的转账凭证',
    'en-US':
      'You already have {max} bank transfers waiting for confirmation by finance; please upload a new voucher once they are decided',
    'zh-TW': '已有 {max} 筆銀行轉帳等待財務確認，請確認後再上傳新的轉帳憑證',
  },
  'recharge.voucher.tooManyUploads': {
    'zh-CN': '转账凭证上传过于频繁，请 {minutes} 分钟后再试',
    'en-US': 'Too many transfer vouchers uploaded; please try again in {minutes} min',
    'zh-TW': '轉帳憑證上傳過於頻繁，請 {minutes} 分鐘後再試',
  },
  // The public /topUp page.
  'topUp.customerNotFound': {
    'zh-CN': '未找到该客户编码，请核对后重试',
    'en-US': 'No customer with this code; please check it and try again',
    'zh-TW': '未找到該客戶編碼，請核對後重試',
  },
  'topUp.tooManyLookups': {
    'zh-CN': '查询过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many look-ups; please try again in {seconds} seconds',
    'zh-TW': '查詢過於頻繁，請 {seconds} 秒後再試',
  },
  'topUp.tooManyRecharges': {
    'zh-CN': '充值过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many top-ups from this address; please try again in {seconds} seconds',
    'zh-TW': '充值過於頻繁，請 {seconds} 秒後再試',
  },
  'topUp.lookupExpired': {
    'zh-CN': '客户确认已过期，请重新输入客户编码',
    'en-US': 'The customer confirmation has expired; please enter the customer code again',
    'zh-TW': '客戶確認已過期，請重新輸入客戶編碼',
  },
  'sandbox.notInUse': {
    'zh-CN': '模拟收银台未启用',
    'en-US': 'The sandbox cashier is not in use',
    'zh-TW': '模擬收銀台未啟用',
  },
  'sandbox.approved': {
    'zh-CN': '已模拟付款成功，正在通知到账',
    'en-US': 'Payment approved in the sandbox; the notification is on its way',
    'zh-TW': '已模擬付款成功，正在通知到帳',
  },
  'sandbox.declined': {
    'zh-CN': '已模拟取消支付',
    'en-US': 'Payment declined in the sandbox',
    'zh-TW': '已模擬取消支付',
  },
  'ops.recharge.notFound': {
    'zh-CN': '充值订单不存在：{rechargeNo}',
    'en-US': 'No recharge {rechargeNo}',
    'zh-TW': '儲值訂單不存在：{rechargeNo}',
  },
  'ops.recharge.noVoucher': {
    'zh-CN': '该充值订单没有转账凭证',
    'en-US': 'This recharge has no transfer voucher',
    'zh-TW': '該儲值訂單沒有轉帳憑證',
  },
});
