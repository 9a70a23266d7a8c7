import type http from 'node:http';
import net from 'node:net';

/** Nothing new (no connection, no byte) for this long, over at least QUIET_POLLS poll phases, is quiet. */
const QUIET_MS = 300;
const QUIET_POLLS = 3;
/** A steady stream of new connections does not keep the listener open longer than this. */
const MAX_LISTEN_MS = 3000;

/**
 * Closing an HTTP server without resetting a request a client has already sent.
 *
 * A connection is reset (RST) when it is destroyed while bytes the client wrote are unread, or when the
 * listener closes while it waits in the accept queue. On a busy event loop that is the normal state of a
 * request just written: Node accepts and reads only in the loop's poll phase, and a timer can fire after
 * a long blocked stretch before the poll that would have read what arrived meanwhile. On a busy machine
 * the kernel may also hand over a connection or its bytes a little after the client wrote them. So:
 *
 * - every decision is taken in the check phase (setImmediate), right after a poll phase has accepted and
 *   read whatever had arrived;
 * - "quiet" means no new connection and no new byte on any connection over QUIET_MS *and* QUIET_POLLS
 *   polls — a loop blocked for a second counts as one poll, not as a quiet second;
 * - until quiet the listener stays open (what arrives answers the drain's 503 and closes); once quiet it
 *   closes, and so does every connection with no request in progress and nothing read since its last
 *   answer; a connection with a request in progress is closed by its answer (`Connection: close`).
 *
 * Node's own `closeIdleConnections()` (which `http.Server#close()` calls) does not wait for the poll, and
 * also destroys a connection whose last answer has ended but is not yet flushed.
 */
export function trackConnections(server: http.Server) {
  interface Connection {
    /** Requests whose answer has not closed, or whose body is not yet read to the end. */
    inProgress: number;
    /** `bytesRead` when the last request settled: more since then is a request on its way. */
    settledBytes: number;
    /** `bytesRead` at the previous check. */
    seenBytes: number;
  }
  const connections = new Map<net.Socket, Connection>();
  let accepted = false;
  let wake: (() => void) | undefined;

  server.on('connection', (socket: net.Socket) => {
    accepted = true;
    connections.set(socket, { inProgress: 0, settledBytes: 0, seenBytes: 0 });
    socket.once('close', () => {
      connections.delete(socket);
      wake?.();
    });
  });
  server.on('request', (request: http.IncomingMessage, reply: http.ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.inProgress++;
    // Settled once answered and the request's own bytes are all read (an answer sent before the body
    // was read leaves Node discarding the rest of it).
    let open = 2;
    const done = () => {
      if (--open > 0) return;
      connection.inProgress--;
      connection.settledBytes = request.socket.bytesRead;
      wake?.();
    };
    reply.once('close', done);
    request.once('close', done);
  });

  /** Resolves in the check phase of the next loop turn, i.e. after a poll phase that began after this call. */
  const afterNextPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  /** Resolves when a request settles or a connection closes, or after 20 ms (a wake-up, not a deadline). */
  const nextWake = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 20);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    get open(): number {
      return connections.size;
    },

    /** Stops accepting, answers what the open connections carry, and resolves once every one has closed. */
    async close(): Promise<void> {
      const startedAt = performance.now();
      let listening = server.listening;
      let quietSince = startedAt;
      let quietPolls = 0;
      accepted = false;
      while (listening || connections.size > 0) {
        await afterNextPoll();
        let arrived = accepted;
        accepted = false;
        for (const [socket, connection] of connections) {
          if (socket.bytesRead !== connection.seenBytes) arrived = true;
          connection.seenBytes = socket.bytesRead;
        }
        const now = performance.now();
        if (arrived) {
          quietSince = now;
          quietPolls = 0;
        } else {
          quietPolls++;
        }
        const quiet = quietPolls >= QUIET_POLLS && now - quietSince >= QUIET_MS;
        if (listening && (quiet || now - startedAt >= MAX_LISTEN_MS)) {
          // The listening socket only: http.Server#close() would also destroy idle connections at once.
          net.Server.prototype.close.call(server);
          listening = false;
        }
        if (!listening && quiet) {
          for (const [socket, connection] of connections) {
            if (connection.inProgress === 0 && socket.bytesRead === connection.settledBytes) socket.destroy();
          }
        }
        if (listening || connections.size > 0) await nextWake();
        wake = undefined;
      }
    },
  };
}
