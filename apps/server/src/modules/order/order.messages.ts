import { ORDER_MESSAGES, type OrderStatus } from '@portal/contracts/order';
import { ORDER_LIST_MESSAGES } from '@portal/contracts/order-list';
import { defineMessages } from '../../lib/messages.ts';

/** Validation texts shared with the web app (from the contracts), then the server's own order messages. */
defineMessages(ORDER_MESSAGES);
defineMessages(ORDER_LIST_MESSAGES);

export const orderMessages = defineMessages({
  'order.saved': {
    'zh-CN': '订单已保存为草稿',
    'en-US': 'Order saved as a draft',
    'zh-TW': '訂單已儲存為草稿',
  },
  'order.submitted': {
    'zh-CN': '订单已提交，运单号 {waybillNo}',
    'en-US': 'Order submitted; waybill number {waybillNo}',
    'zh-TW': '訂單已提交，運單號 {waybillNo}',
  },
  'order.cancelled': {
    'zh-CN': '已取消 {count} 个订单',
    'en-US': '{count} order(s) canceled',
    'zh-TW': '已取消 {count} 筆訂單',
  },
  'order.customerOrderNoTaken': {
    'zh-CN': '客户单号 {customerOrderNo} 已被其他订单使用，请换一个或留空自动生成',
    'en-US':
      'The reference number {customerOrderNo} is already used by another order; choose another or leave it empty to generate one',
    'zh-TW': '客戶單號 {customerOrderNo} 已被其他訂單使用，請換一個或留空自動產生',
  },
  'order.productUnusable': {
    'zh-CN': '产品 {productCode} 无法承运此订单：{reasons}',
    'en-US': 'Product {productCode} cannot carry this order: {reasons}',
    'zh-TW': '產品 {productCode} 無法承運此訂單：{reasons}',
  },
  'order.shipperAddressNotFound': {
    'zh-CN': '发件人地址不存在或已被删除，请重新选择',
    'en-US': 'The sender address does not exist or has been deleted; please choose another',
    'zh-TW': '寄件人地址不存在或已被刪除，請重新選擇',
  },
  'order.declaredValueTooLarge': {
    'zh-CN': '申报总价值过大',
    'en-US': 'The total declared value is too large',
    'zh-TW': '申報總價值過大',
  },
  'order.notDraft': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，只有草稿可以提交',
    'en-US': 'Order {customerOrderNo} is {status}; only drafts can be submitted',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，只有草稿可以提交',
  },
  'order.notCancellable': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，不能取消；未取消任何订单',
    'en-US': 'Order {customerOrderNo} is {status} and cannot be canceled; no order was canceled',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，不能取消；未取消任何訂單',
  },
  'order.notEditable': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{status}”，只有草稿可以编辑',
    'en-US': 'Order {customerOrderNo} is {status}; only drafts can be edited',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{status}」，只有草稿可以編輯',
  },
  'order.updated': {
    'zh-CN': '草稿已更新',
    'en-US': 'Draft updated',
    'zh-TW': '草稿已更新',
  },
  'order.illegalTransition': {
    'zh-CN': '订单 {customerOrderNo} 当前状态为“{from}”，不能变为“{to}”',
    'en-US': 'Order {customerOrderNo} is {from} and cannot become {to}',
    'zh-TW': '訂單 {customerOrderNo} 目前狀態為「{from}」，不能變為「{to}」',
  },
  'order.status.draft': { 'zh-CN': '草稿', 'en-US': 'draft', 'zh-TW': '草稿' },
  'order.status.submitted': { 'zh-CN': '已提交', 'en-US': 'submitted', 'zh-TW': '已提交' },
  'order.status.received': { 'zh-CN': '已收货', 'en-US': 'received', 'zh-TW': '已收貨' },
  'order.status.in_transit': { 'zh-CN': '运输中', 'en-US': 'in transit', 'zh-TW': '運輸中' },
  'order.status.delivered': { 'zh-CN': '已签收', 'en-US': 'delivered', 'zh-TW': '已簽收' },
  'order.status.exception': { 'zh-CN': '异常', 'en-US': 'on hold with a problem', 'zh-TW': '異常' },
  'order.status.returned': { 'zh-CN': '已退回', 'en-US': 'returned', 'zh-TW': '已退回' },
  'order.status.cancelled': { 'zh-CN': '已取消', 'en-US': 'canceled', 'zh-TW': '已取消' },
});

export const statusMessageKey = (status: OrderStatus) => `order.status.${status}` as const;
