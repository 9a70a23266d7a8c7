import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { vi } from 'vitest';
import type { ExportTask } from '@portal/contracts/export-task';
import type { Language } from '@portal/contracts/languages';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import zhTW from '../../src/locales/zh-TW';
import type { Messages } from '../../src/locales/zh-CN';
import type { Translate } from '../../src/lib/i18n/message-key';
import type { UiEffects } from '../../src/lib/ui-effects';

const PACKS: Record<Language, Messages> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };

/** Resolves a dotted key in a language file and fills `{{name}}` placeholders, like i18next does. */
export function translatorFor(language: Language): Translate {
  return (key, values = {}) => {
    let node: unknown = PACKS[language];
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`Missing key ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export function spyEffects() {
  return {
    showError: vi.fn<UiEffects['showError']>(),
    showWarning: vi.fn<UiEffects['showWarning']>(),
    showSuccess: vi.fn<UiEffects['showSuccess']>(),
    goToLogin: vi.fn<UiEffects['goToLogin']>(),
    reload: vi.fn<UiEffects['reload']>(),
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  params: unknown;
  headers: AxiosHeaders;
  timeout: number | undefined;
  responseType: string | undefined;
}

type Handler = (config: InternalAxiosRequestConfig) => AxiosResponse | Promise<AxiosResponse>;

/**
 * A fake transport: each call is answered by the first matching handler and recorded. Status codes other
 * than 2xx reject the way axios's own adapters do (an AxiosError carrying the response).
 */
export function fakeTransport() {
  const seen: SeenRequest[] = [];
  const handlers: { match: (c: InternalAxiosRequestConfig) => boolean; handle: Handler; once: boolean }[] =
    [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      headers: AxiosHeaders.from(config.headers),
      timeout: config.timeout,
      responseType: config.responseType,
    });
    const index = handlers.findIndex((h) => h.match(config));
    if (index < 0) throw new Error(`No fake answer for ${config.method} ${config.url}`);
    const handler = handlers[index]!;
    if (handler.once) handlers.splice(index, 1);
    const response = await handler.handle(config);
    if (response.status >= 200 && response.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  const on = (path: string, handle: Handler, once = false) => {
    handlers.push({ match: (c) => (c.url ?? '').split('?')[0] === path, handle, once });
  };
  return {
    adapter,
    seen,
    /** Answers every call to `path`. */
    on: (path: string, handle: Handler) => on(path, handle),
    /** Answers the next call to `path` only (checked before later handlers for the same path). */
    once: (path: string, handle: Handler) => {
      on(path, handle, true);
      // Keep one-shot answers ahead of standing ones for the same path.
      handlers.sort((a, b) => Number(b.once) - Number(a.once));
    },
  };
}

/** An HTTP answer with an envelope body. */
export function envelope(
  config: InternalAxiosRequestConfig,
  code: number,
  data: unknown = null,
  message = '',
  status = 200,
): AxiosResponse {
  return {
    status,
    statusText: String(status),
    headers: {},
    config,
    data: { code, success: code === 200, message, data },
  };
}

/** An HTTP 200 answer whose body is a blob (a file, or JSON sent to a file request), with its headers. */
export function blobAnswer(
  config: InternalAxiosRequestConfig,
  body: string,
  headers: Record<string, string>,
): AxiosResponse {
  return {
    status: 200,
    statusText: '200',
    headers,
    config,
    data: new Blob([body], { type: headers['content-type'] }),
  };
}

/** The body of an envelope as the server sends it: JSON text. */
export function envelopeJson(code: number, message = '', data: unknown = null): string {
  return JSON.stringify({ code, success: code === 200, message, data });
}

/** Lets queued promise callbacks run (interceptors are promise chains). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** An export task as the server lists it: queued, nothing written yet, unless `patch` says otherwise. */
export function exportTaskOf(id: string, patch: Partial<ExportTask> = {}): ExportTask {
  return {
    exportTaskID: id,
    kind: 'endData',
    format: 'xlsx',
    status: 'queued',
    progress: 0,
    rowCount: null,
    fileName: null,
    fileSize: null,
    error: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    finishedAt: null,
    expiresAt: null,
    ...patch,
  };
}
