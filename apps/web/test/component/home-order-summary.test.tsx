import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Row } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { HomeSummary } from '@portal/contracts/order-list';
import { Permission } from '@portal/contracts/permissions';
import { OrderSummary } from '../../src/features/home/components/order-summary';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { switchToMemoryStorage, writeStored } from '../../src/lib/storage';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

const EMPTY: HomeSummary = {
  statusCounts: {
    all: 0,
    draft: 0,
    submitted: 0,
    received: 0,
    in_transit: 0,
    delivered: 0,
    exception: 0,
    returned: 0,
    cancelled: 0,
  },
  today: { orders: 0, charges: [] },
  month: { orders: 0, charges: [] },
  recentExceptions: [],
};

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  switchToMemoryStorage();
  writeStored('permissions', [Permission.OrderView, Permission.OrderCreate]);
  get.mockReset();
});
afterEach(() => cleanup());

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Row>
          <OrderSummary />
        </Row>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('one summary call with the browser offset; a failure shows one error with a retry that loads it', async () => {
  get.mockRejectedValueOnce(new ApiError('The server could not answer', 500));
  get.mockResolvedValueOnce({
    ...EMPTY,
    statusCounts: { ...EMPTY.statusCounts, all: 3, in_transit: 2, exception: 1 },
    today: { orders: 2, charges: [{ amount: 12850, currencyCode: 'CNY' }] },
  });
  mount();
  await screen.findByTestId('home-summary-error');
  expect(screen.getByText('The server could not answer')).toBeTruthy();
  expect(get).toHaveBeenCalledWith(ApiPath.QueryHomeSummary, {
    params: { utcOffsetMinutes: -new Date().getTimezoneOffset() },
    silent: true,
  });

  fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
  await screen.findByTestId('home-status-card');
  expect(get.mock.calls.filter(([path]) => path === ApiPath.QueryHomeSummary)).toHaveLength(2);
  const inTransit = screen.getByTestId('home-status-in_transit');
  expect(inTransit.getAttribute('href')).toBe('/user/orders/order?status=in_transit');
  expect(inTransit.textContent).toContain('2');
  expect(screen.getByTestId('home-shipments-today').textContent).toContain('¥128.50');
});

test('a customer without orders sees "no orders yet" with a way to create one', async () => {
  get.mockResolvedValueOnce(EMPTY);
  mount();
  await screen.findByTestId('home-no-orders');
  expect(screen.getByText('No orders yet')).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('button', { name: /Create an order/ })).toBeTruthy());
  expect(screen.queryByTestId('home-status-all')).toBeNull();
});
