import { QUANTITY_MESSAGES } from '@portal/contracts/quantity';
import { defineMessages } from '../../lib/messages.ts';
import { PricingDetailKey, PricingReasonKey } from './pricing.ts';

/** Quantity checks shared with the web app (from the contract), then the pricing function's words. */
defineMessages(QUANTITY_MESSAGES);

/** Why a product cannot take a shipment (pricing.ts reasons); params come worded by the pricing function. */
export const productReasonMessages = defineMessages({
  [PricingReasonKey.ParcelCount]: {
    'zh-CN': '共 {count} 件，超过每票最多 {limit} 件',
    'en-US': '{count} parcels, more than the {limit} per shipment allowed',
    'zh-TW': '共 {count} 件，超過每票最多 {limit} 件',
  },
  [PricingReasonKey.ParcelWeight]: {
    'zh-CN': '第 {parcels} 件超过单件重量上限 {limit} kg',
    'en-US': 'Parcel {parcels}: over the {limit} kg per-parcel weight limit',
    'zh-TW': '第 {parcels} 件超過單件重量上限 {limit} kg',
  },
  [PricingReasonKey.ShipmentWeight]: {
    'zh-CN': '计费重 {weight} kg，超过整票上限 {limit} kg',
    'en-US': 'Chargeable weight {weight} kg is over the {limit} kg shipment limit',
    'zh-TW': '計費重 {weight} kg，超過整票上限 {limit} kg',
  },
  [PricingReasonKey.LongestSide]: {
    'zh-CN': '第 {parcels} 件最长边超过 {limit} cm',
    'en-US': 'Parcel {parcels}: a side longer than {limit} cm',
    'zh-TW': '第 {parcels} 件最長邊超過 {limit} cm',
  },
  [PricingReasonKey.Girth]: {
    'zh-CN': '第 {parcels} 件围长（长 + 2 ×（宽 + 高））超过 {limit} cm',
    'en-US': 'Parcel {parcels}: over the {limit} cm girth limit (length + 2 × (width + height))',
    'zh-TW': '第 {parcels} 件圍長（長 + 2 ×（寬 + 高））超過 {limit} cm',
  },
  [PricingReasonKey.DeclaredValue]: {
    'zh-CN': '申报价值 {value} 超过上限 {limit}',
    'en-US': 'Declared value {value} is over the {limit} limit',
    'zh-TW': '申報價值 {value} 超過上限 {limit}',
  },
  [PricingReasonKey.Battery]: {
    'zh-CN': '该渠道不接受带电货物',
    'en-US': 'This service does not take goods with batteries',
    'zh-TW': '該渠道不接受帶電貨物',
  },
  [PricingReasonKey.CountryNotServed]: {
    'zh-CN': '该渠道不发往{country}',
    'en-US': 'This service does not ship to {country}',
    'zh-TW': '該渠道不寄往{country}',
  },
  [PricingReasonKey.NoRate]: {
    'zh-CN': '计费重 {weight} kg 没有对应的价格',
    'en-US': 'There is no rate for a chargeable weight of {weight} kg',
    'zh-TW': '計費重 {weight} kg 沒有對應的價格',
  },
  [PricingReasonKey.CustomsTerms]: {
    'zh-CN': '该渠道不提供 {terms} 条款（可选：{offered}）',
    'en-US': 'This service does not offer {terms} terms (available: {offered})',
    'zh-TW': '該渠道不提供 {terms} 條款（可選：{offered}）',
  },
  [PricingReasonKey.IossRequired]: {
    'zh-CN': '该渠道需要填写 IOSS 号',
    'en-US': 'This service needs an IOSS number',
    'zh-TW': '該渠道需要填寫 IOSS 號',
  },
  [PricingReasonKey.InsuranceNotOffered]: {
    'zh-CN': '该渠道不提供保险服务',
    'en-US': 'This service does not offer insurance',
    'zh-TW': '該渠道不提供保險服務',
  },
  [PricingReasonKey.SignatureNotOffered]: {
    'zh-CN': '该渠道不提供签名服务',
    'en-US': 'This service does not offer signature on delivery',
    'zh-TW': '該渠道不提供簽名服務',
  },
  [PricingReasonKey.CurrencyUnknown]: {
    'zh-CN': '不支持的币种 {currency}',
    'en-US': 'The currency {currency} is not accepted',
    'zh-TW': '不支援的幣別 {currency}',
  },
  'product.reason.unavailable': {
    'zh-CN': '该渠道不存在或暂不可用',
    'en-US': 'This service does not exist or is not available',
    'zh-TW': '該渠道不存在或暫不可用',
  },
});

/** How a breakdown line came about. */
export const productDetailMessages = defineMessages({
  [PricingDetailKey.FreightFirst]: {
    'zh-CN': '首重 {first} kg',
    'en-US': 'First {first} kg',
    'zh-TW': '首重 {first} kg',
  },
  [PricingDetailKey.FreightSteps]: {
    'zh-CN': '首重 {first} kg + 续重 {steps} × {step} kg',
    'en-US': 'First {first} kg + {steps} × {step} kg',
    'zh-TW': '首重 {first} kg + 續重 {steps} × {step} kg',
  },
  [PricingDetailKey.Fuel]: {
    'zh-CN': '运费 × {rate}',
    'en-US': 'Freight × {rate}',
    'zh-TW': '運費 × {rate}',
  },
  [PricingDetailKey.Superlong]: {
    'zh-CN': '{count} 件最长边超过 {threshold} cm',
    'en-US': '{count} parcel(s) with a side over {threshold} cm',
    'zh-TW': '{count} 件最長邊超過 {threshold} cm',
  },
  [PricingDetailKey.Overweight]: {
    'zh-CN': '{count} 件单件超过 {threshold} kg',
    'en-US': '{count} parcel(s) over {threshold} kg',
    'zh-TW': '{count} 件單件超過 {threshold} kg',
  },
  [PricingDetailKey.RemoteArea]: {
    'zh-CN': '邮编 {postalCode} 属于偏远地区',
    'en-US': 'Postal code {postalCode} is in a remote area',
    'zh-TW': '郵遞區號 {postalCode} 屬於偏遠地區',
  },
  [PricingDetailKey.Insurance]: {
    'zh-CN': '保额 {value} × {rate}',
    'en-US': 'Insured value {value} × {rate}',
    'zh-TW': '保額 {value} × {rate}',
  },
  [PricingDetailKey.LevelDiscount]: {
    'zh-CN': '客户等级折扣 {percent}%（运费及燃油）',
    'en-US': 'Customer level discount {percent}% (freight and fuel)',
    'zh-TW': '客戶等級折扣 {percent}%（運費及燃油）',
  },
  [PricingDetailKey.ProductDiscount]: {
    'zh-CN': '协议折扣 {percent}%（运费及燃油）',
    'en-US': 'Negotiated discount {percent}% (freight and fuel)',
    'zh-TW': '協議折扣 {percent}%（運費及燃油）',
  },
});

/** The name of each breakdown line. */
export const breakdownLabelMessages = defineMessages({
  'product.line.freight': { 'zh-CN': '运费', 'en-US': 'Freight', 'zh-TW': '運費' },
  'product.line.fuel': { 'zh-CN': '燃油附加费', 'en-US': 'Fuel surcharge', 'zh-TW': '燃油附加費' },
  'product.line.superlong': { 'zh-CN': '超长费', 'en-US': 'Oversize surcharge', 'zh-TW': '超長費' },
  'product.line.overweight': { 'zh-CN': '超重费', 'en-US': 'Overweight surcharge', 'zh-TW': '超重費' },
  'product.line.remoteArea': {
    'zh-CN': '偏远地区附加费',
    'en-US': 'Remote area surcharge',
    'zh-TW': '偏遠地區附加費',
  },
  'product.line.insurance': { 'zh-CN': '保险费', 'en-US': 'Insurance', 'zh-TW': '保險費' },
  'product.line.signature': {
    'zh-CN': '签名服务费',
    'en-US': 'Signature on delivery',
    'zh-TW': '簽名服務費',
  },
  'product.line.discount': { 'zh-CN': '折扣', 'en-US': 'Discount', 'zh-TW': '折扣' },
});
