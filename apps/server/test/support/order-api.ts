import type { AddressInput } from '@portal/contracts/address';
import type { Order, OrderCreated, OrderCreateInput } from '@portal/contracts/order';
import type { WalletBalance } from '@portal/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import { postLedgerEntry } from '../../src/modules/wallet/ledger.ts';
import { createCustomer } from './factories.ts';
import { call, signIn } from './test-app.ts';

/** Order API tests' shared pieces: a valid create body, the order calls of one user, row counts. */

/** A seeded product for the United States (rate card in CNY, no batteries, DDP). */
export const US_PRODUCT = 'US-DDP-EXP';

export const shipper = (overrides: Partial<AddressInput> = {}) => ({
  name: '张三',
  company: '深圳市演示科技有限公司',
  phone: '13800138000',
  countryCode: 'CN',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  postalCode: '518000',
  addressLine1: '科技园南区 1 栋 101',
  ...overrides,
});

export const consignee = (overrides: Partial<AddressInput> = {}) => ({
  name: 'Jane Doe',
  phone: '+1 (555) 123-4567',
  email: 'jane@example.com',
  countryCode: 'US',
  province: 'CA',
  city: 'Los Angeles',
  postalCode: '90001',
  addressLine1: '1 Main Street',
  ...overrides,
});

/** A valid Create body for US_PRODUCT: one 1.2 kg parcel, two T-shirts at $15.00. */
export const orderBody = (overrides: Partial<OrderCreateInput> = {}): OrderCreateInput => ({
  productCode: US_PRODUCT,
  shipper: shipper(),
  consignee: consignee(),
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  items: [
    {
      nameCn: 'T恤',
      nameEn: 'T-shirt',
      hsCode: '6109.10.00',
      quantity: 2,
      unitPrice: 1500,
      currencyCode: 'USD',
      unitWeight: 0.3,
      originCountryCode: 'CN',
    },
  ],
  hasBattery: false,
  customsTerms: 'DDP',
  ...overrides,
});

/** A new customer and its main user's token. */
export async function newOrderCustomer(app: FastifyInstance) {
  const { customerId, main } = await createCustomer(app.db);
  const { jwtToken } = await signIn(app, main);
  return { customerId, token: jwtToken, userId: main.userId };
}

/** The main user of a customer: whom an export task runs for in tests (the unit data scope sees all). */
export async function mainUserIdOf(db: Db, customerId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('user_type', '=', 'main')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Credits the customer's CNY wallet through the ledger writer (as a recharge would). */
export const fundCny = (db: Db, customerId: string, amount: number) =>
  postLedgerEntry(db, { customerId, currencyCode: 'CNY', entryType: 'recharge', amount, heldChange: 0 });

/** The order calls (and the CNY balance) of one signed-in user, in one language. */
export function orderApi(app: FastifyInstance, token: string, language = 'zh-CN') {
  const headers = { 'accept-language': language };
  return {
    create: (body: unknown, extra: Record<string, string> = {}) =>
      call<OrderCreated>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/Create',
        token,
        body,
        headers: { ...headers, ...extra },
      }),
    submit: (id: string) =>
      call<OrderCreated>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/Submit',
        token,
        body: { id },
        headers,
      }),
    get: (id: string) => call<Order>(app, { url: '/api/CustomerOrder/Get', token, query: { id }, headers }),
    cancel: (ids: string[]) =>
      call<{ cancelled: number }>(app, {
        method: 'POST',
        url: '/api/CustomerOrder/Cancel',
        token,
        body: { ids },
        headers,
      }),
    balance: async () => {
      const answer = await call<WalletBalance[]>(app, {
        url: '/api/CustomerWallet/QueryBalance',
        token,
        headers,
      });
      return answer.data.find((wallet) => wallet.currencyCode === 'CNY');
    },
  };
}

const countRows = async (db: Db, table: 'orders' | 'ledger_entries', customerId: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).count,
  );
export const countCustomerOrders = (db: Db, customerId: string) => countRows(db, 'orders', customerId);
export const countCustomerLedgerRows = (db: Db, customerId: string) =>
  countRows(db, 'ledger_entries', customerId);
