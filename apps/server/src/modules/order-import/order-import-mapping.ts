import {
  ORDER_SHEET_COLUMNS,
  ORDER_SHEET_FIELDS,
  TEMPLATE_HEADER_FIELDS,
  normaliseSheetHeader,
  type OrderSheetDefaults,
  type OrderSheetField,
  type OrderSheetMapping,
} from '@portal/contracts/order-import';
import { ApiCode } from '@portal/contracts/envelope';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as mappingsRepo from './order-import-mappings.repository.ts';

/**
 * Which sheet column fills which field. A sheet whose header row holds every required template column (in
 * any interface language) is a template sheet and needs no mapping step; any other sheet (a marketplace
 * export) gets a saved mapping with the same headers, or a guess and the mapping step.
 */

/** The template's columns found in the header row: field → 0-based column (the first column of a field wins). */
export function templateMapping(headers: readonly string[]): OrderSheetMapping {
  const mapping: OrderSheetMapping = {};
  headers.forEach((header, index) => {
    const field = TEMPLATE_HEADER_FIELDS.get(normaliseSheetHeader(header));
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** True when the mapping has a column for every field a template sheet must have. */
export function coversRequiredColumns(mapping: OrderSheetMapping): boolean {
  return ORDER_SHEET_COLUMNS.every((column) => !column.required || mapping[column.field] !== undefined);
}

/** The required fields the mapping leaves without a column. */
export function missingRequiredFields(mapping: OrderSheetMapping): OrderSheetField[] {
  return ORDER_SHEET_COLUMNS.filter((c) => c.required && mapping[c.field] === undefined).map((c) => c.field);
}

/**
 * The fields a mapping must give a column: the template's required ones except the reference number, which
 * may be blank in every row (each row is then an order, numbered at commit). The product is not required
 * either: rows without one take the product chosen on the page.
 */
export const MAPPING_REQUIRED_FIELDS: readonly OrderSheetField[] = ORDER_SHEET_COLUMNS.filter(
  (column) => column.required && column.field !== 'customerOrderNo',
).map((column) => column.field);

/** The fields a mapping must fill (with a column or a default value) before the rows can be checked. */
export const unmappedRequiredFields = (
  mapping: OrderSheetMapping,
  defaults: OrderSheetDefaults = {},
): OrderSheetField[] =>
  MAPPING_REQUIRED_FIELDS.filter((field) => mapping[field] === undefined && defaults[field] === undefined);

/**
 * Fields that take no default value: the reference number groups rows into orders (one default would make
 * the whole sheet one order) and the product is the page's own choice for rows without one.
 */
export const NO_DEFAULT_FIELDS: readonly OrderSheetField[] = ['customerOrderNo', 'productCode'];

/** A saved mapping's default values, kept only for fields it gives no column (what applying it uses). */
function savedDefaults(json: string, mapping: OrderSheetMapping): OrderSheetDefaults {
  const defaults = JSON.parse(json) as OrderSheetDefaults;
  return Object.fromEntries(
    Object.entries(defaults).filter(([field]) => mapping[field as OrderSheetField] === undefined),
  );
}

/**
 * Header text as guessed from: lower case, letters and digits only, so "Ship-Postal-Code", "ship_postal_code"
 * and "Shipping Zip *" compare by their words.
 */
export const guessKey = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Header names per field, best first: the three interface languages, the common Chinese seller sheets and
 * the marketplace exports (Shopify orders, Amazon order report, eBay, AliExpress, Shopee, Lazada, TikTok
 * Shop). Compared as `guessKey`. A sheet with two candidates for one field (Amazon's `recipient-name` and
 * `buyer-name`) gives the field the earlier name's column.
 */
const HEADER_SYNONYMS: Readonly<Record<OrderSheetField, readonly string[]>> = {
  customerOrderNo: [
    'orderid',
    'ordernumber',
    'orderno',
    'referencenumber',
    'referenceno',
    'reference',
    'refno',
    'salesrecordnumber',
    '客户单号',
    '订单号',
    '订单编号',
    '平台订单号',
    '参考号',
    '客戶單號',
    '訂單號',
    '訂單編號',
    // Shopify's order number ("#1001") column is called "Name".
    'name',
  ],
  productCode: [
    'productcode',
    'shippingproduct',
    'channelcode',
    '产品代码',
    '渠道代码',
    '物流产品',
    '產品代碼',
  ],
  customsTerms: ['customsterms', 'incoterms', 'incoterm', 'tradeterms', '贸易条款', '貿易條款', '关税条款'],
  iossNumber: ['iossnumber', 'ioss', 'iossno', 'ioss号', 'ioss號'],
  eoriNumber: ['eorinumber', 'eori', 'eorino', 'eori号', 'eori號'],
  hasBattery: ['hasbattery', 'battery', 'withbattery', '带电', '帶電', '含电池', '含電池', '是否带电'],
  insuranceValue: ['insuredvalue', 'insurancevalue', 'insurance', '投保金额', '投保金額', '保价', '保額'],
  signature: ['signature', 'signaturerequired', '签名服务', '簽名服務', '签名', '簽名'],
  remark: ['remark', 'remarks', 'notes', 'note', 'comment', 'comments', '备注', '備註', '留言'],
  consigneeName: [
    'consigneename',
    'recipientname',
    'shippingname',
    'shiptoname',
    'receivername',
    'recipient',
    'receiver',
    'consignee',
    'shippingfullname',
    'deliveryname',
    '收件人姓名',
    '收货人姓名',
    '收货人',
    '收件人',
    '收貨人',
    '收件人名稱',
    '收货人名称',
    'contactname',
    'fullname',
    'buyername',
    'customername',
    '买家姓名',
    '買家姓名',
  ],
  consigneeCompany: [
    'consigneecompany',
    'shippingcompany',
    'shiptocompany',
    'company',
    '收件人公司',
    '公司',
    '公司名称',
  ],
  consigneePhone: [
    'consigneephone',
    'shippingphone',
    'shipphonenumber',
    'shiptophone',
    'shippingphonenumber',
    'recipientphone',
    'receiverphone',
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'mobile',
    'mobilephone',
    'contactphone',
    '收件人电话',
    '收货人电话',
    '收货人手机',
    '收件人電話',
    '收貨人電話',
    '联系电话',
    '聯絡電話',
    '电话',
    '電話',
    '手机',
    '手機',
    'buyerphonenumber',
    'buyerphone',
  ],
  consigneeEmail: [
    'consigneeemail',
    'shippingemail',
    'email',
    'emailaddress',
    'buyeremail',
    '收件人邮箱',
    '邮箱',
    '電子郵件',
    '收件人電子郵件',
  ],
  consigneeCountry: [
    'consigneecountryregion',
    'consigneecountry',
    'shippingcountry',
    'shipcountry',
    'shiptocountry',
    'shippingcountrycode',
    'countrycode',
    'country',
    'countryregion',
    'destinationcountry',
    '收件国家地区',
    '收件國家地區',
    '收货国家',
    '收件国家',
    '目的国',
    '国家',
    '國家',
    '国家地区',
  ],
  consigneeProvince: [
    'consigneeprovincestate',
    'shippingprovince',
    'shipstate',
    'shiptostate',
    'shippingstate',
    'shippingregion',
    'shippingprovincename',
    'province',
    'state',
    'region',
    'stateprovince',
    '收件省州',
    '省州',
    '省份',
    '省',
    '州',
  ],
  consigneeCity: [
    'consigneecity',
    'shippingcity',
    'shipcity',
    'shiptocity',
    'city',
    '收件城市',
    '城市',
    '市',
  ],
  consigneeDistrict: [
    'consigneedistrict',
    'shippingdistrict',
    'district',
    'county',
    '收件区县',
    '收件區縣',
    '区县',
    '區縣',
    '区',
  ],
  consigneePostalCode: [
    'consigneepostalcode',
    'shippingzip',
    'shippostalcode',
    'shiptozip',
    'shippingpostcode',
    'shippingpostalcode',
    'shippingzipcode',
    'postalcode',
    'postcode',
    'zipcode',
    'zip',
    '收件邮编',
    '收件郵遞區號',
    '邮编',
    '邮政编码',
    '郵遞區號',
    '郵編',
  ],
  consigneeAddressLine1: [
    'consigneeaddressline1',
    'shipaddress1',
    'shippingaddress1',
    'shiptoaddress1',
    'shippingaddressline1',
    'addressline1',
    'address1',
    'shippingstreet',
    'shippingaddress',
    'deliveryaddress',
    'detailaddress',
    'streetaddress',
    'street',
    'address',
    '收件地址1',
    '收件地址',
    '收货地址',
    '收貨地址',
    '详细地址',
    '詳細地址',
    '地址1',
    '地址',
  ],
  consigneeAddressLine2: [
    'consigneeaddressline2',
    'shipaddress2',
    'shippingaddress2',
    'shiptoaddress2',
    'shippingaddressline2',
    'addressline2',
    'address2',
    'additionaladdressinformation',
    '收件地址2',
    '地址2',
  ],
  consigneeAddressLine3: [
    'consigneeaddressline3',
    'shipaddress3',
    'shippingaddress3',
    'shiptoaddress3',
    'addressline3',
    'address3',
    '收件地址3',
    '地址3',
  ],
  consigneeHouseNumber: [
    'consigneehousenumber',
    'housenumber',
    'houseno',
    'streetnumber',
    '收件门牌号',
    '门牌号',
    '門牌號',
  ],
  consigneeTaxId: [
    'consigneetaxid',
    'taxid',
    'taxnumber',
    'vatnumber',
    'cpf',
    '收件人税号',
    '收件人稅號',
    '税号',
    '稅號',
  ],
  parcelWeight: [
    'parcelweightkg',
    'parcelweight',
    'packageweight',
    'weightkg',
    'weight',
    'grossweight',
    '包裹重量kg',
    '包裹重量',
    '重量kg',
    '重量',
    '毛重',
  ],
  parcelLength: ['lengthcm', 'parcellength', 'length', '长cm', '長cm', '长', '長', '长度', '長度'],
  parcelWidth: ['widthcm', 'parcelwidth', 'width', '宽cm', '寬cm', '宽', '寬', '宽度', '寬度'],
  parcelHeight: ['heightcm', 'parcelheight', 'height', '高cm', '高', '高度'],
  itemNameCn: [
    'itemnamechinese',
    'chinesename',
    'declarednamecn',
    '中文品名',
    '中文名称',
    '中文名稱',
    '申报中文名',
    '中文申报品名',
  ],
  itemNameEn: [
    'itemnameenglish',
    'englishname',
    'declarednameen',
    'lineitemname',
    'productname',
    'itemname',
    'itemtitle',
    'producttitle',
    'title',
    '英文品名',
    '英文名称',
    '英文名稱',
    '商品名称',
    '商品名稱',
    '产品名称',
    '產品名稱',
  ],
  itemHsCode: ['hscode', 'hstariffcode', 'tariffcode', 'hs', '海关编码', '海關編碼', 'hs编码', '商品编码'],
  itemSku: [
    'sku',
    'lineitemsku',
    'sellersku',
    'customlabel',
    'skureferenceno',
    'skureference',
    'merchantsku',
    'sku编码',
    '商品sku',
  ],
  itemQuantity: [
    'quantity',
    'lineitemquantity',
    'quantitypurchased',
    'qty',
    'quantityordered',
    '数量',
    '數量',
    '购买数量',
    '商品数量',
  ],
  itemUnitPrice: [
    'unitprice',
    'lineitemprice',
    'itemprice',
    'skuunitoriginalprice',
    'dealprice',
    'soldfor',
    'price',
    'declaredvalue',
    'declaredprice',
    '申报单价',
    '申報單價',
    '单价',
    '單價',
    '商品单价',
    '申报价值',
  ],
  itemCurrency: [
    'currency',
    'currencycode',
    'declaredcurrency',
    '申报币种',
    '申報幣別',
    '币种',
    '幣別',
    '货币',
    '貨幣',
  ],
  itemUnitWeight: [
    'unitweightkg',
    'unitweight',
    'itemweight',
    '单件重量kg',
    '單件重量kg',
    '单件重量',
    '單件重量',
  ],
  itemOriginCountry: [
    'origincountry',
    'countryoforigin',
    'originalcountry',
    'origin',
    '原产国',
    '原產國',
    '原产地',
    '原產地',
  ],
  itemMaterial: ['material', '材质', '材質'],
  itemPurpose: ['purpose', 'usage', 'use', '用途'],
};

/** Headers that name a column the guess leaves alone even when a field's name is inside them. */
const NOT_CONSIGNEE =
  /billing|tax(?!id)|tracking|shippingprice|shippingfee|shippingcost|discount|refund|账单|帳單|运费|運費/;

/** Shortest name a header may merely contain (a Latin name of 5 letters, a Chinese one of 2 characters). */
const containable = (name: string) => (/^[a-z0-9]+$/.test(name) ? name.length >= 5 : name.length >= 2);

interface Candidate {
  field: OrderSheetField;
  column: number;
  /** 0 the template's own header, 1 a name, 2 a header containing a name. */
  tier: number;
  /** Lower is better within a tier: the name's place in its list, or (contains) minus its length. */
  rank: number;
}

/**
 * A first mapping for a sheet that is not the template: per column the field its header names. Exact
 * matches go before headers that merely contain a field's name, the template's headers before other
 * names; a column fills one field at most and a field takes one column.
 */
export function guessMapping(headers: readonly string[]): OrderSheetMapping {
  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    const key = guessKey(header);
    if (!key) return;
    const templateField = TEMPLATE_HEADER_FIELDS.get(normaliseSheetHeader(header));
    if (templateField) candidates.push({ field: templateField, column, tier: 0, rank: 0 });
    for (const field of ORDER_SHEET_FIELDS) {
      const names = HEADER_SYNONYMS[field];
      const exact = names.indexOf(key);
      if (exact >= 0) {
        candidates.push({ field, column, tier: 1, rank: exact });
        continue;
      }
      if (NOT_CONSIGNEE.test(key)) continue;
      const contained = names.filter((name) => containable(name) && key.includes(name));
      if (contained.length > 0) {
        const longest = Math.max(...contained.map((name) => name.length));
        candidates.push({ field, column, tier: 2, rank: -longest });
      }
    }
  });
  candidates.sort((a, b) => a.tier - b.tier || a.rank - b.rank || a.column - b.column);
  const mapping: OrderSheetMapping = {};
  const usedColumns = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== undefined || usedColumns.has(column)) continue;
    mapping[field] = column;
    usedColumns.add(column);
  }
  return mapping;
}

/**
 * The header row's signature: its non-blank headers normalised, without repeats, sorted and joined. A saved
 * mapping is applied by itself to a sheet with the same signature (the next export of the same shop).
 */
export function headerSignature(headers: readonly string[]): string {
  const names = new Set(headers.map(normaliseSheetHeader).filter((name) => name !== ''));
  return [...names].sort().join('\u001f');
}

/** A mapping as header texts (what is saved): field → the text of its column's header. */
export function mappingColumns(
  mapping: OrderSheetMapping,
  headers: readonly string[],
): Partial<Record<OrderSheetField, string>> {
  const columns: Partial<Record<OrderSheetField, string>> = {};
  for (const field of ORDER_SHEET_FIELDS) {
    const index = mapping[field];
    if (index !== undefined) columns[field] = headers[index] ?? '';
  }
  return columns;
}

/**
 * A saved mapping's header texts found in this sheet's header row (the first column with that header):
 * the mapping of what was found, and the fields whose header the sheet lacks.
 */
export function mappingFromColumns(
  columns: Partial<Record<OrderSheetField, string>>,
  headers: readonly string[],
): { mapping: OrderSheetMapping; missing: OrderSheetField[] } {
  const indexOf = new Map<string, number>();
  headers.forEach((header, index) => {
    const name = normaliseSheetHeader(header);
    if (name && !indexOf.has(name)) indexOf.set(name, index);
  });
  const mapping: OrderSheetMapping = {};
  const missing: OrderSheetField[] = [];
  for (const field of ORDER_SHEET_FIELDS) {
    const header = columns[field];
    if (header === undefined) continue;
    const index = indexOf.get(normaliseSheetHeader(header));
    if (index === undefined) missing.push(field);
    else mapping[field] = index;
  }
  return { mapping, missing };
}

export interface ResolvedMapping {
  mapping: OrderSheetMapping;
  /** The saved mapping applied (its id and name), if one was. */
  mappingId: string | null;
  mappingName: string | null;
  /** Fixed values of fields without a column (a saved mapping's). */
  defaults: OrderSheetDefaults;
  /** False: the rows can be checked at once; true: the user names the columns first (`status: 'mapping'`). */
  needsMapping: boolean;
}

/**
 * The mapping an upload starts with, the one entry point the preview calls: the saved mapping asked for
 * (`mappingId`, the caller's own, else 404), else the caller's saved mapping made for a sheet with exactly
 * these headers (applied by itself and marked used), else a template sheet's own columns, else a guess that
 * the user confirms.
 */
export async function resolveMapping(
  db: Db,
  customerId: string,
  headers: readonly string[],
  mappingId?: string,
): Promise<ResolvedMapping> {
  if (mappingId !== undefined) {
    const saved = await mappingsRepo.findMapping(db, customerId, mappingId);
    if (!saved) throw new AppError(ApiCode.NotFound, 'orderImport.mappingNotFound');
    const { mapping, missing } = mappingFromColumns(JSON.parse(saved.columns), headers);
    const defaults = savedDefaults(saved.defaults, mapping);
    const needsMapping = missing.length > 0 || unmappedRequiredFields(mapping, defaults).length > 0;
    if (!needsMapping) await mappingsRepo.markMappingUsed(db, customerId, saved.id);
    return { mapping, mappingId: saved.id, mappingName: saved.name, defaults, needsMapping };
  }
  const matching = await mappingsRepo.findMappingBySignature(db, customerId, headerSignature(headers));
  if (matching) {
    const { mapping, missing } = mappingFromColumns(JSON.parse(matching.columns), headers);
    const defaults = savedDefaults(matching.defaults, mapping);
    if (missing.length === 0 && unmappedRequiredFields(mapping, defaults).length === 0) {
      await mappingsRepo.markMappingUsed(db, customerId, matching.id);
      return {
        mapping,
        mappingId: matching.id,
        mappingName: matching.name,
        defaults,
        needsMapping: false,
      };
    }
  }
  const template = templateMapping(headers);
  if (coversRequiredColumns(template)) {
    return { mapping: template, mappingId: null, mappingName: null, defaults: {}, needsMapping: false };
  }
  return {
    mapping: guessMapping(headers),
    mappingId: null,
    mappingName: null,
    defaults: {},
    needsMapping: true,
  };
}
