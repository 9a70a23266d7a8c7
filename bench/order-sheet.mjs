// Batch-create template sheets for the benches (bench/order-import.mjs, bench/batch-grid.mjs): the zh-CN
// template columns, US orders to many consignees, every 25th order with a second parcel row and every 40th
// with a second item row (rows sharing a reference number are one order), written with ExcelJS's streaming
// writer with shared strings and numbers as numbers, as Excel saves them.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';

/** The template's columns with their zh-CN headers (contracts `ORDER_SHEET_COLUMNS`), in order. */
const COLUMNS = [
  ['customerOrderNo', '客户单号'],
  ['productCode', '产品代码'],
  ['customsTerms', '贸易条款'],
  ['iossNumber', 'IOSS 号'],
  ['eoriNumber', 'EORI 号'],
  ['hasBattery', '带电'],
  ['insuranceValue', '投保金额'],
  ['signature', '签名服务'],
  ['remark', '备注'],
  ['consigneeName', '收件人姓名'],
  ['consigneeCompany', '收件人公司'],
  ['consigneePhone', '收件人电话'],
  ['consigneeEmail', '收件人邮箱'],
  ['consigneeCountry', '收件国家/地区'],
  ['consigneeProvince', '收件省/州'],
  ['consigneeCity', '收件城市'],
  ['consigneeDistrict', '收件区县'],
  ['consigneePostalCode', '收件邮编'],
  ['consigneeAddressLine1', '收件地址1'],
  ['consigneeAddressLine2', '收件地址2'],
  ['consigneeAddressLine3', '收件地址3'],
  ['consigneeHouseNumber', '收件门牌号'],
  ['consigneeTaxId', '收件人税号'],
  ['parcelWeight', '包裹重量(kg)'],
  ['parcelLength', '长(cm)'],
  ['parcelWidth', '宽(cm)'],
  ['parcelHeight', '高(cm)'],
  ['itemNameCn', '中文品名'],
  ['itemNameEn', '英文品名'],
  ['itemHsCode', '海关编码'],
  ['itemSku', 'SKU'],
  ['itemQuantity', '数量'],
  ['itemUnitPrice', '申报单价'],
  ['itemCurrency', '申报币种'],
  ['itemUnitWeight', '单件重量(kg)'],
  ['itemOriginCountry', '原产国'],
  ['itemMaterial', '材质'],
  ['itemPurpose', '用途'],
];
const FIELD_INDEX = new Map(COLUMNS.map(([field], index) => [field, index]));

const CITIES = [
  ['CA', 'Los Angeles', '90001'],
  ['NY', 'New York', '10001'],
  ['TX', 'Houston', '77001'],
  ['WA', 'Seattle', '98101'],
  ['IL', 'Chicago', '60601'],
  ['FL', 'Miami', '33101'],
  ['MA', 'Boston', '02108'],
  ['GA', 'Atlanta', '30301'],
];
const FIRST = ['John', 'Mary', 'James', 'Linda', 'Robert', 'Susan', 'Michael', 'Karen', 'David', 'Lisa'];
const LAST = ['Smith', 'Johnson', 'Brown', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Moore', 'Taylor', 'Lee'];
const GOODS = [
  ['T恤', 'T-shirt', '610910', 'cotton'],
  ['手机壳', 'Phone case', '392690', 'plastic'],
  ['运动鞋', 'Sneakers', '640411', 'rubber'],
  ['帆布包', 'Canvas bag', '420222', 'canvas'],
  ['陶瓷杯', 'Ceramic mug', '691200', 'ceramic'],
];

/** The cells of one sheet row: `fields` by field name, everything else blank. */
function sheetRow(fields) {
  const row = new Array(COLUMNS.length).fill(null);
  for (const [field, value] of Object.entries(fields)) row[FIELD_INDEX.get(field)] = value;
  return row;
}

function parcelCells(n) {
  return {
    parcelWeight: Math.round((0.3 + (n % 40) * 0.1) * 1000) / 1000,
    parcelLength: 20 + (n % 15),
    parcelWidth: 15 + (n % 10),
    parcelHeight: 5 + (n % 12),
  };
}

function itemCells(n) {
  const [nameCn, nameEn, hsCode, material] = GOODS[n % GOODS.length];
  return {
    itemNameCn: nameCn,
    itemNameEn: nameEn,
    itemHsCode: hsCode,
    itemSku: `SKU-${(n * 7919) % 100_000}`,
    itemQuantity: 1 + (n % 3),
    itemUnitPrice: Math.round((5 + (n % 50) * 0.5) * 100) / 100,
    itemCurrency: 'USD',
    itemOriginCountry: 'CN',
    itemMaterial: material,
  };
}

/** The rows of order `n` (1-based): one, or two when it has a second parcel or a second item. */
function orderRows(n, run) {
  const [province, city, postalCode] = CITIES[n % CITIES.length];
  const reference = `BI-${run}-${String(n).padStart(6, '0')}`;
  const lead = sheetRow({
    customerOrderNo: reference,
    customsTerms: 'DDP',
    hasBattery: '否',
    remark: n % 10 === 0 ? `批量订单 ${n}` : null,
    consigneeName: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / 10) % LAST.length]}`,
    consigneeCompany: n % 5 === 0 ? `Acme ${n % 97} LLC` : null,
    consigneePhone: `+1 ${200 + (n % 700)} 555 ${String(n % 10_000).padStart(4, '0')}`,
    consigneeEmail: n % 3 === 0 ? `buyer${n}@example.com` : null,
    consigneeCountry: 'US',
    consigneeProvince: province,
    consigneeCity: city,
    consigneePostalCode: postalCode,
    consigneeAddressLine1: `${100 + (n % 9000)} Main Street`,
    consigneeAddressLine2: n % 4 === 0 ? `Apt ${n % 300}` : null,
    ...parcelCells(n),
    ...itemCells(n),
  });
  const rows = [lead];
  if (n % 25 === 0) rows.push(sheetRow({ customerOrderNo: reference, ...parcelCells(n + 1) }));
  if (n % 40 === 0) rows.push(sheetRow({ customerOrderNo: reference, ...itemCells(n + 1) }));
  return rows;
}

/** Writes a template sheet of exactly `rowCount` rows under the header; answers its orders' count. */
export async function writeSheet(file, rowCount) {
  const run = randomUUID().slice(0, 6).toUpperCase();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = book.addWorksheet('订单');
  sheet.addRow(COLUMNS.map(([, header]) => header)).commit();
  let written = 0;
  let orders = 0;
  while (written < rowCount) {
    orders++;
    for (const row of orderRows(orders, run).slice(0, rowCount - written)) {
      sheet.addRow(row).commit();
      written++;
    }
  }
  sheet.commit();
  await book.commit();
  return orders;
}
