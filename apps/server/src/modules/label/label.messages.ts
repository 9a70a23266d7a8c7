import { defineMessages } from '../../lib/messages.ts';

/** The label module's answers, and the fixed words printed on a label. */
export const labelMessages = defineMessages({
  'label.busy': {
    'zh-CN': '系统正在打印较多面单，请稍后再试',
    'en-US': 'The server is busy printing other labels; please try again shortly',
    'zh-TW': '系統正在列印較多標籤，請稍後再試',
  },
  'label.ordersNotFound': {
    'zh-CN': '{count} 个订单不存在：{ids}；未打印任何面单',
    'en-US': '{count} order(s) not found: {ids}; no label was printed',
    'zh-TW': '{count} 筆訂單不存在：{ids}；未列印任何標籤',
  },
  'label.notPrintable': {
    'zh-CN': '以下订单还没有运单号或已取消，不能打印面单：{numbers}；未打印任何面单',
    'en-US':
      'These orders have no waybill number yet or are canceled, so they have no label: {numbers}; no label was printed',
    'zh-TW': '以下訂單尚無運單號或已取消，不能列印標籤：{numbers}；未列印任何標籤',
  },
  'label.fileTitle': { 'zh-CN': '面单', 'en-US': 'Labels', 'zh-TW': '標籤' },
  'label.caption.from': { 'zh-CN': '寄件人 FROM', 'en-US': 'FROM', 'zh-TW': '寄件人 FROM' },
  'label.caption.to': { 'zh-CN': '收件人 TO', 'en-US': 'TO', 'zh-TW': '收件人 TO' },
  'label.caption.parcel': { 'zh-CN': '件数', 'en-US': 'Parcel', 'zh-TW': '件數' },
  'label.caption.forecastWeight': { 'zh-CN': '预报重量', 'en-US': 'Forecast weight', 'zh-TW': '預報重量' },
  'label.caption.chargeableWeight': {
    'zh-CN': '计费重量',
    'en-US': 'Chargeable weight',
    'zh-TW': '計費重量',
  },
  'label.caption.reference': { 'zh-CN': '客户单号', 'en-US': 'Ref.', 'zh-TW': '客戶單號' },
  'label.caption.contents': { 'zh-CN': '内件', 'en-US': 'Contents', 'zh-TW': '內件' },
  'label.caption.product': { 'zh-CN': '产品', 'en-US': 'Product', 'zh-TW': '產品' },
});
