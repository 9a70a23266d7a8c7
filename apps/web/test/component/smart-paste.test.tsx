import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Country, CnDivisionTreeNode } from '@portal/contracts/reference';
import { SmartPaste } from '../../src/components/smart-paste';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

const tree: CnDivisionTreeNode[] = [
  {
    name: '广东省',
    code: '440000',
    children: [{ name: '深圳市', code: '440300', children: [{ name: '南山区', code: '440305' }] }],
  },
];
const countries: Country[] = [
  {
    code: 'US',
    name: { 'zh-CN': '美国', 'en-US': 'United States', 'zh-TW': '美國' },
    postalCodePattern: '^\\d{5}(-\\d{4})?$',
    postalCodeExample: '90210',
  },
];

/** The reference calls answer from the "server" (the component loads them through the query cache). */
function answerReference(fail = false) {
  get.mockImplementation((path: string) => {
    if (fail) return Promise.reject(new Error('offline'));
    if (path === ApiPath.GetCnDivisionTree) return Promise.resolve(tree);
    if (path === ApiPath.GetCountry) return Promise.resolve(countries);
    return Promise.reject(new Error(`unexpected ${path}`));
  });
}

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
beforeEach(() => {
  get.mockReset();
});
afterEach(() => cleanup());

function renderPaste(onParsed = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SmartPaste onParsed={onParsed} defaultOpen />
    </QueryClientProvider>,
  );
  return onParsed;
}

const textBox = () => screen.getByTestId('smart-paste-text');
const eventually = (check: () => void) => waitFor(check, { timeout: 5_000 });

test('fills the fields it found, names them, and lists what it could not place', async () => {
  answerReference();
  const onParsed = renderPaste();
  fireEvent.change(textBox(), {
    target: { value: '张三 13800138000 广东深圳南山区科技园 腾讯大厦\n备注：周末不收货' },
  });
  fireEvent.click(screen.getByTestId('smart-paste-recognize'));

  await eventually(() => expect(onParsed).toHaveBeenCalledTimes(1));
  expect(onParsed.mock.calls[0]?.[0]).toEqual({
    name: '张三',
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    addressLine1: '科技园 腾讯大厦',
  });
  const filled = screen.getByTestId('smart-paste-filled');
  expect([...filled.querySelectorAll('[data-field]')].map((tag) => tag.getAttribute('data-field'))).toEqual([
    'name',
    'phone',
    'countryCode',
    'province',
    'city',
    'district',
    'addressLine1',
  ]);
  expect(filled.textContent).toContain('已填写');
  expect(screen.getByTestId('smart-paste-unplaced').textContent).toBe('周末不收货');
  expect(screen.getByText('未能识别：')).toBeTruthy();
});

test('Ctrl+Enter recognizes; fields the form could not take are listed as not placed', async () => {
  answerReference();
  const onParsed = renderPaste(vi.fn(() => ['province' as const]));
  fireEvent.change(textBox(), { target: { value: '123 Main St, Springfield, IL 62704, USA' } });
  fireEvent.keyDown(textBox(), { key: 'Enter', ctrlKey: true });

  await eventually(() => expect(onParsed).toHaveBeenCalledTimes(1));
  expect(onParsed.mock.calls[0]?.[0]).toMatchObject({
    countryCode: 'US',
    city: 'Springfield',
    postalCode: '62704',
  });
  expect(screen.getByTestId('smart-paste-unplaced').textContent).toBe('省/州：IL');
  expect(screen.getByTestId('smart-paste-filled').querySelector('[data-field="province"]')).toBeNull();
});

test('says so when nothing could be filled, without touching the form', async () => {
  answerReference();
  const onParsed = renderPaste();
  fireEvent.change(textBox(), { target: { value: '你好 请问发货了吗' } });
  fireEvent.click(screen.getByTestId('smart-paste-recognize'));
  await eventually(() => expect(screen.getByTestId('smart-paste-nothing')).toBeTruthy());
  expect(onParsed).not.toHaveBeenCalled();
  expect(screen.getByTestId('smart-paste-unplaced').textContent).toBe('你好 请问发货了吗');
});

test('a failed reference load shows the error with a retry that works, and keeps the text', async () => {
  answerReference(true);
  const onParsed = renderPaste();
  fireEvent.change(textBox(), { target: { value: '张三 13800138000 广东省深圳市南山区科技园' } });
  fireEvent.click(screen.getByTestId('smart-paste-recognize'));
  const error = await screen.findByTestId('smart-paste-error');
  expect(error.textContent).toContain('地区数据加载失败');
  expect(onParsed).not.toHaveBeenCalled();
  expect((textBox() as HTMLTextAreaElement).value).toContain('张三');

  answerReference();
  // antd spaces out two-character button texts ("重 试").
  fireEvent.click(within(error).getByRole('button'));
  await eventually(() => expect(onParsed).toHaveBeenCalledTimes(1));
  expect(screen.queryByTestId('smart-paste-error')).toBeNull();
});

test('the recognize button waits for text', () => {
  answerReference();
  renderPaste();
  const button = screen.getByTestId('smart-paste-recognize') as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.change(textBox(), { target: { value: '  ' } });
  expect(button.disabled).toBe(true);
  fireEvent.change(textBox(), { target: { value: '张三' } });
  expect(button.disabled).toBe(false);
});
