import type { Language } from '@portal/contracts/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrderCustomer, shipper } from '../support/order-api.ts';
import { importApi, orderSheet, validRow } from '../support/order-sheets.ts';
import { call, createTestApp, ENGINE, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A customer with a default sender address, its token and its import calls. */
async function newImporter(language: Language = 'zh-CN') {
  const { customerId, token } = await newOrderCustomer(t.app);
  const address = await call<{ id: string }>(t.app, {
    method: 'POST',
    url: '/api/CustomerAddress/Insert',
    token,
    body: { ...shipper(), addressType: 'sender', isDefault: true },
  });
  expect(address.success).toBe(true);
  return { customerId, token, senderId: address.data.id, api: importApi(t.app, token, language) };
}

describe(`batch import preview on ${ENGINE}`, () => {
  it.each(['zh-CN', 'en-US', 'zh-TW'] as const)(
    'reads a template sheet in %s and prices every order',
    async (language) => {
      const { api, senderId } = await newImporter(language);
      const rows = [
        validRow(1),
        validRow(2, { customerOrderNo: '' }),
        validRow(3, { consigneeCountry: 'United States' }),
      ];
      const answer = await api.preview(await orderSheet(rows, language));
      expect(answer).toMatchObject({
        code: 200,
        success: true,
        data: {
          status: 'ready',
          shipperAddressId: senderId,
          rowCount: 3,
          orderCount: 3,
          validOrderCount: 3,
          invalidOrderCount: 0,
          errorCount: 0,
        },
      });
      const [total] = answer.data.totals;
      expect(total).toMatchObject({ currencyCode: 'CNY', available: 0, insufficient: true });
      const page = await api.rows(answer.data.id);
      expect(page.data.total).toBe(3);
      const first = page.data.rows[0]!;
      expect(first).toMatchObject({
        rowNumber: 2,
        state: 'valid',
        isLead: true,
        leadRowNumber: 2,
        customerOrderNo: 'REF-1',
      });
      expect(first.values.consigneeCountry).toBe('US');
      expect(first.chargeAmount).toBeGreaterThan(0);
      expect(first.chargeableWeight).toBeGreaterThan(0);
      expect(total!.amount).toBe(page.data.rows.reduce((sum, row) => sum + (row.chargeAmount ?? 0), 0));

      // The create page prices the same order at the same amount.
      const stored = await t.app.db
        .selectFrom('order_import_rows')
        .select('order_input')
        .where('import_id', '=', answer.data.id)
        .where('row_number', '=', 2)
        .executeTakeFirstOrThrow();
      const input = JSON.parse(stored.order_input!);
      expect(input).toMatchObject({
        productCode: 'US-DDP-EXP',
        customerOrderNo: 'REF-1',
        consignee: { countryCode: 'US', name: 'Jane Doe 1' },
        parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
        items: [{ nameCn: 'T恤', quantity: 2, unitPrice: 1500, currencyCode: 'USD', hsCode: '61091000' }],
        hasBattery: false,
        customsTerms: 'DDP',
      });
      expect(input.shipperAddressId).toBeUndefined();
    },
  );
});
