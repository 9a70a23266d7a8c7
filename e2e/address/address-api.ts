import type { Address, AddressInput } from '@portal/contracts/address';
import { ApiPath } from '@portal/contracts/api-paths';
import type { Envelope } from '@portal/contracts/envelope';
import type { LoginResponse } from '@portal/contracts/auth';
import type { Page } from '@portal/contracts/pagination';
import type { DemoUser } from '../support/demo.ts';

/**
 * Seeds and reads addresses through the HTTP API, so each browser test prepares its own data instead of
 * depending on what an earlier test clicked.
 */
export interface AddressApi {
  create(input: AddressInput): Promise<Address>;
  count(filter: { addressType?: string; keyword?: string }): Promise<number>;
}

async function call<T>(baseUrl: string, path: string, init: RequestInit, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': 'zh-CN',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code}: ${body.message}`);
  return body.data;
}

export async function addressApi(baseUrl: string, user: DemoUser): Promise<AddressApi> {
  const login = await call<LoginResponse>(baseUrl, ApiPath.CustomerLogin, {
    method: 'POST',
    body: JSON.stringify({ userName: user.loginName, password: user.password }),
  });
  const token = login.jwtToken;
  return {
    create: (input) =>
      call<Address>(
        baseUrl,
        ApiPath.InsertCustomerAddress,
        { method: 'POST', body: JSON.stringify(input) },
        token,
      ),
    count: async (filter) => {
      const params = new URLSearchParams({ pageIndex: '1', pageSize: '1', ...filter });
      const page = await call<Page<Address>>(baseUrl, `${ApiPath.QueryCustomerAddress}?${params}`, {}, token);
      return page.total;
    },
  };
}

/** A valid Chinese sender address; override what the test cares about. */
export function chineseSender(overrides: Partial<AddressInput>): AddressInput {
  return {
    addressType: 'sender',
    name: '测试发件人',
    phone: '13800138000',
    countryCode: 'CN',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    postalCode: '310000',
    addressLine1: '文三路 100 号',
    ...overrides,
  };
}
