import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Language } from '@portal/contracts/languages';
import { AddressImportModal } from '../../src/features/address/components/address-import-modal';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn(), download: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Makes the page as wide as a laptop or as narrow as a phone for `useIsMobile`. */
function viewport(isPhone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: isPhone,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

async function renderModal(language: Language) {
  await changeLanguage(language);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddressImportModal open onClose={() => undefined} />
    </QueryClientProvider>,
  );
  // The drop zone (antd puts the test id on its file input).
  await waitFor(() => expect(document.querySelector('.ant-upload-drag')).toBeTruthy());
  return document.querySelector<HTMLElement>('.ant-upload-drag')!;
}

const SLOW = 20_000;

test.each([
  { language: 'zh-CN' as const, laptop: '点击或将 .xlsx 文件拖到此处', phone: '点击选择 .xlsx 文件' },
  {
    language: 'en-US' as const,
    laptop: 'Click or drag an .xlsx file here',
    phone: 'Tap to choose an .xlsx file',
  },
  { language: 'zh-TW' as const, laptop: '點擊或將 .xlsx 檔案拖到此處', phone: '點擊選擇 .xlsx 檔案' },
])(
  '$language: the drop zone offers dragging on a laptop and only picking on a phone',
  async ({ language, laptop, phone }) => {
    viewport(false);
    expect((await renderModal(language)).textContent).toContain(laptop);
    cleanup();
    viewport(true);
    const zone = await renderModal(language);
    expect(zone.textContent).toContain(phone);
    expect(zone.textContent).not.toContain(laptop);
  },
  SLOW,
);

test(
  'the row limit is written in the interface language, whatever locale the browser has',
  async () => {
    viewport(false);
    // A German browser: numbers formatted without a locale come out as 10.000.
    const original = Number.prototype.toLocaleString;
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
      this: number,
      locales?: Intl.LocalesArgument,
      options?: Intl.NumberFormatOptions,
    ) {
      return original.call(this, locales ?? 'de-DE', options);
    });
    const zone = await renderModal('en-US');
    expect(zone.textContent).toContain('10,000 rows');
    expect(zone.textContent).not.toContain('10.000');
  },
  SLOW,
);
