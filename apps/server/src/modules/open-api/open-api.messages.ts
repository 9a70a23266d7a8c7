import { defineMessages } from '../../lib/messages.ts';

/** Texts of the OpenAPI document (open-api.document.ts), in the language asked by `?lang=` or Accept-Language. */
const t = (zhCN: string, enUS: string, zhTW: string) => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

defineMessages({
  'openApi.doc.title': t('{name} 开放接口', '{name} open API', '{name} 開放介面'),
  'openApi.doc.description': t(
    '托运人系统通过 API 令牌调用的接口：下单、查询和取消订单、面单 PDF、轨迹、运费试算、产品与余额。在用户中心「API 令牌」创建令牌，以 `Authorization: Bearer <令牌>` 发送。应答与门户相同的信封（code、success、message、data），HTTP 状态与 code 一致；文字按 Accept-Language 返回（zh-CN、en-US、zh-TW）。',
    "The API a shipper's systems call with an API token: create, query and cancel orders, label PDFs, tracking, rate quotes, products and balance. Create a token in the user centre (API tokens) and send it as `Authorization: Bearer <token>`. Answers use the portal's envelope (code, success, message, data) with a matching HTTP status; texts follow Accept-Language (zh-CN, en-US, zh-TW).",
    '托運人系統透過 API 權杖呼叫的介面：下單、查詢和取消訂單、面單 PDF、軌跡、運費試算、產品與餘額。在使用者中心「API 權杖」建立權杖，以 `Authorization: Bearer <權杖>` 傳送。應答與入口網站相同的信封（code、success、message、data），HTTP 狀態與 code 一致；文字依 Accept-Language 回傳（zh-CN、en-US、zh-TW）。',
  ),
  'openApi.doc.bearer': t(
    '在用户中心创建的 API 令牌（pk_live_…），以其创建用户的权限和所属客户调用',
    'An API token made in the user centre (pk_live_…); calls act with its creating user’s permissions within its customer',
    '在使用者中心建立的 API 權杖（pk_live_…），以其建立使用者的權限和所屬客戶呼叫',
  ),
  'openApi.tag.orders': t('订单', 'Orders', '訂單'),
  'openApi.tag.products': t('产品与运费', 'Products and rates', '產品與運費'),
  'openApi.tag.wallet': t('钱包', 'Wallet', '錢包'),
  'openApi.param.orderNo': t(
    '订单的参考号（客户单号）或运单号',
    "The order's reference (customer order number) or its waybill number",
    '訂單的參考號（客戶單號）或運單號',
  ),
  'openApi.param.idempotencyKey': t(
    '1 到 128 个可打印 ASCII 字符。24 小时内同一键、同一内容的重试返回第一次的结果（应答头 Idempotent-Replayed: true）；同一键、不同内容返回 409。',
    '1 to 128 printable ASCII characters. Within 24 h a retry with the same key and body answers the first result (header Idempotent-Replayed: true); the same key with another body answers 409.',
    '1 到 128 個可列印 ASCII 字元。24 小時內同一鍵、同一內容的重試回傳第一次的結果（應答標頭 Idempotent-Replayed: true）；同一鍵、不同內容回傳 409。',
  ),
  'openApi.response.ok': t('成功', 'Success', '成功'),
  'openApi.response.pdf': t(
    '面单 PDF（每个包裹一张）',
    'The label PDF (one label per parcel)',
    '面單 PDF（每個包裹一張）',
  ),
  'openApi.error.400': t(
    '请求无效：data.errors 逐项列出字段和原因',
    'The request is not valid: data.errors names each field and why',
    '請求無效：data.errors 逐項列出欄位和原因',
  ),
  'openApi.error.401': t(
    '没有 API 令牌，或令牌无效、过期、已删除，或其用户已停用',
    'No API token, or it is not valid, expired, deleted, or its user is disabled',
    '沒有 API 權杖，或權杖無效、過期、已刪除，或其使用者已停用',
  ),
  'openApi.error.402': t(
    '客户欠费，请先充值',
    'The customer is in arrears: top up first',
    '客戶欠費，請先儲值',
  ),
  'openApi.error.403': t(
    '令牌的创建用户没有该操作的权限',
    "The token's creating user lacks the permission for this operation",
    '權杖的建立使用者沒有該操作的權限',
  ),
  'openApi.error.404': t(
    '订单不存在或属于其他客户',
    'No such order, or it belongs to another customer',
    '訂單不存在或屬於其他客戶',
  ),
  'openApi.error.409': t(
    '与当前状态冲突：订单状态不允许、余额不足、Idempotency-Key 已用于不同内容等',
    'Conflicts with the current state: the order’s status, an insufficient balance, an Idempotency-Key used with another body …',
    '與目前狀態衝突：訂單狀態不允許、餘額不足、Idempotency-Key 已用於不同內容等',
  ),
  'openApi.error.413': t('请求内容过大', 'The request body is too large', '請求內容過大'),
  'openApi.error.429': t(
    '该令牌调用过于频繁，请按 Retry-After 等待后重试',
    'Too many calls with this token: wait Retry-After seconds',
    '該權杖呼叫過於頻繁，請依 Retry-After 等待後重試',
  ),
  'openApi.op.createOrder.summary': t('创建订单', 'Create an order', '建立訂單'),
  'openApi.op.createOrder.description': t(
    '与门户下单相同的校验和计价。`submit: true` 立即提交：签发运单号并冻结预估运费（余额不足返回 409 并说明差额）；否则保存为草稿。建议带 Idempotency-Key，网络重试不会重复下单。',
    'Checked and priced exactly as the portal’s create. With `submit: true` it is submitted at once: the waybill number is issued and the estimated charge held (an insufficient balance answers 409 with the shortfall); otherwise it is saved as a draft. Send an Idempotency-Key so a retry never creates a second order.',
    '與入口網站下單相同的校驗和計價。`submit: true` 立即提交：簽發運單號並凍結預估運費（餘額不足回傳 409 並說明差額）；否則儲存為草稿。建議帶 Idempotency-Key，網路重試不會重複下單。',
  ),
  'openApi.op.listOrders.summary': t('查询订单列表', 'List orders', '查詢訂單列表'),
  'openApi.op.listOrders.description': t(
    '按状态、单号、创建时间（createdFrom 含、createdTo 不含）、目的国、产品和关键字筛选，分页返回，并附各状态数量。',
    'Filtered by status, numbers, creation time (createdFrom inclusive, createdTo exclusive), destination country, product and keyword; paged, with counts per status.',
    '依狀態、單號、建立時間（createdFrom 含、createdTo 不含）、目的國、產品和關鍵字篩選，分頁回傳，並附各狀態數量。',
  ),
  'openApi.op.getOrder.summary': t('按单号查询订单', 'Get an order by its number', '依單號查詢訂單'),
  'openApi.op.getOrder.description': t(
    '订单全部内容：收发件人、包裹、申报品、费用、轨迹与相关流水。',
    'The whole order: parties, parcels, items, charges, tracking events and the ledger rows it caused.',
    '訂單全部內容：收寄件人、包裹、申報品、費用、軌跡與相關流水。',
  ),
  'openApi.op.cancelOrder.summary': t('取消订单', 'Cancel an order', '取消訂單'),
  'openApi.op.cancelOrder.description': t(
    '草稿和已提交的订单可以取消；已提交订单冻结的运费随即释放。其他状态返回 409。',
    'Drafts and submitted orders can be cancelled; a submitted order’s held charge is released. Other statuses answer 409.',
    '草稿和已提交的訂單可以取消；已提交訂單凍結的運費隨即釋放。其他狀態回傳 409。',
  ),
  'openApi.op.getOrderLabel.summary': t('获取面单 PDF', 'Get the label PDF', '取得面單 PDF'),
  'openApi.op.getOrderLabel.description': t(
    '有运单号的订单的面单，每个包裹一张；尺寸 100x100、100x150 或 A4。',
    'The labels of an order with a waybill number, one per parcel; size 100x100, 100x150 or A4.',
    '有運單號的訂單的面單，每個包裹一張；尺寸 100x100、100x150 或 A4。',
  ),
  'openApi.op.getOrderTracking.summary': t('查询轨迹', 'Get tracking events', '查詢軌跡'),
  'openApi.op.getOrderTracking.description': t(
    '订单的状态与轨迹事件（最新在前）。',
    "The order's status and its tracking events, newest first.",
    '訂單的狀態與軌跡事件（最新在前）。',
  ),
  'openApi.op.quoteRates.summary': t('运费试算', 'Quote rates', '運費試算'),
  'openApi.op.quoteRates.description': t(
    '按目的地、包裹和申报价值试算每个产品的运费（最小货币单位），并列出不可用产品及原因。',
    'Prices the shipment with every product (amounts in minor units) and lists the products that cannot take it, with reasons.',
    '依目的地、包裹和申報價值試算每個產品的運費（最小貨幣單位），並列出不可用產品及原因。',
  ),
  'openApi.op.listProducts.summary': t('查询产品', 'List products', '查詢產品'),
  'openApi.op.listProducts.description': t(
    '客户可用的产品及其限制、附加服务。',
    'The products open to the customer with their limits and extra services.',
    '客戶可用的產品及其限制、附加服務。',
  ),
  'openApi.op.getBalance.summary': t('查询余额', 'Get the balance', '查詢餘額'),
  'openApi.op.getBalance.description': t(
    '各币种钱包的余额、冻结、可用金额与信用额度（最小货币单位）。欠费时也可调用。',
    'Balance, held, available and credit limit of each currency’s wallet (minor units). Answers in arrears too.',
    '各幣別錢包的餘額、凍結、可用金額與信用額度（最小貨幣單位）。欠費時也可呼叫。',
  ),
});
