import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isStorageFull, pingDatabase, writeProbe } from '../db/availability.ts';
import { sendUnavailable } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts a graceful shutdown's drain: from now on new requests answer the localized 503 envelope
     * with Retry-After, every answer closes its connection, and /readyz says 503.
     */
    startDraining(): void;
    readonly draining: boolean;
    /** Resolves when the data directory takes a small write (checked at most every few seconds). */
    dataDirWritable(): Promise<void>;
  }
}

/** How long /readyz waits for the database before it says 503. */
const READY_TIMEOUT_MS = 2000;

/** How often the data directory is really written to; /readyz in between repeats the last result. */
const WRITE_PROBE_EVERY_MS = 5000;

/**
 * Health probes for load balancers, outside `/api` and without a session: GET /healthz (the process
 * answers; no database) and GET /readyz (the database answers `select 1` within 2 s, the data directory
 * takes a write, and the instance is not shutting down). Also the drain state that server.ts switches on
 * at SIGTERM.
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

    app.decorate('dataDirWritable', writeProbe(app.config.dataDir, WRITE_PROBE_EVERY_MS));

    app.get('/healthz', { logLevel: 'warn' }, async (request) => request.ok({ status: 'alive' }));

    app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
      if (draining) return sendUnavailable(request, reply, 'error.shuttingDown');
      try {
        await pingDatabase(app.db, READY_TIMEOUT_MS);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'readiness check failed');
        return sendUnavailable(request, reply);
      }
      try {
        await app.dataDirWritable();
      } catch (error) {
        request.log.warn({ err: error }, 'data directory not writable');
        return sendUnavailable(
          request,
          reply,
          isStorageFull(error) ? 'error.storageFull' : 'error.unavailable',
        );
      }
      return request.ok({ status: 'ready' });
    });
  },
  { name: 'health', dependencies: ['request-context', 'error-handler', 'database'] },
);
