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
import type { Translate } from '../i18n/message-key';
import type { UiEffects } from '../ui-effects';
import { clearSession, readAuthorization, readRefreshToken, saveTokens } from '../storage';
import { ApiError } from './api-error';

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
}

export interface RequestClient {
  /** The axios instance, for calls whose answer is not an envelope (file downloads). */
  instance: AxiosInstance;
  get<T>(url: string, config?: PortalRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: PortalRequestConfig): Promise<T>;
  request<T>(config: PortalRequestConfig): Promise<T>;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'success' in value;
}

/** Sign-in calls (not refresh or sign-out) are the ones a double click must not send twice. */
function isLoginCall(path: string): boolean {
  return path.startsWith('/api/Login/') && path !== ApiPath.RefreshToken && path !== ApiPath.Logout;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The single HTTP client. It implements the error catalogue of spec section 8 row by row; each branch
 * below names the row it implements. Tests build their own client with a fake adapter and spies.
 */
export function createRequestClient(options: RequestClientOptions): RequestClient {
  const { effects, translate: t, getLanguage } = options;
  const now = options.now ?? Date.now;
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

  const showError = (text: string, seconds?: number) => {
    if (!isLeaving) effects.showError(text, seconds);
  };
  const leave = (then: 'login' | 'reload', afterMs = 0) => {
    isLeaving = true;
    const go = () => {
      clearSession();
      if (then === 'login') effects.goToLogin();
      else effects.reload();
    };
    if (afterMs > 0) setTimeout(go, afterMs);
    else go();
  };
  const handled = (message: string, code: number, data: unknown = null) =>
    new ApiError(message, code, data, true);

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

  async function refreshTokens(): Promise<void> {
    const refreshToken = readRefreshToken();
    if (!refreshToken) throw new Error('No refresh token');
    const config: PortalRequestConfig = {
      method: 'POST',
      url: ApiPath.RefreshToken,
      params: { refreshToken },
      portal: { isRefresh: true },
    };
    const response = await instance.request<Envelope<TokenPair>>(config);
    const body = response.data;
    if (!isEnvelope(body) || body.code !== ApiCode.Ok || !body.data?.jwtToken)
      throw new Error('Refresh refused');
    saveTokens(body.data, now());
  }

  /** One refresh for all calls that found the access token expired at the same time. */
  function refreshOnce(): Promise<void> {
    refreshing ??= refreshTokens().finally(() => {
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
      } catch {
        // Row 401: the refresh failed, so stored tokens are cleared and the page reloads.
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
      const body: unknown = response.data;
      if (config.portal?.isRefresh || !isEnvelope(body) || body.code === ApiCode.Ok) return response;
      const silent = config.silent === true;

      switch (body.code) {
        case ApiCode.Arrears:
          // Row 203: the message, then after 1 s tokens are cleared and the user goes to login.
          showError(t('http.arrears'));
          leave('login', 1000);
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
        case ApiCode.ServerError:
          // Row "500 in body".
          showError(t('http.serverError'));
          throw handled(t('http.serverError'), body.code, body.data);
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
        // Row "timeout".
        if (error.code === AxiosError.ETIMEDOUT) {
          showError(t('http.timeout'));
          throw handled(t('http.timeout'), 0);
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
        if (!silent) showError(t('http.networkError'));
        throw new ApiError(t('http.networkError'), 0, null, !silent);
      }

      const status = response.status;
      if (status === 401) {
        // Row "HTTP 401": stored data cleared and the page reloads after 1 s.
        leave('reload', 1000);
        throw handled(error.message, status);
      }
      if (status === 404) {
        showError(t('http.notFound'));
        throw handled(t('http.notFound'), status);
      }
      if (status === 500) {
        showError(t('http.serverFailure'));
        throw handled(t('http.serverFailure'), status);
      }
      // Row "other request errors": the server's message when it sent one, else the transport's.
      const body: unknown = response.data;
      const message =
        isEnvelope(body) && body.message ? body.message : error.message || t('http.unknownError');
      if (!silent) showError(message);
      throw new ApiError(
        message,
        isEnvelope(body) ? body.code : status,
        isEnvelope(body) ? body.data : null,
        !silent,
      );
    },
  );

  async function request<T>(config: PortalRequestConfig): Promise<T> {
    const response = await instance.request<Envelope<T>>(config);
    return response.data.data;
  }

  return {
    instance,
    request,
    get: <T>(url: string, config: PortalRequestConfig = {}) => request<T>({ ...config, method: 'GET', url }),
    post: <T>(url: string, body?: unknown, config: PortalRequestConfig = {}) =>
      request<T>({ ...config, method: 'POST', url, data: body }),
  };
}
