import fp from 'fastify-plugin';
import { isDatabaseUnavailable, pingDatabase } from '../db/availability.ts';
import { sendUnavailable } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown's drain: from now on new requests answer the localized 503 envelope
     * with Retry-After, every answer closes its connection, and /readyz says 503.
     */
    startDraining(): void;
    readonly draining: boolean;
  }
}

/** How long /readyz waits for the database before it says 503. */
const READY_TIMEOUT_MS = 2000;

/**
 * Health probes for load balancers, outside `/api` and without a session: GET /healthz (the process
 * answers; no database) and GET /readyz (the database answers `select 1` within 2 s, and the instance is
 * not shutting down). Also the drain state that server.ts switches on at SIGTERM.
 */
export const healthPlugin = fp(
  async (app) => {
    let draining = false;
    app.decorate('startDraining', () => {
      draining = true;
    });
    app.decorate('draining', {
      getter: () => draining,
    });

    app.addHook('onRequest', (request, reply, done) => {
      if (!draining) return done();
      // The connection closes after this answer, so a keep-alive client moves to another instance.
      reply.header('Connection', 'close');
      // Probes answer for themselves; everything else is refused while draining (answering from a
      // callback-style hook: send, and do not call done).
      if (request.url === '/healthz' || request.url === '/readyz') return done();
      sendUnavailable(request, reply, 'error.shuttingDown');
    });
    // Requests already running when the drain began finish normally, then close their connection.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('Connection', 'close');
      done(null, payload);
    });

    app.get('/healthz', { logLevel: 'warn' }, async (request) => request.ok({ status: 'alive' }));

    app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
      if (draining) return sendUnavailable(request, reply, 'error.shuttingDown');
      try {
        await pingDatabase(app.db, READY_TIMEOUT_MS);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'readiness check failed');
        return sendUnavailable(request, reply);
      }
      return request.ok({ status: 'ready' });
    });
  },
  { name: 'health', dependencies: ['request-context', 'error-handler', 'database'] },
);
