import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AxiosError } from 'axios';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import { isApiError, type ApiError } from '../../src/lib/http/api-error';
import { REFRESH_LOCK_NAME, createRequestClient } from '../../src/lib/http/request-client';
import { queryClient } from '../../src/lib/query-client';
import {
  clearSession,
  readAuthorization,
  readStored,
  saveTokens,
  startSession,
  switchToMemoryStorage,
  writeStored,
} from '../../src/lib/storage';
import { envelope, fakeTransport, spyEffects, translatorFor } from './helpers';

const PRIVATE = '/api/Common/GetLoginUserInfo';
const NEW_PAIR = { jwtToken: 'new-access', refereToken: 'new-refresh', expiresInSecond: 900 };

function setup() {
  const transport = fakeTransport();
  const effects = spyEffects();
  const client = createRequestClient({
    effects,
    translate: translatorFor('zh-CN'),
    getLanguage: () => 'zh-CN',
    adapter: transport.adapter,
  });
  return { transport, effects, client };
}

function track<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; isSettled: boolean } = { isSettled: false };
  promise.then(
    (value) => Object.assign(outcome, { value, isSettled: true }),
    (error: unknown) => Object.assign(outcome, { error, isSettled: true }),
  );
  return outcome;
}

/** Signs in as the first customer and fills the cache with what the signed-in pages had fetched. */
function firstUserSignedIn() {
  saveTokens({ jwtToken: 'old-access', refereToken: 'old-refresh', expiresInSecond: 900 });
  writeStored('permissions', ['address:view']);
  queryClient.setQueryData(['loginUserInfo'], { userName: 'first customer' });
  queryClient.setQueryData(['applicationMenu', 'zh-CN'], [{ path: '/address' }]);
  queryClient.setQueryData(['address', 'list'], [{ id: 'first-customer-address' }]);
}

const cachedQueries = () => queryClient.getQueryCache().getAll().length;

/** A fake `navigator.locks` that runs one holder at a time, in order, like the browser's. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  const request = vi.fn((name: string, callback: () => Promise<unknown>) => {
    names.push(name);
    const run = tail.then(callback);
    tail = run.catch(() => undefined);
    return run;
  });
  return { locks: { request }, names };
}

beforeEach(() => {
  vi.useFakeTimers();
  switchToMemoryStorage();
  queryClient.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ending a session also empties the query cache', () => {
  test.each([
    ['204 in the body', ApiCode.SessionInvalid],
    ['402 in the body', ApiCode.NotSignedIn],
  ])('%s', async (_, code) => {
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => envelope(c, code, null, 'ended'));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(readAuthorization()).toBeNull();
    expect(cachedQueries()).toBe(0);
  });

  test('203 in the body (after the 1 s notice)', async () => {
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.Arrears, null, 'arrears'));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(1000);
    expect(readAuthorization()).toBeNull();
    expect(cachedQueries()).toBe(0);
  });

  test('a refused refresh', async () => {
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, ApiCode.SessionInvalid, null, 'reused'));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(readAuthorization()).toBeNull();
    expect(cachedQueries()).toBe(0);
  });

  test('an HTTP 401', async () => {
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => ({ status: 401, statusText: '401', headers: {}, config: c, data: '' }));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(1000);
    expect(readAuthorization()).toBeNull();
    expect(cachedQueries()).toBe(0);
  });

  test('a sign-out, and a new sign-in starts from an empty cache', () => {
    firstUserSignedIn();
    clearSession();
    expect(cachedQueries()).toBe(0);

    // The first user's answers are somehow still cached when the next one signs in on this tab.
    firstUserSignedIn();
    startSession({ jwtToken: 'second-access', refereToken: 'second-refresh', expiresInSecond: 900 });
    expect(cachedQueries()).toBe(0);
    expect(readStored('permissions')).toBeNull();
    expect(readAuthorization()).toBe('Bearer second-access');
  });
});

describe('refresh across tabs (Web Locks)', () => {
  test('the refresh runs inside the portal-token-refresh lock', async () => {
    const { locks, names } = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.once(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(PRIVATE, (c) => envelope(c, 200, { ok: true }));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, 200, NEW_PAIR));

    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);

    expect(names).toEqual([REFRESH_LOCK_NAME]);
    expect(outcome.value).toEqual({ ok: true });
    expect(transport.seen.filter((r) => r.url === ApiPath.RefreshToken)).toHaveLength(1);
    expect(readStored('tokenRecord')?.refreshToken).toBe('new-refresh');
  });

  test('another tab rotated the token while this one waited for the lock: no second refresh, stored token used', async () => {
    const { locks } = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    const { transport, client } = setup();
    firstUserSignedIn();
    // The other tab holds the lock and rotates the pair (in the shared storage) before releasing it.
    let release!: () => void;
    void locks.request(
      REFRESH_LOCK_NAME,
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            saveTokens({
              jwtToken: 'other-tab-access',
              refereToken: 'other-tab-refresh',
              expiresInSecond: 900,
            });
            resolve();
          };
        }),
    );
    transport.once(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(PRIVATE, (c) => envelope(c, 200, { ok: true }));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, ApiCode.SessionInvalid, null, 'reused'));

    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.isSettled).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);

    expect(transport.seen.some((r) => r.url === ApiPath.RefreshToken)).toBe(false);
    expect(outcome.value).toEqual({ ok: true });
    expect(transport.seen.at(-1)!.headers.get('Authorization')).toBe('Bearer other-tab-access');
    expect(readStored('tokenRecord')?.refreshToken).toBe('other-tab-refresh');
  });

  test('without navigator.locks the refresh is still shared within the tab', async () => {
    vi.stubGlobal('navigator', {});
    const { transport, client } = setup();
    firstUserSignedIn();
    transport.once(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.once(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(PRIVATE, (c) => envelope(c, 200, { ok: true }));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, 200, NEW_PAIR));

    const first = track(client.get(PRIVATE));
    const second = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);

    expect(first.value).toEqual({ ok: true });
    expect(second.value).toEqual({ ok: true });
    expect(transport.seen.filter((r) => r.url === ApiPath.RefreshToken)).toHaveLength(1);
  });
});

describe('a refresh that gets no verdict keeps the session', () => {
  test('network failure: the network error is shown and the tokens stay', async () => {
    const { transport, effects, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(ApiPath.RefreshToken, (c) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    });

    const outcome = track(client.post(PRIVATE));
    await vi.advanceTimersByTimeAsync(2000);

    expect(effects.showError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试', undefined);
    expect(effects.reload).not.toHaveBeenCalled();
    expect(effects.goToLogin).not.toHaveBeenCalled();
    expect(readAuthorization()).toBe('Bearer old-access');
    expect(readStored('tokenRecord')?.refreshToken).toBe('old-refresh');
    expect(cachedQueries()).toBeGreaterThan(0);
    expect(isApiError(outcome.error)).toBe(true);
    expect((outcome.error as ApiError).code).toBe(0);
  });

  test('an answer that says the refresh is invalid (204) clears the tokens', async () => {
    const { transport, effects, client } = setup();
    firstUserSignedIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, ApiCode.SessionInvalid, null, 'reused'));

    track(client.post(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);

    expect(readAuthorization()).toBeNull();
    expect(readStored('tokenRecord')).toBeNull();
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });
});
