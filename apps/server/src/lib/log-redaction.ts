import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values may be written to the log: paging, enumerations, formats, languages and
 * row ids (a UUID opens nothing: every call still needs its session). Every other parameter's value is
 * replaced, whatever its name: single sign-on `ticket`s, WeChat's `code` and `state`, `sign`atures, the
 * refresh token, pay and look-up tokens, the WeChat `sceneId` (the secret a browser polls with), and also
 * personal data — `keyword` (a search may be a phone number or a name), `phone`/`userPhone` — and any
 * parameter a later route adds until it is named here. An allow-list, so a new secret is masked by default.
 */
export const LOGGED_QUERY_PARAMS: ReadonlySet<string> = new Set(
  [
    'pageIndex',
    'pageSize',
    'page',
    'offset',
    'limit',
    'view',
    'status',
    'kind',
    'format',
    'size',
    'lang',
    'language',
    'addressType',
    'countryCode',
    'currencyCode',
    'typeCode',
    'purpose',
    'channel',
    'outcome',
    'preview',
    'keepDuplicates',
    'withSubUnits',
    'utcOffsetMinutes',
    'provinceName',
    'cityName',
    'id',
    'orgUnitId',
  ].map((name) => name.toLowerCase()),
);

/** The URL with the value of every query parameter not in LOGGED_QUERY_PARAMS replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const rawName = pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape: an unknown name, so its value is masked.
      }
      return LOGGED_QUERY_PARAMS.has(name.toLowerCase()) ? pair : `${rawName}=${REDACTED}`;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * Logger options for request logging: the request serializer logs the redacted URL, and pino's redact
 * removes credentials wherever a log call passes headers or a body (`token`/`password` fields at any of
 * the first levels).
 */
export const redactingLoggerOptions = {
  serializers: {
    req(request: FastifyRequest) {
      return {
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      };
    },
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'headers.cookie',
      // The operations API's credential (modules/operations/operations.routes.ts).
      'req.headers["x-operator-key"]',
      'headers["x-operator-key"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.oldPassword',
      '*.newPassword',
      '*.token',
      '*.refreshToken',
      '*.refereToken',
      '*.jwtToken',
      '*.*.password',
      '*.*.token',
      '*.*.refreshToken',
    ],
    censor: REDACTED,
  },
};

/** Whether a pino logger writes info lines; undefined for Fastify's no-op logger (`logger: false`). */
const infoEnabled = (logger: FastifyBaseLogger): boolean | undefined => {
  const pinoLogger = logger as unknown as { isLevelEnabled?: (level: string) => boolean };
  return typeof pinoLogger.isLevelEnabled === 'function' ? pinoLogger.isLevelEnabled('info') : undefined;
};

/**
 * One log line per request, written when it ends, instead of Fastify's two ("incoming request" when it
 * starts and "request completed" when it ends): the line carries the request (method, redacted URL,
 * host, address) beside the status and the response time, under the same request id. Each line costs a
 * serialisation and a redaction pass, the largest part of logging's share of a request's time.
 */
export class OneLinePerRequest extends LogController {
  /** Per root logger: a child of it without the redaction pass (see requestCompleted). */
  readonly #unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    const enabled = infoEnabled(reply.log);
    if (enabled === false) return;
    // Nothing in this line can hold a credential: the request serializer writes method, redacted URL, host
    // and address, the reply's writes the status. pino's redaction pass over it (its wildcard paths walk
    // every key two levels deep) was the largest part of logging a request, so the line skips it. The
    // same fields in the same order as the request's own logger writes: its bindings are the request id.
    const root = request.server.log;
    // A route logging below the server's level (none does today) keeps the request's own logger.
    if (enabled === undefined || !infoEnabled(root)) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      return;
    }
    let unredacted = this.#unredacted.get(root);
    if (!unredacted) {
      unredacted = root.child({}, { redact: [] } as never);
      this.#unredacted.set(root, unredacted);
    }
    unredacted.info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
