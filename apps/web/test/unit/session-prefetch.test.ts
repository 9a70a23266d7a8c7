import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/lib/http/client';
import {
  fetchApplicationMenu,
  prefetchApplicationMenu,
  takePrefetchedApplicationMenu,
} from '../../src/lib/session/application-menu';
import { latestLoginUserInfo, prefetchLoginUserInfo } from '../../src/lib/session/login-user-info';
import { loginUserInfoQuery } from '../../src/lib/session/use-login-user-info';
import { clearSession, saveTokens } from '../../src/lib/storage';

vi.mock('../../src/lib/http/client', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const INFO = { userName: 'demo', permissions: ['address:view'], roles: ['admin'], userType: 1 };
const MENU = [{ path: '/user/index', name: 'home' }];

// The query functions as the shell's hooks run them.
const runUserInfoQuery = () => (loginUserInfoQuery.queryFn as () => Promise<unknown>)();
// As use-application-menu.ts runs it.
const runMenuQuery = (language: string) =>
  takePrefetchedApplicationMenu(language) ?? fetchApplicationMenu(language);

beforeEach(() => {
  get.mockReset().mockResolvedValue(INFO);
  post.mockReset().mockResolvedValue(MENU);
  clearSession();
});

describe('start-up prefetch of who the user is and the menu', () => {
  it("hands the prefetched user-info request to the shell's query instead of sending another", async () => {
    prefetchLoginUserInfo();
    expect(get).toHaveBeenCalledTimes(1);
    expect(await runUserInfoQuery()).toEqual(INFO);
    expect(get).toHaveBeenCalledTimes(1);
    // Handed out once: a later refetch asks the server again.
    await runUserInfoQuery();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('hands out only a request still on the wire: once answered, a refresh asks the server again', async () => {
    prefetchLoginUserInfo();
    prefetchApplicationMenu('zh-CN');
    await vi.waitFor(() => expect(latestLoginUserInfo()?.info).toEqual(INFO), { timeout: 15_000 });
    await Promise.resolve();
    await runUserInfoQuery();
    await runMenuQuery('zh-CN');
    expect(get).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('hands the prefetched menu only to a query in the same language', async () => {
    let answer: (menu: typeof MENU) => void = () => undefined;
    post.mockReset().mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    prefetchApplicationMenu('zh-CN');
    expect(post).toHaveBeenCalledTimes(1);
    expect(takePrefetchedApplicationMenu('en-US')).toBeNull();
    const taken = takePrefetchedApplicationMenu('zh-CN');
    answer(MENU);
    expect(await taken).toEqual(MENU);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('drops a prefetched request when the session ends, so the next user never receives it', async () => {
    prefetchLoginUserInfo();
    clearSession();
    await runUserInfoQuery();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('reports a failed prefetch to the query that takes it, without an unhandled rejection', async () => {
    get.mockReset().mockRejectedValueOnce(new Error('offline'));
    prefetchLoginUserInfo();
    await expect(runUserInfoQuery()).rejects.toThrow('offline');
  });
});

describe('the start-up calls go out with fetch, before the request client has loaded', () => {
  const signedIn = () =>
    saveTokens({ jwtToken: 'token-1', refreshToken: 'refresh-1', expiresIn: 3600 } as never, Date.now());
  const answer = (status: number, body: unknown) =>
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

  it('takes a plain success from that answer, with the session and the language', async () => {
    signedIn();
    const fetchMock = answer(200, { code: 200, success: true, message: '', data: INFO });
    vi.stubGlobal('fetch', fetchMock);
    try {
      prefetchLoginUserInfo();
      expect(await runUserInfoQuery()).toEqual(INFO);
      expect(get).not.toHaveBeenCalled();
      const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(path).toBe('/api/Common/GetLoginUserInfo');
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks again through the request client for anything else (its error catalogue applies)', async () => {
    signedIn();
    vi.stubGlobal('fetch', answer(200, { code: 401, success: false, message: 'expired', data: null }));
    try {
      prefetchApplicationMenu('zh-CN');
      expect(await runMenuQuery('zh-CN')).toEqual(MENU);
      expect(post).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
