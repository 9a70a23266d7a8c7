import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Strict headers on every answer. Styles allow 'unsafe-inline' because Ant Design's CSS-in-JS injects
 * style tags at run time; scripts come only from our own origin.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
      // Routes that may be cached (reference data) set their own Cache-Control first.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
