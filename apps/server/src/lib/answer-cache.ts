import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serialized answers of list pages, in process, bounded by total bytes (least recently used first out).
 *
 * An entry can never be stale because its key holds the version of the data it was made from: the
 * database bumps a customer's list version in the same transaction as every write to the list
 * (migration 2026-11-29-210-list-versions), and the session check reads the version with the session in
 * the statement it runs anyway (`findRequestContext`). A write on any instance sharing the database
 * changes the version the next request reads, so the next request misses and reads the list. A hit costs
 * no query at all, and the answer goes out as the bytes it was the first time (no serialisation, and a
 * Buffer, which the socket writes without encoding a string again).
 *
 * Entries of older versions are never served again; they just wait for the LRU to drop them.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  /** @param maxBytes total size of the answers kept; 0 keeps none. */
  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): Buffer | undefined {
    const bytes = this.#entries.get(key);
    if (bytes === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recently used last: a Map iterates in insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, bytes);
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    // An answer larger than an eighth of the cache would push out many others for one page.
    if (bytes.length > this.maxBytes / 8) return;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= previous.length;
    }
    this.#entries.set(key, bytes);
    this.#bytes += bytes.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.length;
    }
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer as the route's response serializer writes it (a JSON string for schema'd routes). */
function serializedBytes(reply: FastifyReply, answer: unknown): Buffer {
  const serialized = reply.serialize(answer);
  return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Uint8Array);
}

/**
 * Answers with the cached bytes under `key`, or produces the answer, serializes it with the route's own
 * response serializer (the bytes are those an uncached answer has), keeps them and sends them.
 * `key` must hold everything the answer depends on: the customer, the list version read with the session,
 * the caller's language and the parsed query. Undefined `key` (no version known) answers uncached.
 *
 * With `verify` (RESPONSE_CHECK=full, the test suites) a hit is also produced afresh and must give the same
 * bytes: every test that reads a list after a write proves the cache did not serve an old page. A
 * difference is an error unless `stillCurrent` says the version moved on meanwhile (a write committed
 * between this request's session check and its fresh read: a race, not a stale entry).
 */
export async function sendCachedAnswer(
  cache: AnswerCache,
  key: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<unknown>,
  verify?: { stillCurrent: () => Promise<boolean> },
): Promise<FastifyReply> {
  if (key === undefined || cache.maxBytes === 0) return reply.send(await produce());
  const hit = cache.get(key);
  if (hit !== undefined) {
    if (verify) {
      const fresh = serializedBytes(reply, await produce());
      if (!fresh.equals(hit) && (await verify.stillCurrent()))
        throw new Error(`${request.routeOptions.url}: a cached answer differs from a fresh one (key ${key})`);
    }
    return reply.type(JSON_TYPE).send(hit);
  }
  const bytes = serializedBytes(reply, await produce());
  cache.set(key, bytes);
  return reply.type(JSON_TYPE).send(bytes);
}
