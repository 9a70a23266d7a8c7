import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict headers on every answer. Styles allow 'unsafe-inline' because Ant Design's CSS-in-JS injects
 * style tags at run time; scripts come only from our own origin.
 */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/** What helmet does to a response: headers it sets and headers it removes, in its order. */
export type HeaderStep = ['set', string, string | number | readonly string[]] | ['remove', string];

/**
 * Runs helmet once on a stand-in response and records what it does. With these options helmet's
 * answer depends on nothing in the request (no nonces, no functions in the directives), so the steps
 * are the same for every request; running helmet per request re-derived the same policy each time.
 */
export function recordHelmet(options: Readonly<HelmetOptions>): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push(['set', name, value]);
      return response;
    },
    removeHeader(name: string) {
      steps.push(['remove', name]);
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return steps;
}

/**
 * helmet's headers, recorded once at start (see recordHelmet) and applied to the raw response at the
 * start of every request, as @fastify/helmet did with a freshly built helmet each time: the same
 * headers, values and order. Then `Permissions-Policy` and, for `/api` and `/ops` answers, `Cache-Control: no-store`.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const steps = recordHelmet(HELMET_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const step of steps) {
        if (step[0] === 'set') raw.setHeader(step[1], step[2]);
        else raw.removeHeader(step[1]);
      }
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
      // Routes that may be cached (reference data) set their own Cache-Control first.
      const isApi = request.url.startsWith('/api/') || request.url.startsWith('/ops/');
      if (isApi && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
