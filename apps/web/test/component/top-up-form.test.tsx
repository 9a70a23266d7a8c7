import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { RechargeCreated } from '@portal/contracts/recharge';
import type { Payer } from '../../src/features/recharge/api/create-recharge';
import { TopUpForm } from '../../src/features/recharge/components/top-up-form';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);

const created: RechargeCreated = {
  recharge: {
    id: 'r1',
    rechargeNo: 'R1',
    amount: 10_000,
    currencyCode: 'CNY',
    channel: 'alipay',
    provider: 'sandbox',
    status: 'pending',
    providerTradeNo: null,
    createdByName: null,
    statusReason: null,
    remark: null,
    voucherFileId: null,
    createdAt: '2026-11-26T10:00:00Z',
    paidAt: null,
    closedAt: null,
    expiresAt: null,
  },
  payToken: 'token',
};

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  post.mockReset();
  post.mockImplementation((path: string) =>
    path === ApiPath.CreateRechargeOrder || path === ApiPath.TopUpCreateOrder
      ? Promise.resolve(created)
      : // Starting the payment stays on the way: the form's part ends with the recharge created.
        new Promise(() => undefined),
  );
});
afterEach(() => cleanup());

function renderForm(payer: Payer = { kind: 'signedIn' }) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TopUpForm payer={payer} currencies={['CNY']} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const amountInput = () => screen.getByTestId('top-up-amount') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByTestId('top-up-submit'));

test('a preset fills the amount, and the button names what is paid', async () => {
  renderForm();
  fireEvent.click(screen.getByText('¥500.00'));
  expect(amountInput().value).toBe('500.00');
  // The button follows the watched value, which antd updates after the render.
  await waitFor(() => expect(screen.getByTestId('top-up-submit').textContent).toContain('Pay ¥500.00'));
});

test('an amount that is not one, or outside the range, is refused on its field and nothing is sent', async () => {
  renderForm();
  fireEvent.change(amountInput(), { target: { value: '12.345' } });
  submit();
  expect(await screen.findByText('Enter a valid amount with at most 2 decimals')).toBeTruthy();
  fireEvent.change(amountInput(), { target: { value: '0.50' } });
  submit();
  expect(await screen.findByText('A single top-up must be between ¥1.00 and ¥1,000,000.00')).toBeTruthy();
  expect(post).not.toHaveBeenCalled();
});

test('signed in: the typed yuan go as fen to OrderMall/CreateOrder with an Idempotency-Key', async () => {
  renderForm();
  fireEvent.change(amountInput(), { target: { value: '1,000.29' } });
  submit();
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith(
      ApiPath.CreateRechargeOrder,
      { amount: 100_029, currencyCode: 'CNY', channel: 'alipay' },
      expect.objectContaining({ headers: { 'Idempotency-Key': expect.any(String) } }),
    ),
  );
  // Then the payment starts with the answer's number and token.
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith(
      ApiPath.CreateAlipayOrder,
      { rechargeNo: 'R1', payToken: 'token' },
      expect.anything(),
    ),
  );
});

test('the public page creates through TopUp/CreateOrder with the look-up token', async () => {
  renderForm({ kind: 'public', lookupToken: 'lookup-1' });
  fireEvent.change(amountInput(), { target: { value: '100' } });
  submit();
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith(
      ApiPath.TopUpCreateOrder,
      { amount: 10_000, currencyCode: 'CNY', channel: 'alipay', lookupToken: 'lookup-1' },
      expect.anything(),
    ),
  );
});
