import { currentLanguage, translate } from '../i18n/i18n';
import { importFirstScreen } from '../lazy-page';
import { uiEffects } from '../ui-effects';
import { ApiError } from './api-error';
import type { DownloadedFile, PortalRequestConfig, RequestClient } from './request-client';

let loading: Promise<RequestClient> | undefined;

/**
 * The request client and axios load with the first call, not with the entry: no page needs them to paint
 * (the sign-in page's first screen asks nothing; a signed-in start asks at once, main.tsx, so the chunk
 * downloads beside the shell's). A chunk that cannot load is reported like a call with no answer, and the
 * next call tries again.
 */
function client(): Promise<RequestClient> {
  loading ??= importFirstScreen(() => import('./request-client')).then(
    ({ createRequestClient }) =>
      createRequestClient({ effects: uiEffects, translate, getLanguage: currentLanguage }),
    () => {
      loading = undefined;
      const message = translate(navigator.onLine === false ? 'http.offline' : 'http.networkError');
      uiEffects.showError(message);
      throw new ApiError(message, 0);
    },
  );
  return loading;
}

/** The portal's one HTTP client; every fetcher uses it (see request-client.ts for what it does). */
export const http = {
  get: <T>(url: string, config?: PortalRequestConfig): Promise<T> =>
    client().then((c) => c.get<T>(url, config)),
  post: <T>(url: string, body?: unknown, config?: PortalRequestConfig): Promise<T> =>
    client().then((c) => c.post<T>(url, body, config)),
  request: <T>(config: PortalRequestConfig): Promise<T> => client().then((c) => c.request<T>(config)),
  download: (url: string, config?: PortalRequestConfig): Promise<DownloadedFile> =>
    client().then((c) => c.download(url, config)),
};
