import { defineMessages } from '../../lib/messages.ts';

/** Texts of the operations API and command line, and the standard descriptions of the journey's events. */
export const operationsMessages = defineMessages({
  'operations.keyRefused': {
    'zh-CN': '操作员密钥缺失或无效',
    'en-US': 'The operator key is missing or not valid',
    'zh-TW': '操作員金鑰缺少或無效',
  },
  'operations.tooManyKeyFailures': {
    'zh-CN': '密钥错误次数过多，请稍后再试',
    'en-US': 'Too many wrong keys; please try again later',
    'zh-TW': '金鑰錯誤次數過多，請稍後再試',
  },
  'operations.addressOrder': {
    'zh-CN': '请提供运单号，或客户编码加客户单号（二选一）',
    'en-US': 'Give the waybill number, or the customer code with the reference number (one of the two)',
    'zh-TW': '請提供運單號，或客戶編碼加客戶單號（二擇一）',
  },
  'operations.numberShape': {
    'zh-CN': '单号只能包含字母、数字和 - _ . /',
    'en-US': 'A number may contain only letters, digits and - _ . /',
    'zh-TW': '單號只能包含字母、數字和 - _ . /',
  },
  'operations.statusCodeShape': {
    'zh-CN': '状态代码应为大写字母开头的大写字母、数字或下划线，最多 32 个',
    'en-US': 'A status code is up to 32 capital letters, digits or underscores, starting with a letter',
    'zh-TW': '狀態代碼應為大寫字母開頭的大寫字母、數字或底線，最多 32 個',
  },
  'operations.orderNotFound': {
    'zh-CN': '找不到订单 {number}',
    'en-US': 'No order {number}',
    'zh-TW': '找不到訂單 {number}',
  },
  'operations.futureTime': {
    'zh-CN': '时间不能晚于现在',
    'en-US': 'The time must not be in the future',
    'zh-TW': '時間不能晚於現在',
  },
  'operations.parcelCount': {
    'zh-CN': '订单 {customerOrderNo} 有 {expected} 个包裹，称重数据有 {given} 个',
    'en-US': 'Order {customerOrderNo} has {expected} parcel(s); the weigh-in lists {given}',
    'zh-TW': '訂單 {customerOrderNo} 有 {expected} 個包裹，稱重資料有 {given} 個',
  },
  'operations.notWeighable': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，不能称重',
    'en-US': 'Order {customerOrderNo} is {status} and cannot be weighed',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，不能稱重',
  },
  'operations.notWeighedYet': {
    'zh-CN': '订单 {customerOrderNo} 尚未称重，请先收货称重',
    'en-US': 'Order {customerOrderNo} has not been weighed; receive and weigh it first',
    'zh-TW': '訂單 {customerOrderNo} 尚未稱重，請先收貨稱重',
  },
  'operations.unpriceable': {
    'zh-CN': '按实际重量和尺寸，产品 {productCode} 无法承运：{reasons}。请标记异常',
    'en-US':
      'At the measured weight and size, product {productCode} cannot carry it: {reasons}. Mark an exception',
    'zh-TW': '按實際重量和尺寸，產品 {productCode} 無法承運：{reasons}。請標記異常',
  },
  'operations.noEvents': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，不能添加轨迹',
    'en-US': 'Order {customerOrderNo} is {status}; tracking events cannot be added',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，不能新增軌跡',
  },
  'operations.noLastMile': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，不能设置尾程单号',
    'en-US': 'Order {customerOrderNo} is {status}; the last-mile number cannot be set',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，不能設定尾程單號',
  },
  'operations.unknownIssueKind': {
    'zh-CN': '没有启用的问题类型 {code}',
    'en-US': 'No enabled issue kind {code}',
    'zh-TW': '沒有啟用的問題類型 {code}',
  },
  'operations.done': { 'zh-CN': '操作成功', 'en-US': 'Done', 'zh-TW': '操作成功' },
  'operations.unchanged': {
    'zh-CN': '订单已是此状态，未做任何更改',
    'en-US': 'The order is already in this state; nothing changed',
    'zh-TW': '訂單已是此狀態，未做任何變更',
  },
  // The standard descriptions of the events each step writes, in the operator's language.
  'operations.event.RECEIVED': {
    'zh-CN': '包裹已到仓并完成称重',
    'en-US': 'Parcel received at the warehouse and weighed',
    'zh-TW': '包裹已到倉並完成稱重',
  },
  'operations.event.REWEIGHED': {
    'zh-CN': '包裹已重新称重',
    'en-US': 'Parcel weighed again',
    'zh-TW': '包裹已重新稱重',
  },
  'operations.event.IN_TRANSIT': {
    'zh-CN': '包裹已出库，运输中',
    'en-US': 'Parcel departed; in transit',
    'zh-TW': '包裹已出庫，運輸中',
  },
  'operations.event.HANDED_OVER': {
    'zh-CN': '已交付尾程承运商 {carrier}，尾程单号 {lastMileNo}',
    'en-US': 'Handed over to {carrier}; last-mile number {lastMileNo}',
    'zh-TW': '已交付尾程承運商 {carrier}，尾程單號 {lastMileNo}',
  },
  'operations.event.EXCEPTION': {
    'zh-CN': '包裹异常：{issueKind}',
    'en-US': 'Problem with the parcel: {issueKind}',
    'zh-TW': '包裹異常：{issueKind}',
  },
  'operations.event.DELIVERED': {
    'zh-CN': '包裹已签收',
    'en-US': 'Parcel delivered',
    'zh-TW': '包裹已簽收',
  },
  'operations.event.RETURNED': {
    'zh-CN': '包裹已退回发件人',
    'en-US': 'Parcel returned to the sender',
    'zh-TW': '包裹已退回寄件人',
  },
});
