import { LANGUAGES } from '@portal/contracts/languages';
import { ORDER_SHEET_COLUMNS, type OrderSheetMapping } from '@portal/contracts/order-import';
import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  headerSignature,
  mappingColumns,
  mappingFromColumns,
  unmappedRequiredFields,
} from '../../src/modules/order-import/order-import-mapping.ts';
import { currentCells } from '../../src/modules/order-import/order-import-report.ts';

/** field → header text of the guessed column, to read the expectations as a user would. */
const guessed = (headers: string[]) =>
  Object.fromEntries(Object.entries(guessMapping(headers)).map(([field, index]) => [field, headers[index]]));

const noColumnTwice = (mapping: OrderSheetMapping) => {
  const columns = Object.values(mapping);
  expect(new Set(columns).size).toBe(columns.length);
};

describe('guessMapping', () => {
  it("maps a Shopify orders export (Name is the order number, the shipping columns win over billing's)", () => {
    const headers = [
      'Name',
      'Email',
      'Financial Status',
      'Currency',
      'Subtotal',
      'Shipping',
      'Taxes',
      'Lineitem quantity',
      'Lineitem name',
      'Lineitem price',
      'Lineitem compare at price',
      'Lineitem sku',
      'Billing Name',
      'Billing Street',
      'Billing Address1',
      'Billing Phone',
      'Shipping Name',
      'Shipping Street',
      'Shipping Address1',
      'Shipping Address2',
      'Shipping Company',
      'Shipping City',
      'Shipping Zip',
      'Shipping Province',
      'Shipping Country',
      'Shipping Phone',
      'Notes',
      'Payment Reference',
      'Phone',
      'Shipping Province Name',
    ];
    const mapping = guessMapping(headers);
    noColumnTwice(mapping);
    expect(guessed(headers)).toEqual({
      customerOrderNo: 'Name',
      consigneeEmail: 'Email',
      itemCurrency: 'Currency',
      itemQuantity: 'Lineitem quantity',
      itemNameEn: 'Lineitem name',
      itemUnitPrice: 'Lineitem price',
      itemSku: 'Lineitem sku',
      consigneeName: 'Shipping Name',
      consigneeAddressLine1: 'Shipping Address1',
      consigneeAddressLine2: 'Shipping Address2',
      consigneeCompany: 'Shipping Company',
      consigneeCity: 'Shipping City',
      consigneePostalCode: 'Shipping Zip',
      consigneeProvince: 'Shipping Province',
      consigneeCountry: 'Shipping Country',
      consigneePhone: 'Shipping Phone',
      remark: 'Notes',
    });
  });

  it('maps an Amazon order report: the recipient, not the buyer, and no money column as the price but item-price', () => {
    const headers = [
      'order-id',
      'order-item-id',
      'purchase-date',
      'buyer-email',
      'buyer-name',
      'buyer-phone-number',
      'sku',
      'product-name',
      'quantity-purchased',
      'currency',
      'item-price',
      'item-tax',
      'shipping-price',
      'shipping-tax',
      'ship-service-level',
      'recipient-name',
      'ship-address-1',
      'ship-address-2',
      'ship-address-3',
      'ship-city',
      'ship-state',
      'ship-postal-code',
      'ship-country',
      'ship-phone-number',
    ];
    expect(guessed(headers)).toEqual({
      customerOrderNo: 'order-id',
      consigneeEmail: 'buyer-email',
      itemSku: 'sku',
      itemNameEn: 'product-name',
      itemQuantity: 'quantity-purchased',
      itemCurrency: 'currency',
      itemUnitPrice: 'item-price',
      consigneeName: 'recipient-name',
      consigneeAddressLine1: 'ship-address-1',
      consigneeAddressLine2: 'ship-address-2',
      consigneeAddressLine3: 'ship-address-3',
      consigneeCity: 'ship-city',
      consigneeProvince: 'ship-state',
      consigneePostalCode: 'ship-postal-code',
      consigneeCountry: 'ship-country',
      consigneePhone: 'ship-phone-number',
    });
  });

  it('maps an eBay orders report to the ship-to columns, leaving the buyer address and tracking number alone', () => {
    const headers = [
      'Sales Record Number',
      'Order Number',
      'Buyer Name',
      'Buyer Address 1',
      'Buyer Country',
      'Ship To Name',
      'Ship To Phone',
      'Ship To Address 1',
      'Ship To City',
      'Ship To State',
      'Ship To Zip',
      'Ship To Country',
      'Item Title',
      'Custom Label',
      'Quantity',
      'Sold For',
      'Tracking Number',
    ];
    expect(guessed(headers)).toEqual({
      customerOrderNo: 'Order Number',
      consigneeName: 'Ship To Name',
      consigneePhone: 'Ship To Phone',
      consigneeAddressLine1: 'Ship To Address 1',
      consigneeCity: 'Ship To City',
      consigneeProvince: 'Ship To State',
      consigneePostalCode: 'Ship To Zip',
      consigneeCountry: 'Ship To Country',
      itemNameEn: 'Item Title',
      itemSku: 'Custom Label',
      itemQuantity: 'Quantity',
      itemUnitPrice: 'Sold For',
    });
  });

  it('maps Chinese seller and TikTok Shop / Shopee style headers', () => {
    const chinese = [
      '订单号',
      '收货人',
      '收货人电话',
      '国家',
      '省份',
      '城市',
      '邮编',
      '详细地址',
      '中文品名',
      '英文品名',
      '数量',
      '单价',
      '币种',
      '重量',
    ];
    expect(guessed(chinese)).toEqual({
      customerOrderNo: '订单号',
      consigneeName: '收货人',
      consigneePhone: '收货人电话',
      consigneeCountry: '国家',
      consigneeProvince: '省份',
      consigneeCity: '城市',
      consigneePostalCode: '邮编',
      consigneeAddressLine1: '详细地址',
      itemNameCn: '中文品名',
      itemNameEn: '英文品名',
      itemQuantity: '数量',
      itemUnitPrice: '单价',
      itemCurrency: '币种',
      parcelWeight: '重量',
    });
    const tiktok = [
      'Order ID',
      'Seller SKU',
      'Product Name',
      'Quantity',
      'SKU Unit Original Price',
      'Recipient',
      'Phone #',
      'Zipcode',
      'Country',
      'State',
      'City',
      'Detail Address',
      'Additional address information',
    ];
    expect(guessed(tiktok)).toEqual({
      customerOrderNo: 'Order ID',
      itemSku: 'Seller SKU',
      itemNameEn: 'Product Name',
      itemQuantity: 'Quantity',
      itemUnitPrice: 'SKU Unit Original Price',
      consigneeName: 'Recipient',
      consigneePhone: 'Phone #',
      consigneePostalCode: 'Zipcode',
      consigneeCountry: 'Country',
      consigneeProvince: 'State',
      consigneeCity: 'City',
      consigneeAddressLine1: 'Detail Address',
      consigneeAddressLine2: 'Additional address information',
    });
  });

  it('recognises the template headers in every language, with or without the required mark', () => {
    for (const language of LANGUAGES) {
      const headers = ORDER_SHEET_COLUMNS.map((c) =>
        c.required ? `${c.header[language]} *` : c.header[language],
      );
      const mapping = guessMapping(headers);
      ORDER_SHEET_COLUMNS.forEach((column, index) => expect(mapping[column.field], language).toBe(index));
    }
  });

  it('prefers an exact header over one that merely contains the name, and never uses a column twice', () => {
    const headers = ['Customer phone (mobile)', 'Phone', 'Weight of the parcel', 'Address'];
    const mapping = guessMapping(headers);
    expect(mapping.consigneePhone).toBe(1);
    expect(mapping.consigneeAddressLine1).toBe(3);
    noColumnTwice(mapping);
    // A header that contains a name gets the field when no header is the name.
    expect(guessMapping(['Parcel gross weight (kg)']).parcelWeight).toBe(0);
    expect(guessMapping(['Customer phone (mobile)']).consigneePhone).toBe(0);
  });

  it('guesses nothing for blank or unknown headers', () => {
    expect(guessMapping(['', '   ', 'Foo', 'Lorem ipsum'])).toEqual({});
  });
});

describe('saved mappings against a sheet', () => {
  const headers = ['order-id', 'recipient-name', 'Ship Phone', 'ship-country'];

  it('round-trips a mapping through header texts, whatever the column order of the next sheet', () => {
    const columns = mappingColumns({ customerOrderNo: 0, consigneeName: 1, consigneeCountry: 3 }, headers);
    expect(columns).toEqual({
      customerOrderNo: 'order-id',
      consigneeName: 'recipient-name',
      consigneeCountry: 'ship-country',
    });
    const next = ['ship-country', 'Recipient-Name', 'order-id'];
    expect(mappingFromColumns(columns, next)).toEqual({
      mapping: { consigneeCountry: 0, consigneeName: 1, customerOrderNo: 2 },
      missing: [],
    });
    expect(mappingFromColumns(columns, ['order-id'])).toEqual({
      mapping: { customerOrderNo: 0 },
      missing: ['consigneeName', 'consigneeCountry'],
    });
  });

  it('signs a header row by its set of headers (order, case, spaces and blanks aside)', () => {
    expect(headerSignature(headers)).toBe(
      headerSignature(['ship-country', 'Ship  Phone', '', 'ORDER-ID', 'recipient-name']),
    );
    expect(headerSignature(headers)).not.toBe(headerSignature([...headers, 'extra']));
  });

  it('requires every template-required field but the reference number (and never the product)', () => {
    const missing = unmappedRequiredFields({});
    expect(missing).not.toContain('customerOrderNo');
    expect(missing).not.toContain('productCode');
    expect(missing).toContain('consigneeName');
    expect(missing).toContain('parcelWeight');
    expect(missing).toContain('itemNameCn');
  });
});

describe('error report cells', () => {
  it("writes the grid's current values into the mapped columns and keeps the others as uploaded", () => {
    const cells = ['114-1', '2026-11-20', 'Jane', 'LA'];
    const mapping = { customerOrderNo: 0, consigneeName: 2, consigneeCity: 3, remark: 5 };
    expect(
      currentCells(cells, { customerOrderNo: '114-1', consigneeName: 'Jane Doe', remark: 'late' }, mapping),
    ).toEqual(['114-1', '2026-11-20', 'Jane Doe', '', '', 'late']);
    // Not mapped yet: the row exactly as uploaded.
    expect(currentCells(cells, null, mapping)).toEqual(cells);
  });
});
