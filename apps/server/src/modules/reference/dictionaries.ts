import { ADDRESS_TYPE_LABELS, ADDRESS_TYPES } from '@portal/contracts/address';
import type { LocalizedText } from '@portal/contracts/languages';
import { DictionaryTypeCode } from '@portal/contracts/reference';

type Entry = readonly [value: string, zhCN: string, enUS: string, zhTW: string];

const entries = (...rows: Entry[]) =>
  rows.map(([value, zhCN, enUS, zhTW]) => ({
    value,
    labels: { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW },
  }));

/**
 * Every system dictionary, kept in code rather than a table: the values are the states and kinds the
 * server's own rules and schemas use, so a value can only change together with the code that handles
 * it, and the labels are translated and reviewed with the rest of the interface texts. Values that
 * exist in a contract (address types) are taken from it.
 */
export const DICTIONARIES: Readonly<Record<DictionaryTypeCode, { value: string; labels: LocalizedText }[]>> =
  {
    [DictionaryTypeCode.CustomsTerms]: entries(
      [
        'DDU',
        'DDU（未完税交货，收件人缴税）',
        'DDU (delivered duty unpaid, receiver pays duties)',
        'DDU（未完稅交貨，收件人繳稅）',
      ],
      [
        'DDP',
        'DDP（完税后交货，寄件人缴税）',
        'DDP (delivered duty paid, sender pays duties)',
        'DDP（完稅後交貨，寄件人繳稅）',
      ],
    ),
    [DictionaryTypeCode.AddressType]: ADDRESS_TYPES.map((value) => ({
      value,
      labels: ADDRESS_TYPE_LABELS[value],
    })),
    [DictionaryTypeCode.OrderStatus]: entries(
      ['draft', '草稿', 'Draft', '草稿'],
      ['submitted', '已提交', 'Submitted', '已提交'],
      ['received', '已收货', 'Received', '已收貨'],
      ['in_transit', '运输中', 'In transit', '運輸中'],
      ['delivered', '已签收', 'Delivered', '已簽收'],
      ['exception', '异常', 'Exception', '異常'],
      ['returned', '已退回', 'Returned', '已退回'],
      ['cancelled', '已取消', 'Canceled', '已取消'],
    ),
    [DictionaryTypeCode.IssueKind]: entries(
      ['address_problem', '地址问题', 'Address problem', '地址問題'],
      ['customs_hold', '海关扣关', 'Held by customs', '海關扣關'],
      ['prohibited_item', '违禁品', 'Prohibited item', '違禁品'],
      ['overweight_oversize', '超重超尺寸', 'Overweight or oversize', '超重超尺寸'],
      ['damaged', '包裹破损', 'Parcel damaged', '包裹破損'],
      ['lost', '包裹丢失', 'Parcel lost', '包裹遺失'],
      ['refused', '收件人拒收', 'Refused by receiver', '收件人拒收'],
      ['unreachable', '无法联系收件人', 'Receiver unreachable', '無法聯絡收件人'],
      ['other', '其他', 'Other', '其他'],
    ),
    [DictionaryTypeCode.RechargeChannel]: entries(
      ['alipay', '支付宝', 'Alipay', '支付寶'],
      ['wechat', '微信支付', 'WeChat Pay', '微信支付'],
      ['bank_transfer', '银行转账', 'Bank transfer', '銀行轉帳'],
      ['sandbox', '沙箱支付', 'Sandbox', '沙箱支付'],
    ),
    [DictionaryTypeCode.RechargeStatus]: entries(
      ['pending', '待支付', 'Pending', '待支付'],
      ['paid', '已支付', 'Paid', '已支付'],
      ['failed', '支付失败', 'Failed', '支付失敗'],
      ['closed', '已关闭', 'Closed', '已關閉'],
    ),
    [DictionaryTypeCode.LedgerType]: entries(
      ['recharge', '充值', 'Recharge', '儲值'],
      ['order_charge', '订单扣费', 'Order charge', '訂單扣費'],
      ['charge_release', '费用释放', 'Charge released', '費用釋放'],
      ['weight_adjustment', '重量调整', 'Weight adjustment', '重量調整'],
      ['surcharge', '附加费', 'Surcharge', '附加費'],
      ['refund', '退款', 'Refund', '退款'],
      ['compensation', '赔偿', 'Compensation', '賠償'],
      ['manual_adjustment', '人工调整', 'Manual adjustment', '人工調整'],
    ),
    [DictionaryTypeCode.BillStatus]: entries(
      ['open', '未核销', 'Open', '未核銷'],
      ['partial', '部分核销', 'Partly written off', '部分核銷'],
      ['settled', '已结清', 'Settled', '已結清'],
    ),
    [DictionaryTypeCode.ExportTaskStatus]: entries(
      ['queued', '排队中', 'Queued', '排隊中'],
      ['running', '导出中', 'Running', '匯出中'],
      ['succeeded', '已完成', 'Succeeded', '已完成'],
      ['failed', '失败', 'Failed', '失敗'],
    ),
    [DictionaryTypeCode.ExportFormat]: entries(
      ['xlsx', 'Excel', 'Excel', 'Excel'],
      ['csv', 'CSV', 'CSV', 'CSV'],
      ['pdf', 'PDF', 'PDF', 'PDF'],
      ['zip', '压缩包', 'ZIP archive', '壓縮檔'],
    ),
    [DictionaryTypeCode.NotificationType]: entries(
      ['system_announcement', '系统公告', 'System announcement', '系統公告'],
      ['order_exception', '订单异常', 'Order exception', '訂單異常'],
      ['balance_warning', '余额预警', 'Balance warning', '餘額預警'],
      ['recharge_result', '充值结果', 'Recharge result', '儲值結果'],
      ['export_finished', '导出完成', 'Export finished', '匯出完成'],
    ),
    [DictionaryTypeCode.Currency]: entries(
      ['CNY', '人民币', 'Chinese yuan', '人民幣'],
      ['USD', '美元', 'US dollar', '美元'],
      ['EUR', '欧元', 'Euro', '歐元'],
      ['GBP', '英镑', 'Pound sterling', '英鎊'],
      ['HKD', '港币', 'Hong Kong dollar', '港幣'],
      ['JPY', '日元', 'Japanese yen', '日圓'],
      ['AUD', '澳大利亚元', 'Australian dollar', '澳幣'],
      ['CAD', '加拿大元', 'Canadian dollar', '加幣'],
    ),
    [DictionaryTypeCode.CustomerStatus]: entries(
      ['active', '正常', 'Active', '正常'],
      ['arrears', '欠费', 'In arrears', '欠費'],
      ['frozen', '冻结', 'Frozen', '凍結'],
    ),
    [DictionaryTypeCode.CertificationStatus]: entries(
      ['none', '未认证', 'Not certified', '未認證'],
      ['pending', '审核中', 'Under review', '審核中'],
      ['verified', '已认证', 'Certified', '已認證'],
      ['rejected', '已驳回', 'Rejected', '已駁回'],
    ),
    [DictionaryTypeCode.UserType]: entries(
      ['main', '主账号', 'Main user', '主帳號'],
      ['sub', '子账号', 'Sub-user', '子帳號'],
    ),
    [DictionaryTypeCode.LoginMethod]: entries(
      ['password', '密码登录', 'Password', '密碼登入'],
      ['sms', '短信登录', 'SMS code', '簡訊登入'],
      ['wechat', '微信登录', 'WeChat', '微信登入'],
      ['sso', '单点登录', 'Single sign-on', '單一登入'],
    ),
    [DictionaryTypeCode.LabelSize]: entries(
      ['100x100', '100×100 毫米', '100 × 100 mm', '100×100 公釐'],
      ['100x150', '100×150 毫米', '100 × 150 mm', '100×150 公釐'],
      ['A4', 'A4', 'A4', 'A4'],
    ),
    [DictionaryTypeCode.ExtraService]: entries(
      ['superlong', '超长', 'Superlong', '超長'],
      ['overweight', '超重', 'Overweight', '超重'],
      ['remote_area', '偏远地区', 'Remote area', '偏遠地區'],
      ['insurance', '保险', 'Insurance', '保險'],
      ['signature', '签收服务', 'Signature on delivery', '簽收服務'],
    ),
  };

export const isDictionaryTypeCode = (code: string): code is DictionaryTypeCode =>
  Object.prototype.hasOwnProperty.call(DICTIONARIES, code);
