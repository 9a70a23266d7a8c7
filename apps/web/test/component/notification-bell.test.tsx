import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { NewNotification, Notification } from '@portal/contracts/notification';
import { NotificationBell } from '../../src/components/notification-bell';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const note = (id: string, patch: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'recharge_result',
  title: '充值已到账',
  body: `充值单 ${id} 的 ¥200.00 已到账，当前余额 ¥200.00`,
  link: '/user/settlement/topUpOnline',
  isRead: false,
  createdAt: '2026-11-26T08:00:00.000Z',
  ...patch,
});

/** The server as the bell sees it: the unread notifications at that moment. */
let unread: Notification[];
const newest = (): NewNotification => ({ unreadCount: unread.length, items: unread.slice(0, 5) });

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
beforeEach(() => {
  unread = [
    note('R1'),
    note('R2', { kind: 'order_exception', title: '订单异常', body: '订单 A-1 出现异常：地址不详' }),
  ];
  get.mockReset().mockImplementation(() => Promise.resolve(newest()));
  post.mockReset().mockImplementation((url: string, body: unknown) => {
    const ids =
      url === ApiPath.MarkAllNotificationsRead ? unread.map((n) => n.id) : (body as { ids: string[] }).ids;
    unread = unread.filter((n) => !ids.includes(n.id));
    return Promise.resolve({ marked: ids.length, unreadCount: unread.length });
  });
});
afterEach(() => cleanup());

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user/index']}>
        <NotificationBell color="#000" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const badgeText = () => screen.getByTestId('notification-bell').textContent ?? '';

test('shows the unread count from QueryNewNotification and lists the newest in the popover', async () => {
  renderBell();
  await waitFor(() => expect(badgeText()).toContain('2'));
  expect(get).toHaveBeenCalledWith(ApiPath.QueryNewNotification, { silent: true });
  expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('消息通知，2 条未读');
  fireEvent.click(screen.getByTestId('notification-bell'));
  const items = await screen.findAllByTestId('notification-bell-item');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('充值单 R1 的 ¥200.00 已到账'),
    expect.stringContaining('订单 A-1 出现异常：地址不详'),
  ]);
});

test('opening a notification marks it read, follows its link and lowers the count', async () => {
  renderBell();
  fireEvent.click(screen.getByTestId('notification-bell'));
  const [first] = await screen.findAllByTestId('notification-bell-item');
  fireEvent.click(first!);
  await waitFor(() => expect(post).toHaveBeenCalledWith(ApiPath.MarkNotificationRead, { ids: ['R1'] }));
  expect(screen.getByTestId('where').textContent).toBe('/user/settlement/topUpOnline');
  await waitFor(() =>
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('消息通知，1 条未读'),
  );
});

test('mark all as read empties the badge; with nothing unread the popover says so', async () => {
  renderBell();
  await waitFor(() => expect(badgeText()).toContain('2'));
  fireEvent.click(screen.getByTestId('notification-bell'));
  fireEvent.click(await screen.findByTestId('notification-bell-mark-all'));
  await waitFor(() => expect(post).toHaveBeenCalledWith(ApiPath.MarkAllNotificationsRead, {}));
  await waitFor(() => expect(screen.getByText('没有未读消息')).toBeTruthy());
  expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('消息通知，0 条未读');
  expect(screen.queryAllByTestId('notification-bell-item')).toHaveLength(0);
});

test('a failed poll shows nothing alarming in the header and offers a retry in the popover', async () => {
  get
    .mockReset()
    .mockRejectedValueOnce(new Error('offline'))
    .mockImplementation(() => Promise.resolve(newest()));
  renderBell();
  fireEvent.click(screen.getByTestId('notification-bell'));
  fireEvent.click(await screen.findByTestId('notification-bell-retry'));
  await waitFor(() => expect(badgeText()).toContain('2'));
});
