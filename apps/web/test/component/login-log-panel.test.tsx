import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { LoginLogEntry } from '@portal/contracts/auth';
import type { Page } from '@portal/contracts/pagination';
import { LoginLogPanel } from '../../src/features/user-center/components/login-log-panel';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

beforeAll(async () => {
  await changeLanguage('en-US');
});
afterEach(() => cleanup());

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('shows the readable device, the raw agent only when no device is known, and folded attempts', async () => {
  const items: LoginLogEntry[] = [
    {
      id: '1',
      time: '2026-11-23T08:00:00.000Z',
      ip: '10.0.0.1',
      userAgent: CHROME_UA,
      device: 'Chrome 131 · Windows 11',
      method: 'password',
      result: 'success',
      attempts: 1,
    },
    {
      id: '2',
      time: '2026-11-23T07:00:00.000Z',
      ip: '10.0.0.2',
      userAgent: 'LogTest/1.0',
      device: '',
      method: 'password_change',
      result: 'throttled',
      attempts: 6,
    },
  ];
  get.mockResolvedValue({ items, total: 2, pageIndex: 1, pageSize: 10 } satisfies Page<LoginLogEntry>);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginLogPanel />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Chrome 131 · Windows 11')).toBeTruthy();
  expect(screen.queryByText(CHROME_UA)).toBeNull();
  expect(screen.getByText('LogTest/1.0')).toBeTruthy();
  expect(screen.getByText('Password change')).toBeTruthy();
  expect(screen.getByText(/· 6 attempts/)).toBeTruthy();
});
