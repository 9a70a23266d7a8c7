import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { Address } from '@portal/contracts/address';
import { ApiCode } from '@portal/contracts/envelope';
import { AddressFormDrawer } from '../../src/features/address/components/address-form-drawer';
import { ApiError } from '../../src/lib/http/api-error';
import { http } from '../../src/lib/http/client';
import { changeLanguage } from '../../src/lib/i18n/i18n';
import { cnDivisionTreeQuery } from '../../src/lib/reference/api/get-cn-division-tree';
import { countriesQuery } from '../../src/lib/reference/api/get-country';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);

beforeAll(async () => {
  await changeLanguage('zh-CN');
});
// A block body: a function returned from beforeEach would be run as its cleanup.
beforeEach(() => {
  post.mockReset();
});
afterEach(() => cleanup());

const saved: Address = {
  id: 'a1',
  addressType: 'receiver',
  name: 'John Smith',
  company: null,
  phone: '+1 212 555 0100',
  email: null,
  countryCode: 'US',
  province: 'NY',
  provinceCode: null,
  city: 'New York',
  cityCode: null,
  district: null,
  districtCode: null,
  postalCode: '1234',
  addressLine1: '350 Fifth Avenue',
  addressLine2: null,
  addressLine3: null,
  houseNumber: null,
  taxId: null,
  isDefault: false,
  createdAt: '2025-03-01T06:05:09.000Z',
  updatedAt: '2025-03-01T06:05:09.000Z',
};

function renderDrawer(address: Address, onClose: () => void = () => undefined) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(countriesQuery.queryKey, [
    {
      code: 'CN',
      name: { 'zh-CN': '中国', 'en-US': 'China', 'zh-TW': '中國' },
      postalCodePattern: '^\\d{6}$',
      postalCodeExample: '518000',
    },
    {
      code: 'US',
      name: { 'zh-CN': '美国', 'en-US': 'United States', 'zh-TW': '美國' },
      postalCodePattern: '^\\d{5}(-\\d{4})?$',
      postalCodeExample: '90210',
    },
  ]);
  queryClient.setQueryData(cnDivisionTreeQuery.queryKey, [
    {
      name: '广东省',
      code: '440000',
      children: [{ name: '深圳市', code: '440300', children: [{ name: '南山区', code: '440305' }] }],
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <AddressFormDrawer open address={address} defaultType="sender" onClose={onClose} />
    </QueryClientProvider>,
  );
}

// antd's drawer and form render slowly in happy-dom.
const SLOW = 20_000;
const eventually = (check: () => void) => waitFor(check, { timeout: 5_000 });

const fieldOf = (id: string) => document.getElementById(id)!.closest('.ant-form-item')!;
const save = () => fireEvent.click(screen.getByTestId('address-save'));

test(
  'refuses a US postal code of four digits and saves once it fits the format',
  async () => {
    post.mockResolvedValue(saved);
    renderDrawer(saved);
    await eventually(() => expect(document.getElementById('address_postalCode')).toBeTruthy());
    save();
    await eventually(() =>
      expect(fieldOf('address_postalCode').textContent).toContain('邮编格式与该国家/地区不符'),
    );
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(document.getElementById('address_postalCode')!, { target: { value: '10118' } });
    save();
    await eventually(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ id: 'a1', countryCode: 'US', postalCode: '10118' });
  },
  SLOW,
);

test(
  "puts the server's district error of a Chinese address on the cascader",
  async () => {
    post.mockRejectedValue(
      new ApiError('请求参数有误', ApiCode.BadRequest, {
        errors: [{ field: 'district', message: '该城市下没有这个区县' }],
      }),
    );
    renderDrawer({
      ...saved,
      name: '张三',
      phone: '13912345678',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      postalCode: '518057',
    });
    await eventually(() => expect(document.getElementById('address_region')).toBeTruthy());
    save();
    await eventually(() => expect(fieldOf('address_region').textContent).toContain('该城市下没有这个区县'));
    expect(post).toHaveBeenCalledTimes(1);
  },
  SLOW,
);

test(
  "checks a field when it loses the focus, not while it is typed, and stops at the server's limit",
  async () => {
    renderDrawer(saved);
    await eventually(() => expect(document.getElementById('address_name')).toBeTruthy());
    const name = document.getElementById('address_name') as HTMLInputElement;
    expect(name.maxLength).toBe(100);
    expect((document.getElementById('address_addressLine1') as HTMLInputElement).maxLength).toBe(200);
    expect((document.getElementById('address_phone') as HTMLInputElement).maxLength).toBe(30);

    fireEvent.change(name, { target: { value: '张\u0007三' } });
    // Typing alone shows nothing; give a keystroke-triggered check the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fieldOf('address_name').textContent).not.toContain('控制字符');
    fireEvent.blur(name);
    await eventually(() =>
      expect(fieldOf('address_name').textContent).toContain('姓名含有不可见的控制字符，请删除后重试'),
    );
  },
  SLOW,
);

test(
  'asks before discarding changes when closed, and closes at once when nothing changed',
  async () => {
    const onClose = vi.fn();
    renderDrawer(saved, onClose);
    await eventually(() => expect(document.getElementById('address_name')).toBeTruthy());
    const cancel = () => fireEvent.click(screen.getByTestId('address-cancel'));

    cancel();
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(document.getElementById('address_name')!, { target: { value: 'Jane Smith' } });
    cancel();
    await eventually(() => expect(screen.getByTestId('keep-editing').textContent).toContain('继续编辑'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('keep-editing'));
    expect(onClose).toHaveBeenCalledTimes(1);

    // The close button of the drawer asks too; this time the changes go.
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    await eventually(() => expect(screen.getAllByTestId('discard-changes')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('discard-changes').at(-1)!);
    await eventually(() => expect(onClose).toHaveBeenCalledTimes(2));
  },
  SLOW,
);

test(
  'smart paste fills the drawer (country, region cascader, the rest) and keeps what it did not find',
  async () => {
    post.mockResolvedValue(saved);
    renderDrawer({ ...saved, postalCode: null, company: 'Acme Inc', taxId: 'EORI123' });
    await eventually(() => expect(screen.getByTestId('address-smart-paste')).toBeTruthy());
    fireEvent.click(screen.getByText('智能识别'));
    const text = await screen.findByTestId('address-smart-paste-text');
    fireEvent.change(text, {
      target: { value: '收件人：张三 电话：13912345678 地址：广东深圳南山区科技园 1 号' },
    });
    fireEvent.click(screen.getByTestId('address-smart-paste-recognize'));

    await eventually(() => expect(document.getElementById('address_region')).toBeTruthy());
    await eventually(() =>
      expect((document.getElementById('address_name') as HTMLInputElement).value).toBe('张三'),
    );
    expect((document.getElementById('address_phone') as HTMLInputElement).value).toBe('13912345678');
    expect((document.getElementById('address_addressLine1') as HTMLInputElement).value).toBe('科技园 1 号');
    expect(fieldOf('address_region').textContent).toContain('南山区');

    save();
    await eventually(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      id: 'a1',
      name: '张三',
      phone: '13912345678',
      countryCode: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      addressLine1: '科技园 1 号',
      // Not in the paste: kept as they were.
      company: 'Acme Inc',
      taxId: 'EORI123',
    });
  },
  SLOW,
);
