import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import { MAX_PASTED_NUMBERS } from '@portal/contracts/order-list';
import type { ProductInfo } from '@portal/contracts/product';
import { OrderFilters } from '../../src/features/order/components/order-filters';
import { EMPTY_ORDER_SEARCH, type OrderListSearch } from '../../src/features/order/lib/order-list-search';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

beforeAll(async () => {
  await changeLanguage('en-US');
});
beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    path === ApiPath.QueryAllProducts || path === ApiPath.GetCountry
      ? Promise.resolve([] as ProductInfo[])
      : Promise.reject(new Error(`unexpected ${path}`)),
  );
});
afterEach(() => cleanup());

function renderFilters(search: OrderListSearch = EMPTY_ORDER_SEARCH) {
  const onSearch = vi.fn<(next: OrderListSearch) => void>();
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderFilters search={search} onSearch={onSearch} />
    </QueryClientProvider>,
  );
  return { onSearch, view };
}

const numbersBox = () => screen.getByTestId('order-filter-numbers');

test('the numbers box counts the distinct numbers as they are typed', () => {
  renderFilters();
  fireEvent.change(numbersBox(), { target: { value: 'A1, A1\nB2；C3\tD4' } });
  expect(screen.getByTestId('order-numbers-count').textContent).toContain('4 number(s) recognized');
});

test('Ctrl+Enter in the numbers box searches, from page 1, keeping the tab', () => {
  const { onSearch } = renderFilters({ ...EMPTY_ORDER_SEARCH, status: 'exception', page: 4 });
  fireEvent.change(numbersBox(), { target: { value: 'A1 B2' } });
  fireEvent.keyDown(numbersBox(), { key: 'Enter' });
  expect(onSearch).not.toHaveBeenCalled();
  fireEvent.keyDown(numbersBox(), { key: 'Enter', ctrlKey: true });
  expect(onSearch).toHaveBeenCalledWith({
    ...EMPTY_ORDER_SEARCH,
    status: 'exception',
    numbers: ['A1', 'B2'],
  });
});

test('Enter in the keyword field searches with the keyword trimmed', () => {
  const { onSearch } = renderFilters();
  const keyword = screen.getByTestId('order-filter-keyword');
  fireEvent.change(keyword, { target: { value: '  John  ' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_ORDER_SEARCH, keyword: 'John' });
});

test('more than 500 numbers are flagged and not searched', () => {
  const { onSearch } = renderFilters();
  const many = Array.from({ length: MAX_PASTED_NUMBERS + 1 }, (_, i) => `N${i}`).join('\n');
  fireEvent.change(numbersBox(), { target: { value: many } });
  expect(screen.getByTestId('order-numbers-count').textContent).toContain(
    `${MAX_PASTED_NUMBERS + 1} numbers`,
  );
  fireEvent.click(screen.getByTestId('order-search'));
  expect(onSearch).not.toHaveBeenCalled();
});

test('a search arriving from the URL (back/forward) shows in the fields; reset keeps only the tab', () => {
  const { onSearch, view } = renderFilters();
  view.rerender(
    <QueryClientProvider client={new QueryClient()}>
      <OrderFilters
        search={{ ...EMPTY_ORDER_SEARCH, status: 'draft', numbers: ['X1', 'Y2'], keyword: 'Berlin' }}
        onSearch={onSearch}
      />
    </QueryClientProvider>,
  );
  expect((numbersBox() as HTMLTextAreaElement).value).toBe('X1\nY2');
  expect((screen.getByTestId('order-filter-keyword') as HTMLInputElement).value).toBe('Berlin');
  fireEvent.click(screen.getByTestId('order-filter-reset'));
  expect(onSearch).toHaveBeenCalledWith({ ...EMPTY_ORDER_SEARCH, status: 'draft' });
});
