import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatFileSize } from '../../src/lib/file-size';
import { startLazyList } from '../../src/lib/lazy-list';
import { listPagination } from '../../src/lib/list-pagination';
import { DEFAULT_LAYOUT_SETTINGS, normalizeLayoutSettings } from '../../src/lib/layout-settings';
import { PAGE_SIZE_OPTIONS, readPageSize, savePageSize } from '../../src/lib/page-size';
import { newPasswordProblem } from '../../src/lib/password-rule';
import { switchToMemoryStorage, writeStored } from '../../src/lib/storage';
import { UPLOAD_ACCEPT, isAllowedUpload } from '../../src/lib/upload-types';

describe('file size', () => {
  test.each([
    [0, '0.00 B'],
    [512, '512.00 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [5 * 1024 * 1024, '5.00 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [2048 * 1024 ** 3, '2048.00 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('page size', () => {
  beforeEach(() => switchToMemoryStorage());

  test('defaults to 10 and offers 10/20/50/100/500', () => {
    expect(readPageSize()).toBe(10);
    expect([...PAGE_SIZE_OPTIONS]).toEqual([10, 20, 50, 100, 500]);
  });

  test('a chosen size is kept; an invalid stored size falls back to 10', () => {
    savePageSize(100);
    expect(readPageSize()).toBe(100);
    savePageSize(33);
    expect(readPageSize()).toBe(100);
    writeStored('pageSize', 7);
    expect(readPageSize()).toBe(10);
  });

  test('the pager saves a new size and reports it, and reports a page change alone', () => {
    const onPage = vi.fn();
    const onPageSize = vi.fn();
    const pager = listPagination({ page: 3, pageSize: 20, total: 95, onPage, onPageSize });
    expect(pager).toMatchObject({ current: 3, pageSize: 20, total: 95, showSizeChanger: true });
    expect(pager.pageSizeOptions).toEqual(['10', '20', '50', '100', '500']);
    pager.onChange?.(4, 20);
    expect(onPage).toHaveBeenCalledWith(4);
    expect(onPageSize).not.toHaveBeenCalled();
    pager.onChange?.(1, 50);
    expect(onPageSize).toHaveBeenCalledWith(50);
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(readPageSize()).toBe(50);
  });
});

describe('lazy list loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('shows the first chunk at once and one more chunk each second', () => {
    const seen: number[] = [];
    let done = false;
    startLazyList(
      Array.from({ length: 25 }, (_, i) => i),
      10,
      (visible, isDone) => {
        seen.push(visible.length);
        done = isDone;
      },
    );
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([10]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([10, 20]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([10, 20, 25]);
    expect(done).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([10, 20, 25]);
  });

  test('stopping it stops the chunks', () => {
    const onChunk = vi.fn();
    const stop = startLazyList([1, 2, 3], 1, onChunk);
    stop();
    vi.advanceTimersByTime(5000);
    expect(onChunk).toHaveBeenCalledTimes(1);
  });
});

describe('upload types', () => {
  test('accepts the section 5 types and refuses others', () => {
    const file = (name: string, type: string, size = 10) => ({ name, type, size });
    expect(
      isAllowedUpload(file('a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
    ).toBe(true);
    expect(isAllowedUpload(file('a.png', 'image/png'))).toBe(true);
    expect(isAllowedUpload(file('a.txt', 'text/plain'))).toBe(true);
    expect(isAllowedUpload(file('a.rar', ''))).toBe(true);
    expect(isAllowedUpload(file('a.exe', 'application/x-msdownload'))).toBe(false);
    expect(isAllowedUpload(file('a.html', 'text/html'))).toBe(false);
    expect(isAllowedUpload(file('a.pdf', 'application/pdf', 50 * 1024 * 1024))).toBe(false);
    expect(UPLOAD_ACCEPT).toContain('.docx');
  });
});

describe('layout settings', () => {
  test('defaults: header layout, fluid width, multi-tab, fixed header, #005adc, light page', () => {
    expect(normalizeLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(DEFAULT_LAYOUT_SETTINGS).toMatchObject({
      layout: 'top',
      contentWidth: 'fluid',
      multiTab: true,
      fixedHeader: true,
      colorPrimary: '#005adc',
      darkMode: false,
    });
  });

  test('invalid stored values fall back one by one', () => {
    const settings = normalizeLayoutSettings({
      layout: 'mix',
      colorPrimary: 'red',
      darkMode: 'yes' as never,
    });
    expect(settings.layout).toBe('mix');
    expect(settings.colorPrimary).toBe('#005adc');
    expect(settings.darkMode).toBe(false);
  });
});

describe('new password rule (same schema as the server)', () => {
  test.each([
    ['short1', 'password.tooShort'],
    ['abcdefghij', 'password.needsDigit'],
    ['1234567890', 'password.needsLetter'],
    ['a1'.repeat(40), 'password.tooLong'],
    ['Portal2025', null],
  ])('%s → %s', (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });
});
