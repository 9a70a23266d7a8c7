import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import type { Address } from '@portal/contracts/address';
import { regionOf } from '../../src/features/address/lib/address-text';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { cnDivisionTreeQuery, useRegionNameInScript } from '../../src/lib/reference/api/get-cn-division-tree';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
afterEach(() => cleanup());
afterAll(() => changeLanguage('zh-CN'));

const address = {
  province: '广东省',
  city: '广州市',
  district: '越秀区',
} as Address;

function Region() {
  const localName = useRegionNameInScript();
  return <span data-testid="region">{regionOf(address, localName)}</span>;
}

function renderWithTree(children: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(cnDivisionTreeQuery.queryKey, [
    {
      name: '广东省',
      code: '44',
      localName: '廣東省',
      children: [
        {
          name: '广州市',
          code: '4401',
          localName: '廣州市',
          children: [{ name: '越秀区', code: '440104', localName: '越秀區' }],
        },
      ],
    },
  ]);
  return render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);
}

test('zh-TW shows stored Simplified division names in Traditional script', async () => {
  await changeLanguage('zh-TW');
  renderWithTree(<Region />);
  expect(screen.getByTestId('region').textContent).toBe('廣東省 / 廣州市 / 越秀區');
});

test('zh-CN and en-US show the names as stored', async () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    await changeLanguage(language);
    renderWithTree(<Region />);
    expect(screen.getByTestId('region').textContent).toBe('广东省 / 广州市 / 越秀区');
    cleanup();
  }
});
