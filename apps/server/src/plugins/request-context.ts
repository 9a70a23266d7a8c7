import type { Envelope } from '@portal/contracts/envelope';
import { ApiCode } from '@portal/contracts/envelope';
import { resolveLanguage, type Language } from '@portal/contracts/languages';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's interface language, from Accept-Language (zh-CN when absent). */
    language: Language;
    t(key: string, params?: Record<string, string | number>): string;
    /** Wraps `data` in the success envelope with a message in the caller's language. */
    ok<T>(data: T, messageKey?: string): Envelope<T>;
  }
}

/** Per-request language and the success envelope, used by every route. */
export const requestContextPlugin = fp(
  async (app) => {
    app.decorateRequest('language', 'zh-CN');
    app.decorateRequest(
      't',
      function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
        return translate(this.language, key, params);
      },
    );
    app.decorateRequest('ok', function <T>(this: FastifyRequest, data: T, messageKey = 'ok'): Envelope<T> {
      return { code: ApiCode.Ok, success: true, message: translate(this.language, messageKey), data };
    });
    // Callback-style hooks here and in the other plugins where nothing is awaited: an async hook costs
    // a promise and a turn of the microtask queue on every request.
    app.addHook('onRequest', (request, reply, done) => {
      request.language = resolveLanguage(request.headers['accept-language']);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-context' },
);
