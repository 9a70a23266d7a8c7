import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiCode } from '@portal/contracts/envelope';
import { ListLoadError } from '../../src/components/list-load-error';
import { LoginLogPanel } from '../../src/features/user-center/components/login-log-panel';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

const failure = () =>
  new ApiError('服务器处理请求时出错，请稍后重试；如仍失败，请联系客服。', 500, null, true, 'req-77');

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
beforeEach(() => {
  get.mockReset();
});
afterEach(() => cleanup());

function renderWithQueries(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

test('the shared error state says what failed, shows the request id small and retries', () => {
  const onRetry = vi.fn();
  render(<ListLoadError error={failure()} onRetry={onRetry} />);
  expect(screen.getByText('列表没有加载出来')).toBeTruthy();
  expect(screen.getByText('服务器处理请求时出错，请稍后重试；如仍失败，请联系客服。')).toBeTruthy();
  expect(screen.getByTestId('list-load-error-request-id').textContent).toBe('请求编号：req-77');
  fireEvent.click(screen.getByTestId('list-retry'));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('an error that is not an API error still reads as words, without a request id', async () => {
  await changeLanguage('en-US');
  render(<ListLoadError error={new TypeError('x is undefined')} onRetry={vi.fn()} />);
  expect(screen.getByText('This list could not be loaded')).toBeTruthy();
  expect(screen.getByText('The request failed. Please try again later.')).toBeTruthy();
  expect(screen.queryByTestId('list-load-error-request-id')).toBeNull();
  await changeLanguage('zh-CN');
});

test('a login log whose load fails shows the error state with retry, never the empty table, and recovers', async () => {
  get.mockRejectedValueOnce(failure()).mockResolvedValue({
    items: [
      {
        id: 'l1',
        time: '2026-11-23T06:05:00.000Z',
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0',
        method: 'password',
        result: 'success',
      },
    ],
    total: 1,
  });
  renderWithQueries(<LoginLogPanel />);
  await screen.findByTestId('list-load-error');
  expect(screen.queryByText('暂无数据')).toBeNull();
  expect(screen.queryByTestId('login-log')).toBeNull();

  fireEvent.click(screen.getByTestId('list-retry'));
  await screen.findByText('203.0.113.9');
  expect(screen.queryByTestId('list-load-error')).toBeNull();
  expect(get).toHaveBeenCalledTimes(2);
});

test('an API error code other than 500 shows the server message it carried', () => {
  render(
    <ListLoadError
      error={new ApiError('对不起，您没有操作权限：address:view', ApiCode.Forbidden)}
      onRetry={vi.fn()}
    />,
  );
  expect(screen.getByText('对不起，您没有操作权限：address:view')).toBeTruthy();
});
