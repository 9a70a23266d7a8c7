import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AxiosError, isCancel } from 'axios';
import { ApiPath } from '@portal/contracts/api-paths';
import { ApiCode } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import { isApiError, type ApiError } from '../../src/lib/http/api-error';
import { fileNameFromDisposition } from '../../src/lib/http/content-disposition';
import { createRequestClient } from '../../src/lib/http/request-client';
import {
  readAuthorization,
  readStored,
  saveTokens,
  switchToMemoryStorage,
  writeStored,
} from '../../src/lib/storage';
import { blobAnswer, envelope, envelopeJson, fakeTransport, spyEffects, translatorFor } from './helpers';

const PRIVATE = '/api/Common/GetLoginUserInfo';

/** The answer as the server sends it, with the request id it echoes. */
function withRequestId<R extends { headers: unknown }>(response: R, id: string): R {
  return { ...response, headers: { ...(response.headers as object), 'x-request-id': id } };
}

function setup(language: Language = 'zh-CN') {
  const transport = fakeTransport();
  const effects = spyEffects();
  const client = createRequestClient({
    effects,
    translate: translatorFor(language),
    getLanguage: () => language,
    adapter: transport.adapter,
  });
  return { transport, effects, client };
}

/** Starts a call and keeps its outcome, so fake timers can run before it is inspected. */
function track<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; isSettled: boolean } = { isSettled: false };
  promise.then(
    (value) => Object.assign(outcome, { value, isSettled: true }),
    (error: unknown) => Object.assign(outcome, { error, isSettled: true }),
  );
  return outcome;
}

function signIn(token = 'old-access', refresh = 'old-refresh') {
  saveTokens({ jwtToken: token, refereToken: refresh, expiresInSecond: 900 });
  writeStored('permissions', ['order:view']);
  writeStored('language', 'zh-CN');
}

beforeEach(() => {
  vi.useFakeTimers();
  switchToMemoryStorage();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request basics', () => {
  test('private calls carry the Bearer token, the language and the 120000 ms timeout; public calls no token', async () => {
    const { transport, client } = setup('en-US');
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, 200, { ok: true }));
    transport.on(ApiPath.CustomerLogin, (c) => envelope(c, 200, { jwtToken: 'x' }));

    await expect(client.get(PRIVATE)).resolves.toEqual({ ok: true });
    await client.post(ApiPath.CustomerLogin, { userName: 'demo', password: 'x' });

    const [privateCall, loginCall] = transport.seen;
    expect(privateCall!.headers.get('Authorization')).toBe('Bearer old-access');
    expect(privateCall!.headers.get('Accept-Language')).toBe('en-US');
    expect(privateCall!.timeout).toBe(120000);
    expect(loginCall!.headers.has('Authorization')).toBe(false);
  });

  test('token check: a private call without a stored token warns, sends nothing and goes to login', async () => {
    const { transport, effects, client } = setup();
    const outcome = track(client.get(PRIVATE));
    await vi.runAllTimersAsync();
    expect(transport.seen).toHaveLength(0);
    expect(effects.showWarning).toHaveBeenCalledWith('认证 token 已过期，请退出重新登录');
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(isApiError(outcome.error)).toBe(true);
  });
});

describe('error catalogue (spec section 8)', () => {
  test('203: arrears message, then after 1 s the tokens are cleared and the user goes to login', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.Arrears, null, 'arrears'));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);

    expect(effects.showError).toHaveBeenCalledWith('此号已经欠费,请您去充值!', undefined);
    expect((outcome.error as ApiError).code).toBe(203);
    expect(readAuthorization()).toBe('Bearer old-access');
    expect(effects.goToLogin).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(999);
    expect(effects.goToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(readAuthorization()).toBeNull();
    expect(readStored('tokenRecord')).toBeNull();
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    // The login page then offers the way to pay (/topUp).
    expect(effects.goToLogin).toHaveBeenCalledWith('arrears');
  });

  test('203 text follows the language (en-US)', async () => {
    const { transport, effects, client } = setup('en-US');
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.Arrears));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith('This account is overdue. Please top up!', undefined);
  });

  test('204: tokens cleared and straight to login, no message', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.SessionInvalid, null, 'session ended'));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(readAuthorization()).toBeNull();
    expect(readStored('permissions')).toBeNull();
    expect(readStored('language')).toBe('zh-CN');
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(effects.showError).not.toHaveBeenCalled();
    expect((outcome.error as ApiError).code).toBe(204);
  });

  test('401 in the body: refresh with the refresh token, then retry with the new token', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.once(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    transport.on(PRIVATE, (c) => envelope(c, 200, { userId: 'u1' }));
    transport.on(ApiPath.RefreshToken, (c) =>
      envelope(c, 200, { jwtToken: 'new-access', refereToken: 'new-refresh', expiresInSecond: 900 }),
    );

    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);

    expect(outcome.value).toEqual({ userId: 'u1' });
    const refresh = transport.seen.find((r) => r.url === ApiPath.RefreshToken)!;
    expect(refresh.method).toBe('POST');
    expect(refresh.params).toEqual({ refreshToken: 'old-refresh' });
    expect(refresh.headers.has('Authorization')).toBe(false);
    const retry = transport.seen[transport.seen.length - 1]!;
    expect(retry.url).toBe(PRIVATE);
    expect(retry.headers.get('Authorization')).toBe('Bearer new-access');
    expect(readStored('tokenRecord')?.refreshToken).toBe('new-refresh');
    expect(effects.showError).not.toHaveBeenCalled();
  });

  test('401 in the body for several calls at once: one shared refresh, every call retried', async () => {
    const { transport, client } = setup();
    signIn();
    transport.once('/api/a', (c) => envelope(c, ApiCode.AccessTokenExpired));
    transport.once('/api/b', (c) => envelope(c, ApiCode.AccessTokenExpired));
    transport.once('/api/c', (c) => envelope(c, ApiCode.AccessTokenExpired));
    for (const path of ['/api/a', '/api/b', '/api/c']) transport.on(path, (c) => envelope(c, 200, path));
    transport.on(ApiPath.RefreshToken, (c) =>
      envelope(c, 200, { jwtToken: 'new-access', refereToken: 'new-refresh', expiresInSecond: 900 }),
    );

    const results = Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    await vi.advanceTimersByTimeAsync(0);
    await expect(results).resolves.toEqual(['/api/a', '/api/b', '/api/c']);
    expect(transport.seen.filter((r) => r.url === ApiPath.RefreshToken)).toHaveLength(1);
  });

  test('401 in the body on an excluded call (notification polling): no refresh, its message shown', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(ApiPath.QueryNewNotification, (c) =>
      envelope(c, ApiCode.AccessTokenExpired, null, 'expired'),
    );
    const outcome = track(client.get(ApiPath.QueryNewNotification));
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.seen.some((r) => r.url === ApiPath.RefreshToken)).toBe(false);
    expect(effects.showError).toHaveBeenCalledWith('expired', undefined);
    expect((outcome.error as ApiError).code).toBe(401);
  });

  test('401 in the body on the batch-import preview: no refresh either', async () => {
    const { transport, client } = setup();
    signIn();
    transport.on(ApiPath.BatchImportPreview, (c) => envelope(c, ApiCode.AccessTokenExpired, null, 'expired'));
    track(client.post(ApiPath.BatchImportPreview, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.seen.map((r) => r.url)).toEqual([ApiPath.BatchImportPreview]);
  });

  test('401 in the body and the refresh fails: stored tokens cleared and the page reloads', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired));
    transport.on(ApiPath.RefreshToken, (c) => envelope(c, ApiCode.SessionInvalid, null, 'reused'));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(readAuthorization()).toBeNull();
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(effects.goToLogin).not.toHaveBeenCalled();
    expect(isApiError(outcome.error)).toBe(true);
  });

  test('401 in the body without a refresh token: cleared and reloaded, no refresh call', async () => {
    const { transport, effects, client } = setup();
    writeStored('authorization', 'Bearer only-access');
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.AccessTokenExpired));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.seen.some((r) => r.url === ApiPath.RefreshToken)).toBe(false);
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });

  test('HTTP 401: stored data cleared and the page reloads after 1 s', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, 401, null, 'unauthorised', 401));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome.isSettled).toBe(true);
    expect(effects.reload).not.toHaveBeenCalled();
    expect(readAuthorization()).toBe('Bearer old-access');
    await vi.advanceTimersByTimeAsync(1);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(readAuthorization()).toBeNull();
  });

  test('402: go to login', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.NotSignedIn, null, 'not signed in'));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.goToLogin).toHaveBeenCalledTimes(1);
    expect(readAuthorization()).toBeNull();
  });

  test('403: the server message for 3 s', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) =>
      envelope(c, ApiCode.Forbidden, null, '对不起，您没有操作权限：address:view'),
    );
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith('对不起，您没有操作权限：address:view', 3);
    expect((outcome.error as ApiError).code).toBe(403);
    expect(readAuthorization()).toBe('Bearer old-access');
  });

  test('500 in the body: what failed and what to do, with the request id small for support', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => withRequestId(envelope(c, ApiCode.ServerError, null, 'boom'), 'req-1'));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith(
      '服务器暂时无法完成此操作，请稍后重试；如仍失败，请联系客服。',
      undefined,
      '请求编号：req-1',
    );
    expect((outcome.error as ApiError).requestId).toBe('req-1');
  });

  test('HTTP 404: the missing feature in words, no "404：请求接口找不到" jargon', async () => {
    const { transport, effects, client } = setup('en-US');
    signIn();
    transport.on(PRIVATE, (c) => withRequestId(envelope(c, 404, null, 'Route not found', 404), 'req-2'));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith(
      'The system could not find this feature. Please refresh the page and try again; if it keeps failing, contact support.',
      undefined,
      'Request ID: req-2',
    );
  });

  test('HTTP 500: no "500：请求接口异常" but what failed and what to do, in the user\'s language', async () => {
    const { transport, effects, client } = setup('zh-TW');
    signIn();
    transport.on(PRIVATE, (c) => withRequestId(envelope(c, 500, null, 'crash', 500), 'req-3'));
    track(client.post(PRIVATE, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith(
      '伺服器處理請求時發生錯誤，請稍後再試；如仍失敗，請聯絡客服。',
      undefined,
      '請求編號：req-3',
    );
  });

  test('a proxy\'s 502 without an envelope reads like a server failure, not "Request failed with status code 502"', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => ({
      data: '<html>Bad Gateway</html>',
      status: 502,
      statusText: 'Bad Gateway',
      headers: {},
      config: c,
    }));
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith(
      '服务器处理请求时出错，请稍后重试；如仍失败，请联系客服。',
      undefined,
    );
  });

  test('offline: its own message, not the timeout or server texts', async () => {
    const transport = fakeTransport();
    const effects = spyEffects();
    const client = createRequestClient({
      effects,
      translate: translatorFor('zh-CN'),
      getLanguage: () => 'zh-CN',
      adapter: transport.adapter,
      isOnline: () => false,
    });
    signIn();
    transport.on(PRIVATE, (c) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    });
    track(client.post(PRIVATE, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith('网络已断开，请连接网络后重试。', undefined);
  });

  test('timeout: its own message saying what to do, and a timed-out GET is not retried', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => {
      throw new AxiosError(`timeout of ${c.timeout}ms exceeded`, AxiosError.ETIMEDOUT, c);
    });
    track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(effects.showError).toHaveBeenCalledWith('服务器响应超时，请检查网络后刷新页面重试。', undefined);
    expect(transport.seen).toHaveLength(1);
  });

  test('other errors show their own message; a silent call leaves it to the page', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, (c) => envelope(c, ApiCode.Conflict, { id: 1 }, '地址已存在'));
    const shown = track(client.post(PRIVATE, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).toHaveBeenCalledWith('地址已存在', undefined);
    expect((shown.error as ApiError).isHandled).toBe(true);

    effects.showError.mockClear();
    const silent = track(client.post(PRIVATE, {}, { silent: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.showError).not.toHaveBeenCalled();
    expect((silent.error as ApiError).message).toBe('地址已存在');
    expect((silent.error as ApiError).isHandled).toBe(false);
    expect((silent.error as ApiError).data).toEqual({ id: 1 });
  });
});

describe('retries and duplicate sign-in', () => {
  const networkDown = (c: Parameters<Parameters<ReturnType<typeof fakeTransport>['on']>[1]>[0]) => {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
  };

  test('a GET that failed on the network is retried 3 times, 2000 ms apart, then reported', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(PRIVATE, networkDown);
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(transport.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(transport.seen).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(transport.seen).toHaveLength(4);
    expect(outcome.isSettled).toBe(true);
    expect(effects.showError).toHaveBeenCalledTimes(1);
    expect(effects.showError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试', undefined);
  });

  test('a GET that recovers on a retry succeeds quietly', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.once(PRIVATE, networkDown);
    transport.on(PRIVATE, (c) => envelope(c, 200, 'fine'));
    const outcome = track(client.get(PRIVATE));
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome.value).toBe('fine');
    expect(effects.showError).not.toHaveBeenCalled();
  });

  test('a POST that failed on the network is not retried', async () => {
    const { transport, client } = setup();
    signIn();
    transport.on(PRIVATE, networkDown);
    track(client.post(PRIVATE, {}));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(transport.seen).toHaveLength(1);
  });

  test('a second sign-in to the same URL within 3 s of one in flight is cancelled', async () => {
    const { transport, client } = setup();
    let answer: (() => void) | undefined;
    transport.on(
      ApiPath.CustomerLogin,
      (c) => new Promise((resolve) => (answer = () => resolve(envelope(c, 200, 'ok')))),
    );
    const first = track(client.post(ApiPath.CustomerLogin, {}));
    await vi.advanceTimersByTimeAsync(0);
    const second = track(client.post(ApiPath.CustomerLogin, {}));
    await vi.advanceTimersByTimeAsync(2999);
    expect(isCancel(second.error)).toBe(true);
    expect(transport.seen).toHaveLength(1);
    answer!();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.value).toBe('ok');
    // Once the first has answered, signing in again is allowed.
    const third = track(client.post(ApiPath.CustomerLogin, {}));
    await vi.advanceTimersByTimeAsync(0);
    answer!();
    await vi.advanceTimersByTimeAsync(0);
    expect(third.value).toBe('ok');
    expect(transport.seen).toHaveLength(2);
  });

  test('a sign-in still in flight after 3 s no longer blocks a new one', async () => {
    const { transport, client } = setup();
    transport.on(ApiPath.CustomerLogin, () => new Promise(() => undefined));
    track(client.post(ApiPath.CustomerLogin, {}));
    await vi.advanceTimersByTimeAsync(3000);
    const later = track(client.post(ApiPath.CustomerLogin, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(isCancel(later.error)).toBe(false);
    expect(transport.seen).toHaveLength(2);
  });
});

describe('file downloads', () => {
  const EXPORT = ApiPath.ExportCustomerAddress;
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const JSON_TYPE = 'application/json; charset=utf-8';
  const fileHeaders = {
    'content-type': XLSX,
    'content-disposition': `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('收件地址簿.xlsx')}`,
  };

  test('a file answer: the blob and its UTF-8 name from filename*, asked for as a blob with the token', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(EXPORT, (c) => blobAnswer(c, 'xlsx bytes', fileHeaders));

    const file = await client.download(EXPORT, { params: { format: 'xlsx' } });

    expect(file.fileName).toBe('收件地址簿.xlsx');
    expect(await file.blob.text()).toBe('xlsx bytes');
    const [call] = transport.seen;
    expect(call!.method).toBe('GET');
    expect(call!.params).toEqual({ format: 'xlsx' });
    expect(call!.responseType).toBe('blob');
    expect(call!.headers.get('Authorization')).toBe('Bearer old-access');
    expect(effects.showError).not.toHaveBeenCalled();
  });

  test('an envelope with 401 instead of the file: the token is refreshed and the download retried', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.once(EXPORT, (c) =>
      blobAnswer(c, envelopeJson(ApiCode.AccessTokenExpired, 'expired'), { 'content-type': JSON_TYPE }),
    );
    transport.on(EXPORT, (c) => blobAnswer(c, 'xlsx bytes', fileHeaders));
    transport.on(ApiPath.RefreshToken, (c) =>
      envelope(c, 200, { jwtToken: 'new-access', refereToken: 'new-refresh', expiresInSecond: 900 }),
    );

    const file = await client.download(EXPORT);

    expect(file.fileName).toBe('收件地址簿.xlsx');
    expect(await file.blob.text()).toBe('xlsx bytes');
    expect(transport.seen.map((r) => r.url)).toEqual([EXPORT, ApiPath.RefreshToken, EXPORT]);
    const retry = transport.seen[2]!;
    expect(retry.headers.get('Authorization')).toBe('Bearer new-access');
    expect(retry.responseType).toBe('blob');
    expect(readStored('tokenRecord')?.refreshToken).toBe('new-refresh');
    expect(effects.showError).not.toHaveBeenCalled();
    expect(effects.reload).not.toHaveBeenCalled();
  });

  test('an envelope with 403 instead of the file: the server message for 3 s and no file', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(EXPORT, (c) =>
      blobAnswer(c, envelopeJson(ApiCode.Forbidden, '对不起，您没有操作权限：address:view'), {
        'content-type': JSON_TYPE,
      }),
    );

    const error = (await client.download(EXPORT).catch((e: unknown) => e)) as ApiError;

    expect(isApiError(error)).toBe(true);
    expect(error.code).toBe(403);
    expect(error.message).toBe('对不起，您没有操作权限：address:view');
    expect(effects.showError).toHaveBeenCalledWith('对不起，您没有操作权限：address:view', 3);
    expect(transport.seen).toHaveLength(1);
    expect(readAuthorization()).toBe('Bearer old-access');
  });

  test('a JSON file that is not an envelope is the file, not an error', async () => {
    const { transport, effects, client } = setup();
    signIn();
    transport.on(EXPORT, (c) =>
      blobAnswer(c, '{"rows":[]}', {
        'content-type': 'application/json',
        'content-disposition': 'attachment; filename="rows.json"',
      }),
    );
    const file = await client.download(EXPORT);
    expect(file.fileName).toBe('rows.json');
    expect(await file.blob.text()).toBe('{"rows":[]}');
    expect(effects.showError).not.toHaveBeenCalled();
  });
});

describe('file names from Content-Disposition', () => {
  test('filename* (RFC 5987) wins over filename, whatever their order and the charset case', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%9C%B0%E5%9D%80.xlsx`),
    ).toBe('地址.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8'zh'%E5%9C%B0.csv; filename=a.csv`)).toBe(
      '地.csv',
    );
    expect(fileNameFromDisposition(`attachment; filename*=ISO-8859-1''caf%E9.txt`)).toBe('café.txt');
  });

  test('the plain filename, quoted (with escapes) or bare, when filename* is missing or broken', () => {
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E5%9C; filename="fallback.xlsx"`)).toBe(
      'fallback.xlsx',
    );
  });

  test('no usable name: null', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
