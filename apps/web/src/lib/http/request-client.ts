import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { ApiPath, NO_REFRESH_RETRY_PATHS, PUBLIC_API_PATHS } from '@portal/contracts/api-paths';
import type { TokenPair } from '@portal/contracts/auth';
import {
  DUPLICATE_LOGIN_WINDOW_MS,
  GET_RETRY_COUNT,
  GET_RETRY_DELAY_MS,
  REQUEST_TIMEOUT_MS,
} from '@portal/contracts/constants';
import { ApiCode, type Envelope } from '@portal/contracts/envelope';
import type { MessageKey, Translate } from '../i18n/message-key';
import type { LoginReason, UiEffects } from '../ui-effects';
import { clearSession, readAuthorization, readRefreshToken, readStored, saveTokens } from '../storage';
import { ApiError } from './api-error';
import { fileNameFromDisposition } from './content-disposition';

/** Per-call options a fetcher may pass. */
export interface RequestOptions {
  /**
   * The page shows this call's ordinary failures itself (for example next to a form field), so the
   * request layer does not. Session rows of the catalogue (203, 204, 401, 402) and 403/500 still apply.
   */
  silent?: boolean;
}

/** Bookkeeping the client keeps on a request while it travels through the interceptors. */
interface RequestMeta {
  networkRetries?: number;
  isRetryAfterRefresh?: boolean;
  sentAuthorization?: string | null;
  loginKey?: string;
  /** The refresh call itself: its answer is read by the refresh logic, not by the catalogue. */
  isRefresh?: boolean;
}

export type PortalRequestConfig = AxiosRequestConfig & RequestOptions & { portal?: RequestMeta };
type InternalConfig = InternalAxiosRequestConfig & RequestOptions & { portal?: RequestMeta };

export interface RequestClientOptions {
  effects: UiEffects;
  translate: Translate;
  /** The interface language, sent as Accept-Language so the server answers in it. */
  getLanguage: () => string;
  /** Tests pass a fake transport. */
  adapter?: AxiosAdapter;
  now?: () => number;
  /** Whether the browser says it is online (`navigator.onLine`); tests pass their own. */
  isOnline?: () => boolean;
}

/** A file the server sent as the answer's body. */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition` (`filename*` first); null when the server named none. */
  fileName: string | null;
}

export interface RequestClient {
  /** The axios instance the client is built on (its interceptors apply to every call made with it). */
  instance: AxiosInstance;
  get<T>(url: string, config?: PortalRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: PortalRequestConfig): Promise<T>;
  request<T>(config: PortalRequestConfig): Promise<T>;
  /**
   * A file (GET unless `config.method` says otherwise), sent as `responseType: 'blob'`. When the server
   * answers with an envelope instead, the error catalogue applies exactly as for any other call
   * (refresh and retry, back to login, the 403 message …) and the promise rejects with an ApiError.
   */
  download(url: string, config?: PortalRequestConfig): Promise<DownloadedFile>;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'success' in value;
}

/** Sign-in calls (not refresh or sign-out) are the ones a double click must not send twice. */
function isLoginCall(path: string): boolean {
  return path.startsWith('/api/Login/') && path !== ApiPath.RefreshToken && path !== ApiPath.Logout;
}

/** A response header by its lower-case name (axios's own headers object and a plain one alike). */
function headerOf(response: AxiosResponse, name: string): string {
  for (const [key, value] of Object.entries(response.headers ?? {}))
    if (key.toLowerCase() === name) return value === undefined || value === null ? '' : String(value);
  return '';
}

/**
 * The answer's body as the catalogue reads it. A file request (`responseType: 'blob'`) that the server
 * answered with JSON is read as JSON, so an envelope carrying an error code is acted on like any other;
 * a JSON file that is not an envelope stays the file.
 */
async function readBody(response: AxiosResponse): Promise<unknown> {
  const data: unknown = response.data;
  if (!(data instanceof Blob) || !/[/+]json\b/i.test(headerOf(response, 'content-type'))) return data;
  try {
    const body: unknown = JSON.parse(await data.text());
    return isEnvelope(body) ? body : data;
  } catch {
    return data;
  }
}

/** The id the server gave this call (`x-request-id`), so support can find it in the logs. */
function requestIdOf(response: AxiosResponse | undefined): string | undefined {
  return (response && headerOf(response, 'x-request-id')) || undefined;
}

const browserIsOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The Web Lock every tab of the portal takes before it refreshes the token pair. */
export const REFRESH_LOCK_NAME = 'portal-token-refresh';

/**
 * Why a refresh did not produce tokens. `invalid`: the server answered that the refresh token is no good
 * (or none is stored), so the session is over. `unavailable`: no answer, or a server failure that says
 * nothing about the token; the session is kept and `messageKey` says what to show.
 */
class RefreshFailure extends Error {
  constructor(
    readonly kind: 'invalid' | 'unavailable',
    readonly messageKey: MessageKey = 'http.networkError',
  ) {
    super(`Token refresh ${kind}`);
  }
}

function refreshFailureOf(error: unknown): RefreshFailure {
  if (!(error instanceof AxiosError)) return new RefreshFailure('unavailable', 'http.networkError');
  const status = error.response?.status;
  if (status === undefined)
    return new RefreshFailure(
      'unavailable',
      error.code === AxiosError.ETIMEDOUT ? 'http.timeout' : 'http.networkError',
    );
  // An HTTP refusal of the token itself; a 5xx (or a proxy's error page) says nothing about it.
  if (status === 400 || status === 401 || status === 403) return new RefreshFailure('invalid');
  return new RefreshFailure('unavailable', 'http.serverFailure');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The single HTTP client. It implements the error catalogue of spec section 8 row by row; each branch
 * below names the row it implements. Tests build their own client with a fake adapter and spies.
 */
export function createRequestClient(options: RequestClientOptions): RequestClient {
  const { effects, translate: t, getLanguage } = options;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? browserIsOnline;
  const instance = axios.create({
    baseURL: '',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    // Timeouts become ETIMEDOUT instead of the ECONNABORTED that aborts also use.
    transitional: { clarifyTimeoutError: true },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  const loginsInFlight = new Map<string, number>();
  let refreshing: Promise<void> | null = null;
  // Once the session is being ended, later failures of calls already in flight stay quiet, so the
  // message the user needs (for example the arrears notice) is the one left on screen.
  let isLeaving = false;

  const showError = (text: string, seconds?: number, requestId?: string) => {
    if (isLeaving) return;
    // The request id is shown small under the message, for support; only calls the server saw have one.
    if (requestId) effects.showError(text, seconds, t('http.requestId', { id: requestId }));
    else effects.showError(text, seconds);
  };
  /** The message for a call that got no answer: offline, timed out, or the server could not be reached. */
  const noAnswerKey = (error: AxiosError): MessageKey =>
    !isOnline() ? 'http.offline' : error.code === AxiosError.ETIMEDOUT ? 'http.timeout' : 'http.networkError';
  const leave = (then: 'login' | 'reload', afterMs = 0, reason?: LoginReason) => {
    isLeaving = true;
    const go = () => {
      clearSession();
      if (then === 'login') {
        if (reason) effects.goToLogin(reason);
        else effects.goToLogin();
      } else effects.reload();
    };
    if (afterMs > 0) setTimeout(go, afterMs);
    else go();
  };
  const handled = (message: string, code: number, data: unknown = null, requestId?: string) =>
    new ApiError(message, code, data, true, requestId);

  instance.interceptors.request.use((config: InternalConfig) => {
    const meta: RequestMeta = (config.portal ??= {});
    const path = pathOf(config.url);
    config.headers.set('Accept-Language', getLanguage());

    if (isLoginCall(path) && !meta.loginKey) {
      const startedAt = loginsInFlight.get(path);
      if (startedAt !== undefined && now() - startedAt < DUPLICATE_LOGIN_WINDOW_MS) {
        throw new axios.CanceledError('Duplicate sign-in request', undefined, config);
      }
      loginsInFlight.set(path, now());
      meta.loginKey = path;
      isLeaving = false;
    }

    if (!PUBLIC_API_PATHS.includes(path)) {
      const authorization = readAuthorization();
      if (!authorization) {
        // Token check: a private call without a stored token cannot succeed.
        if (!isLeaving) effects.showWarning(t('http.tokenExpired'));
        leave('login');
        throw handled(t('http.tokenExpired'), ApiCode.NotSignedIn);
      }
      config.headers.set('Authorization', authorization);
      meta.sentAuthorization = authorization;
    } else {
      config.headers.delete('Authorization');
    }
    return config;
  });

  const releaseLogin = (config: InternalConfig | undefined) => {
    const key = config?.portal?.loginKey;
    if (key) loginsInFlight.delete(key);
  };

  /** Refreshes with this refresh token and stores the new pair; a {@link RefreshFailure} otherwise. */
  async function refreshTokens(refreshToken: string | null): Promise<void> {
    if (!refreshToken) throw new RefreshFailure('invalid');
    const config: PortalRequestConfig = {
      method: 'POST',
      url: ApiPath.RefreshToken,
      params: { refreshToken },
      portal: { isRefresh: true },
    };
    let response: AxiosResponse<Envelope<TokenPair>>;
    try {
      response = await instance.request<Envelope<TokenPair>>(config);
    } catch (error) {
      throw refreshFailureOf(error);
    }
    const body = response.data;
    if (!isEnvelope(body)) throw new RefreshFailure('unavailable');
    if (body.code !== ApiCode.Ok || !body.data?.jwtToken) throw new RefreshFailure('invalid');
    saveTokens(body.data, now());
  }

  /**
   * One refresh across all tabs. Refresh tokens rotate and a spent one revokes the whole session, so tabs
   * take turns through a Web Lock; inside it the stored record is read again, and when another tab has
   * already rotated the token this tab uses the stored access token instead of asking the server.
   * Without Web Locks the refresh is shared within this tab only.
   */
  async function refreshAcrossTabs(): Promise<void> {
    const expected = readRefreshToken();
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return refreshTokens(expected);
    await locks.request(REFRESH_LOCK_NAME, async () => {
      const stored = readStored('tokenRecord')?.refreshToken ?? null;
      if (stored && expected && stored !== expected) return;
      await refreshTokens(stored);
    });
  }

  /** One refresh for all calls that found the access token expired at the same time. */
  function refreshOnce(): Promise<void> {
    refreshing ??= refreshAcrossTabs().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refreshAndRetry(config: InternalConfig, body: Envelope<unknown>): Promise<AxiosResponse> {
    const meta = config.portal ?? {};
    if (NO_REFRESH_RETRY_PATHS.includes(pathOf(config.url))) {
      // Excluded from refresh-and-retry (notification polling, batch-import preview): report and stop.
      if (!config.silent) showError(body.message);
      throw handled(body.message, body.code, body.data);
    }
    if (meta.isRetryAfterRefresh) {
      leave('reload');
      throw handled(body.message, body.code);
    }
    const current = readAuthorization();
    // Another call refreshed while this one was on the wire: just send it again with the new token.
    if (!(current && current !== meta.sentAuthorization)) {
      try {
        await refreshOnce();
      } catch (error) {
        if (error instanceof RefreshFailure && error.kind === 'unavailable') {
          // No verdict on the token (no answer, or a server failure): keep the session, report the problem.
          const message = t(error.messageKey);
          if (!config.silent) showError(message);
          throw new ApiError(message, 0, null, !config.silent);
        }
        // Row 401: the server refused the refresh, so stored tokens are cleared and the page reloads.
        leave('reload');
        throw handled(body.message, body.code);
      }
    }
    const retry: PortalRequestConfig = { ...config, portal: { ...meta, isRetryAfterRefresh: true } };
    return instance.request(retry);
  }

  instance.interceptors.response.use(
    async (response: AxiosResponse) => {
      const config = response.config as InternalConfig;
      releaseLogin(config);
      const body = await readBody(response);
      if (config.portal?.isRefresh || !isEnvelope(body) || body.code === ApiCode.Ok) return response;
      const silent = config.silent === true;

      switch (body.code) {
        case ApiCode.Arrears:
          // Row 203: the message, then after 1 s tokens are cleared and the user goes to login, which
          // then offers the way to pay (/topUp).
          showError(t('http.arrears'));
          leave('login', 1000, 'arrears');
          throw handled(t('http.arrears'), body.code, body.data);
        case ApiCode.SessionInvalid:
          // Row 204: session invalid, tokens cleared, go to login.
          leave('login');
          throw handled(body.message, body.code, body.data);
        case ApiCode.AccessTokenExpired:
          // Row 401 (body): refresh the token and retry.
          return refreshAndRetry(config, body);
        case ApiCode.NotSignedIn:
          // Row 402: go to login (the stored session is unusable, so it goes too).
          leave('login');
          throw handled(body.message, body.code, body.data);
        case ApiCode.Forbidden:
          // Row 403: the server's message for 3 s.
          showError(body.message, 3);
          throw handled(body.message, body.code, body.data);
        case ApiCode.ServerError: {
          // Row "500 in body": what failed and what to do, with the request id for support.
          const requestId = requestIdOf(response);
          showError(t('http.serverError'), undefined, requestId);
          throw handled(t('http.serverError'), body.code, body.data, requestId);
        }
        default:
          // Row "other request errors": their own message.
          if (!silent) showError(body.message);
          throw new ApiError(body.message, body.code, body.data, !silent);
      }
    },
    async (error: unknown) => {
      if (axios.isCancel(error) || error instanceof ApiError) throw error;
      if (!(error instanceof AxiosError)) throw error;
      const config = error.config as InternalConfig | undefined;
      releaseLogin(config);
      if (config?.portal?.isRefresh) throw error;
      const silent = config?.silent === true;
      const response = error.response;

      if (!response) {
        // Row "timeout" (or the browser went offline while waiting).
        if (error.code === AxiosError.ETIMEDOUT) {
          const message = t(noAnswerKey(error));
          showError(message);
          throw handled(message, 0);
        }
        // Retries apply only to idempotent GETs that failed on the network.
        const retries = config?.portal?.networkRetries ?? 0;
        if (
          config &&
          config.method === 'get' &&
          error.code === AxiosError.ERR_NETWORK &&
          retries < GET_RETRY_COUNT
        ) {
          await sleep(GET_RETRY_DELAY_MS);
          const retry: PortalRequestConfig = {
            ...config,
            portal: { ...config.portal, networkRetries: retries + 1 },
          };
          return instance.request(retry);
        }
        const message = t(noAnswerKey(error));
        if (!silent) showError(message);
        throw new ApiError(message, 0, null, !silent);
      }

      const status = response.status;
      const requestId = requestIdOf(response);
      if (status === 401) {
        // Row "HTTP 401": stored data cleared and the page reloads after 1 s.
        leave('reload', 1000);
        throw handled(error.message, status);
      }
      if (status === 404) {
        showError(t('http.notFound'), undefined, requestId);
        throw handled(t('http.notFound'), status, null, requestId);
      }
      if (status >= 500) {
        // HTTP 500 (and a proxy's 502/503/504): the server failed, not the user; no status jargon.
        showError(t('http.serverFailure'), undefined, requestId);
        throw handled(t('http.serverFailure'), status, null, requestId);
      }
      // Row "other request errors": the server's message when it sent one, else the transport's.
      const body = await readBody(response);
      // Without an envelope the transport's text ("Request failed with status code 413") is jargon.
      const message = isEnvelope(body) && body.message ? body.message : t('http.unknownError');
      if (!silent) showError(message, undefined, requestId);
      throw new ApiError(
        message,
        isEnvelope(body) ? body.code : status,
        isEnvelope(body) ? body.data : null,
        !silent,
        requestId,
      );
    },
  );

  async function request<T>(config: PortalRequestConfig): Promise<T> {
    const response = await instance.request<Envelope<T>>(config);
    return response.data.data;
  }

  async function download(url: string, config: PortalRequestConfig = {}): Promise<DownloadedFile> {
    const response = await instance.request<Blob>({
      method: 'GET',
      ...config,
      url,
      responseType: 'blob',
    });
    return {
      blob: response.data,
      fileName: fileNameFromDisposition(headerOf(response, 'content-disposition')),
    };
  }

  return {
    instance,
    request,
    download,
    get: <T>(url: string, config: PortalRequestConfig = {}) => request<T>({ ...config, method: 'GET', url }),
    post: <T>(url: string, body?: unknown, config: PortalRequestConfig = {}) =>
      request<T>({ ...config, method: 'POST', url, data: body }),
  };
}
