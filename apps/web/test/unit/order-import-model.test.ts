import { describe, expect, test } from 'vitest';
import {
  ORDER_IMPORT_MAX_BYTES,
  type OrderImportRow,
  type OrderImportRows,
  type OrderImportSummary,
} from '@portal/contracts/order-import';
import {
  CommitAttempts,
  cellEditOf,
  cellErrorsOf,
  commitBlockOf,
  fileRefusalOf,
  firstErrorField,
  gridRowsOf,
  insufficientCurrencies,
  isDefinitiveRefusal,
  mappingOfSaved,
  defaultsToSend,
  missingRequiredFields,
  nextErrorIndex,
  pageOfIndex,
  replaceRowsInPage,
  sampleValuesOf,
  viewCountOf,
  withColumn,
  XLSX_MIME,
} from '../../src/features/order-import/lib/order-import-model';

function row(rowNumber: number, patch: Partial<OrderImportRow> = {}): OrderImportRow {
  return {
    rowNumber,
    values: { customerOrderNo: `R${rowNumber}`, consigneeName: 'Ann' },
    errors: [],
    state: 'valid',
    isLead: true,
    leadRowNumber: rowNumber,
    chargeableWeight: 1.2,
    chargeAmount: 4200,
    chargeCurrencyCode: 'CNY',
    orderId: null,
    customerOrderNo: `R${rowNumber}`,
    ...patch,
  };
}

function summary(patch: Partial<OrderImportSummary> = {}): OrderImportSummary {
  return {
    id: 'imp1',
    status: 'ready',
    fileName: 'orders.xlsx',
    productCode: 'US-DDP-EXP',
    shipperAddressId: 'a1',
    headers: [],
    mapping: {},
    mappingName: null,
    defaults: {},
    sampleRows: [],
    rowCount: 12,
    orderCount: 9,
    validOrderCount: 6,
    invalidOrderCount: 2,
    excludedOrderCount: 1,
    createdOrderCount: 0,
    errorCount: 3,
    totals: [{ currencyCode: 'CNY', amount: 50_000, available: 80_000, insufficient: false }],
    progress: 0,
    submit: null,
    commitError: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    committedAt: null,
    expiresAt: '2026-12-03T08:00:00.000Z',
    ...patch,
  };
}

describe('the grid pages', () => {
  test('lines come from their cached page; the others are placeholders that know their index', () => {
    const page1: OrderImportRows = { total: 5, rows: [row(4), row(5)] };
    const rows = gridRowsOf(5, new Map([[1, page1]]), 2);
    expect(rows.map((line) => (line.kind === 'row' ? line.rowNumber : `p${line.index}`))).toEqual([
      'p0',
      'p1',
      4,
      5,
      'p4',
    ]);
    expect(rows[3]).toMatchObject({ kind: 'row', index: 3 });
    expect(pageOfIndex(4, 2)).toBe(2);
    expect(pageOfIndex(199)).toBe(0);
    expect(pageOfIndex(200)).toBe(1);
  });

  test('changed rows replace theirs in place; a page without them stays the same object', () => {
    const page: OrderImportRows = { total: 3, rows: [row(2), row(3, { state: 'invalid' }), row(4)] };
    const fixed = row(3, { state: 'valid', values: { customerOrderNo: 'R3', consigneeName: 'Bo' } });
    const next = replaceRowsInPage(page, new Map([[3, fixed]]));
    expect(next).not.toBe(page);
    expect(next.rows.map((line) => line.state)).toEqual(['valid', 'valid', 'valid']);
    expect(next.rows[1]).toBe(fixed);
    expect(next.rows[0]).toBe(page.rows[0]);
    expect(next.total).toBe(3);
    expect(replaceRowsInPage(page, new Map([[99, fixed]]))).toBe(page);
  });
});

describe('views and errors', () => {
  test('each view counts what the summary counts: lines for all, orders for the others', () => {
    const s = summary();
    expect(viewCountOf(s, 'all')).toBe(12);
    expect(viewCountOf(s, 'invalid')).toBe(2);
    expect(viewCountOf(s, 'valid')).toBe(6);
    expect(viewCountOf(s, 'excluded')).toBe(1);
  });

  test('cell errors are grouped by field', () => {
    const errors = cellErrorsOf({
      errors: [
        { field: 'parcelWeight', message: 'required' },
        { field: 'consigneePhone', message: 'too short' },
        { field: 'parcelWeight', message: 'not a number' },
      ],
    });
    expect(errors.get('parcelWeight')).toEqual(['required', 'not a number']);
    expect(errors.get('consigneePhone')).toEqual(['too short']);
    expect(errors.has('consigneeName')).toBe(false);
  });

  test('"next error" walks the drawn lines with errors and wraps; placeholders are skipped', () => {
    const bad = { errors: [{ field: 'parcelWeight' as const, message: 'x' }] };
    const rows = gridRowsOf(
      6,
      new Map([[0, { total: 6, rows: [row(2), row(3, bad), row(4), row(5, bad)] }]]),
      4,
    );
    expect(nextErrorIndex(rows, -1)).toBe(1);
    expect(nextErrorIndex(rows, 1)).toBe(3);
    expect(nextErrorIndex(rows, 3)).toBe(1);
    expect(nextErrorIndex(gridRowsOf(2, new Map(), 4), -1)).toBeNull();
  });
});

describe('"next error" sideways', () => {
  test('the first field in error, in sheet order', () => {
    expect(
      firstErrorField({
        errors: [
          { field: 'itemQuantity', message: 'x' },
          { field: 'consigneePhone', message: 'y' },
        ],
      }),
    ).toBe('consigneePhone');
    expect(firstErrorField({ errors: [] })).toBeNull();
  });
});

describe('a cell edit', () => {
  test('sends only the edited cell, as typed, and nothing when the text did not change', () => {
    const line = row(7, { values: { consigneeName: 'Ann', parcelWeight: '1.5' } });
    expect(cellEditOf(line, 'parcelWeight', '2')).toEqual({ parcelWeight: '2' });
    expect(cellEditOf(line, 'consigneeName', ' Ann')).toEqual({ consigneeName: ' Ann' });
    expect(cellEditOf(line, 'consigneeName', 'Ann')).toBeNull();
    // A blank cell stays blank: nothing to send.
    expect(cellEditOf(line, 'remark', '')).toBeNull();
    // Clearing a cell sends the blank.
    expect(cellEditOf(line, 'parcelWeight', '')).toEqual({ parcelWeight: '' });
  });
});

describe('the commit', () => {
  test('submit needs money in every currency; drafts do not', () => {
    const short = summary({
      totals: [
        { currencyCode: 'CNY', amount: 50_000, available: 80_000, insufficient: false },
        { currencyCode: 'USD', amount: 9_000, available: 1_000, insufficient: true },
      ],
    });
    expect(commitBlockOf(short, true)).toBe('insufficient');
    expect(commitBlockOf(short, false)).toBeNull();
    expect(insufficientCurrencies(short)).toEqual(['USD']);
    expect(commitBlockOf(summary(), true)).toBeNull();
    expect(commitBlockOf(summary({ validOrderCount: 0 }), false)).toBe('noValidOrders');
    expect(commitBlockOf(summary({ status: 'committing' }), false)).toBe('notReady');
    expect(commitBlockOf(summary({ status: 'mapping' }), true)).toBe('notReady');
  });

  test('one Idempotency-Key per attempt: kept for a retry of it, new once the server answered', () => {
    let counter = 0;
    const attempts = new CommitAttempts(() => `key-${(counter += 1)}`);
    const first = attempts.keyFor('imp1', true);
    // No answer (network, timeout): the same attempt goes again with its key.
    expect(attempts.keyFor('imp1', true)).toBe(first);
    // Another choice is another request: a new key.
    const drafts = attempts.keyFor('imp1', false);
    expect(drafts).not.toBe(first);
    expect(attempts.keyFor('imp1', false)).toBe(drafts);
    // Another import too.
    expect(attempts.keyFor('imp2', false)).not.toBe(drafts);
    attempts.settle();
    expect(attempts.keyFor('imp2', false)).toBe('key-4');
  });

  test('a 4xx answer settles the attempt; no answer or a server failure keeps it', () => {
    expect(isDefinitiveRefusal(409)).toBe(true);
    expect(isDefinitiveRefusal(400)).toBe(true);
    expect(isDefinitiveRefusal(0)).toBe(false);
    expect(isDefinitiveRefusal(500)).toBe(false);
    expect(isDefinitiveRefusal(503)).toBe(false);
  });
});

describe('the mapping step', () => {
  const headers = ['Order ID', 'Buyer', 'Phone', 'Ship country', 'Weight'];

  test('a saved mapping finds its columns by header text; a header the sheet lacks is skipped', () => {
    expect(
      mappingOfSaved(
        {
          customerOrderNo: 'Order ID',
          consigneeName: 'Buyer',
          consigneeCity: 'City',
          parcelWeight: ' Weight ',
        },
        headers,
      ),
    ).toEqual({ customerOrderNo: 0, consigneeName: 1, parcelWeight: 4 });
  });

  test('one column fills one field: taking it moves it; clearing removes the field', () => {
    const mapping = { consigneeName: 1, consigneePhone: 2 };
    expect(withColumn(mapping, 'consigneeCompany', 1)).toEqual({ consigneePhone: 2, consigneeCompany: 1 });
    expect(withColumn(mapping, 'consigneeName', undefined)).toEqual({ consigneePhone: 2 });
    expect(withColumn(mapping, 'consigneeName', 3)).toEqual({ consigneeName: 3, consigneePhone: 2 });
  });

  test('the required fields without a column are named', () => {
    const missing = missingRequiredFields({ customerOrderNo: 0, consigneeName: 1, consigneePhone: 2 });
    expect(missing).toContain('consigneeCountry');
    expect(missing).toContain('parcelWeight');
    expect(missing).not.toContain('consigneeName');
    expect(missing).not.toContain('remark');
    // A sheet without reference numbers is fine: each row is an order, its number generated.
    expect(missingRequiredFields({})).not.toContain('customerOrderNo');
    // A default value stands for a column; a blank one does not.
    const defaulted = missingRequiredFields({}, { parcelWeight: '0.5', itemNameCn: '  ' });
    expect(defaulted).not.toContain('parcelWeight');
    expect(defaulted).toContain('itemNameCn');
  });

  test('defaults sent are trimmed, non-blank, and only for fields without a column that take one', () => {
    expect(
      defaultsToSend(
        { parcelWeight: ' 0.5 ', itemNameCn: '', consigneeName: 'X', customerOrderNo: 'A-1', remark: 'r' },
        { consigneeName: 0 },
      ),
    ).toEqual({ parcelWeight: '0.5', remark: 'r' });
  });

  test('sample values of a column leave blanks out', () => {
    const rows = [
      ['A1', 'Ann'],
      ['A2', ''],
      ['A3', ' Bo '],
    ];
    expect(sampleValuesOf(rows, 1)).toEqual(['Ann', 'Bo']);
    expect(sampleValuesOf(rows, undefined)).toEqual([]);
    expect(sampleValuesOf(rows, 7)).toEqual([]);
  });
});

describe('the file check before sending', () => {
  test('only .xlsx within the contract size', () => {
    expect(fileRefusalOf({ name: 'orders.xlsx', size: 1000, type: XLSX_MIME })).toBeNull();
    expect(fileRefusalOf({ name: 'ORDERS.XLSX', size: 1000, type: '' })).toBeNull();
    expect(fileRefusalOf({ name: 'orders.xls', size: 1000, type: 'application/vnd.ms-excel' })).toBe(
      'notXlsx',
    );
    expect(fileRefusalOf({ name: 'orders.xlsx', size: 10, type: 'text/csv' })).toBe('notXlsx');
    expect(fileRefusalOf({ name: 'orders.xlsx', size: ORDER_IMPORT_MAX_BYTES, type: XLSX_MIME })).toBeNull();
    expect(fileRefusalOf({ name: 'orders.xlsx', size: ORDER_IMPORT_MAX_BYTES + 1, type: XLSX_MIME })).toBe(
      'tooLarge',
    );
  });
});
