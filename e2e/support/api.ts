import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginResponse } from '@portal/contracts/auth';
import type { Envelope } from '@portal/contracts/envelope';
import type { DemoUser } from './demo.ts';

/** One call of the envelope API: POST with a body, GET without; answers `data`, throws on any other code. */
export type ApiCall = <T>(path: string, body?: unknown) => Promise<T>;

function caller(baseUrl: string, token: string | null, language: string): ApiCall {
  return async <T>(path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': language,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
    return envelope.data;
  };
}

/**
 * Signs `user` in through the API and answers calls as them, in `language`: tests prepare and check data
 * this way instead of through the pages.
 */
export async function apiAs(baseUrl: string, user: DemoUser, language = 'zh-CN'): Promise<ApiCall> {
  const login = await caller(
    baseUrl,
    null,
    language,
  )<LoginResponse>(ApiPath.CustomerLogin, {
    userName: user.loginName,
    password: user.password,
  });
  return caller(baseUrl, login.jwtToken, language);
}
