import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import type { CnDivisionTreeNode } from '@portal/contracts/reference';
import {
  ChinaRegionCascader,
  regionMatches,
  toRegionOptions,
} from '../../src/components/reference/china-region-cascader';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { cnDivisionTreeQuery } from '../../src/lib/reference/api/get-cn-division-tree';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));

// The shape the server sends (GetCnDivisionTree): pinyin and initials on every node, localName in zh-TW.
const node = (
  name: string,
  pinyin: string,
  initials: string,
  children?: CnDivisionTreeNode[],
  localName?: string,
): CnDivisionTreeNode => ({
  name,
  code: pinyin,
  pinyin,
  initials,
  ...(localName ? { localName } : {}),
  ...(children ? { children } : {}),
});

const TREE: CnDivisionTreeNode[] = [
  node('江西省', 'jiangxisheng', 'jxs', [
    node('赣州市', 'ganzhoushi', 'gzs', [node('章贡区', 'zhanggongqu', 'zgq')]),
  ]),
  node(
    '广东省',
    'guangdongsheng',
    'gds',
    [
      node(
        '广州市',
        'guangzhoushi',
        'gzs',
        [
          node('天河区', 'tianhequ', 'thq', undefined, '天河區'),
          node('越秀区', 'yuexiuqu', 'yxq', undefined, '越秀區'),
        ],
        '廣州市',
      ),
      node('深圳市', 'shenzhenshi', 'szs', [node('南山区', 'nanshanqu', 'nsq', undefined, '南山區')]),
    ],
    '廣東省',
  ),
];

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
afterEach(() => cleanup());
afterAll(async () => {
  await changeLanguage('zh-CN');
});

/** The server sends `localName` only to zh-TW callers. */
const withoutLocalNames = (nodes: CnDivisionTreeNode[]): CnDivisionTreeNode[] =>
  nodes.map(({ localName: _, children, ...rest }) => ({
    ...rest,
    ...(children ? { children: withoutLocalNames(children) } : {}),
  }));

function renderCascader(tree: CnDivisionTreeNode[], onChange = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(cnDivisionTreeQuery.queryKey, tree);
  render(
    <QueryClientProvider client={client}>
      <ChinaRegionCascader onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

const guangzhou = toRegionOptions(TREE)[1]!.children![0]!;

test.each(['gz', 'GZ', 'guangzhou', 'guang zhou', "guang'zhou", '广州', '廣州'])(
  '"%s" finds 广州市',
  (input) => {
    expect(regionMatches(guangzhou, input)).toBe(true);
  },
);

test('what was typed must start the pinyin or initials; unrelated text finds nothing', () => {
  expect(regionMatches(guangzhou, 'zhou')).toBe(false);
  expect(regionMatches(guangzhou, 'sz')).toBe(false);
  expect(regionMatches(guangzhou, '深圳')).toBe(false);
  expect(regionMatches(guangzhou, '  ')).toBe(false);
});

test('typing "gz" and picking 广州 gives the official names', async () => {
  const onChange = renderCascader(withoutLocalNames(TREE));
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'gz' } });
  // Both 赣州 and 广州 start with "gz"; 深圳 does not.
  await waitFor(() => expect(document.querySelectorAll('.ant-cascader-menu-item').length).toBe(3));
  const options = [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')];
  expect(options.some((o) => o.textContent?.includes('深圳'))).toBe(false);
  const tianhe = options.find((o) => o.textContent?.includes('广州市') && o.textContent.includes('天河区'))!;
  fireEvent.click(tianhe);
  expect(onChange).toHaveBeenCalledWith(['广东省', '广州市', '天河区']);
});

test('zh-TW shows Traditional Chinese names, and the value stays the official name', async () => {
  await changeLanguage('zh-TW');
  const onChange = renderCascader(TREE);
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'guangzhou' } });
  await waitFor(() => expect(document.querySelectorAll('.ant-cascader-menu-item').length).toBe(2));
  const tianhe = [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')].find((o) =>
    o.textContent?.includes('天河區'),
  )!;
  expect(tianhe.textContent).toContain('廣東省');
  expect(tianhe.textContent).toContain('廣州市');
  fireEvent.click(tianhe);
  expect(onChange).toHaveBeenCalledWith(['广东省', '广州市', '天河区']);
  await changeLanguage('zh-CN');
});
