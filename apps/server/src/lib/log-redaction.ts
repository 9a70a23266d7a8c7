import type { FastifyRequest } from 'fastify';

/** Query and body fields whose values never reach a log line (refresh tokens arrive in the query string). */
const SECRET_FIELD = /token|password|secret/i;
export const REDACTED = '[redacted]';

/** The URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_FIELD.test(name) ? `${rawName}=${REDACTED}` : pair;
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
