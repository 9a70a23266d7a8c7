import { ApiCode, type Envelope, type FieldError } from '@portal/contracts/envelope';
import { fieldMessage } from '@portal/contracts/text';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isSqliteWriteError, isStorageFull } from '../db/availability.ts';
import { hasPermission } from '@portal/contracts/access';
import { AppError } from '../lib/errors.ts';
import { isOpenApiUrl, openApiHttpStatus } from '../lib/open-api-status.ts';
import { defineMessages, isMessageKey, translate } from '../lib/messages.ts';
import { zodLocaleError } from '../lib/validation-locale.ts';

defineMessages({
  'error.unavailable': {
    'zh-CN': '服务暂时不可用，请稍后重试',
    'en-US': 'The service is briefly unavailable; please try again in a moment',
    'zh-TW': '服務暫時無法使用，請稍後重試',
  },
  'error.storageFull': {
    'zh-CN': '服务器存储空间已满，请稍后重试',
    'en-US': "The server's storage is full; please try again later",
    'zh-TW': '伺服器儲存空間已滿，請稍後重試',
  },
  'error.shuttingDown': {
    'zh-CN': '服务正在重启，请稍后重试',
    'en-US': 'The service is restarting; please try again in a moment',
    'zh-TW': '服務正在重新啟動，請稍後重試',
  },
});

/** Seconds a caller is asked to wait (Retry-After) when the service is briefly unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** HTTP 503 in the envelope with Retry-After: a database outage, full storage or a shutting-down instance. */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  messageKey: 'error.unavailable' | 'error.storageFull' | 'error.shuttingDown' = 'error.unavailable',
) {
  return sendEnvelope(reply.header('Retry-After', String(RETRY_AFTER_SECONDS)), 503, {
    code: ApiCode.ServiceUnavailable,
    success: false,
    message: request.t(messageKey),
    data: null,
  });
}

/**
 * Whether a failure means the server's storage is full: its code says so (ENOSPC, SQLITE_FULL, 53100), or
 * it is an SQLite write error while the data directory cannot take a write for want of room.
 */
async function isStorageFullFailure(request: FastifyRequest, error: unknown): Promise<boolean> {
  if (isStorageFull(error)) return true;
  if (!isSqliteWriteError(error)) return false;
  return request.server.dataDirWritable().then(() => false, isStorageFull);
}

/** Error answers bypass the route's success schema: the envelope's `data` differs. */
function sendEnvelope(reply: FastifyReply, httpStatus: number, body: Envelope<unknown>) {
  return reply
    .status(httpStatus)
    .serializer(JSON.stringify)
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Field errors in the caller's language: text-field problems in plain words naming the field, then our own
 * message keys, else zod's locale for the issue.
 */
function fieldErrors(request: FastifyRequest, error: FastifyError & { validation: unknown[] }): FieldError[] {
  const localeError = zodLocaleError(request.language);
  return error.validation.map((raw) => {
    const item = raw as {
      instancePath: string;
      keyword: string;
      message?: string;
      params?: Record<string, unknown>;
    };
    const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const own =
      (item.message && fieldMessage(item.message, item.params?.params, request.language)) ??
      (item.message && isMessageKey(item.message) ? translate(request.language, item.message) : undefined);
    const issue = { code: item.keyword, ...item.params, path: [], message: item.message } as never;
    const fromZod = (localeError as (issue: never) => string | { message: string } | undefined)(issue);
    const zodText = typeof fromZod === 'string' ? fromZod : fromZod?.message;
    return { field, message: own ?? zodText ?? item.message ?? item.keyword };
  });
}

/**
 * The one place errors become answers. Body codes ride on HTTP 200 as the source portal expects;
 * unknown routes are HTTP 404 and crashes HTTP 500, always in the envelope and never with a stack trace.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (thrown: FastifyError | AppError, request, reply) => {
      // `/api` keeps HTTP 200 with the body code; the open API answers the matching HTTP status.
      const statusOf = (code: number) => (isOpenApiUrl(request.url) ? openApiHttpStatus(code) : 200);
      if (thrown instanceof AppError) {
        // A refusal naming what the caller may not read is answered without it.
        const withheld = thrown.withheld;
        const error =
          withheld && request.auth && !hasPermission(request.auth, withheld.permission)
            ? withheld.error
            : thrown;
        let data = error.data;
        if (data && typeof data === 'object' && 'errors' in data) {
          const errors = (data as { errors: FieldError[] }).errors.map((e) => ({
            ...e,
            message: request.t(e.message),
          }));
          data = { ...data, errors };
        }
        return sendEnvelope(reply, statusOf(error.code), {
          code: error.code,
          success: false,
          message: request.t(error.messageKey, error.params),
          data,
        });
      }
      const error = thrown;
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrors(request, error);
        const first = errors[0];
        const message = first
          ? `${request.t('error.validation')}: ${first.field} ${first.message}`
          : request.t('error.validation');
        return sendEnvelope(reply, statusOf(ApiCode.BadRequest), {
          code: ApiCode.BadRequest,
          success: false,
          message,
          data: { errors },
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return sendEnvelope(reply, 413, {
          code: ApiCode.BadRequest,
          success: false,
          message: request.t('error.payloadTooLarge'),
          data: null,
        });
      }
      if (status >= 400 && status < 500) {
        const key =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'error.invalidJson'
            : 'error.validation';
        return sendEnvelope(reply, statusOf(ApiCode.BadRequest), {
          code: ApiCode.BadRequest,
          success: false,
          message: request.t(key),
          data: null,
        });
      }
      if (await isStorageFullFailure(request, error)) {
        request.log.warn({ err: error }, 'storage full');
        return sendUnavailable(request, reply, 'error.storageFull');
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendUnavailable(request, reply);
      }
      request.log.error({ err: error }, 'request failed');
      return sendEnvelope(reply, 500, {
        code: ApiCode.ServerError,
        success: false,
        message: request.t('error.server'),
        data: null,
      });
    });
  },
  { name: 'error-handler', dependencies: ['request-context'] },
);

export { sendEnvelope };
