import { createHash } from 'node:crypto';
import { REFERENCE_MAX_AGE_SECONDS } from '@portal/contracts/reference';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addVary,
  type AnswerEncoding,
  chooseEncoding,
  compressBody,
  COMPRESS_MIN_BYTES,
  markCompressed,
} from '../../plugins/compression.ts';

interface CachedAnswer {
  body: string;
  etag: string;
  expiresAt: number;
  /** Whether the body is big enough to compress (see plugins/compression.ts). */
  isCompressible: boolean;
  /** Compressed copies, made on first demand and then reused instead of compressing on every request. */
  compressed: Partial<Record<AnswerEncoding, Promise<Buffer>>>;
}

/** True when an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Serialised reference answers kept in memory, one per key and language: the envelope is built and
 * hashed once, then every request sends the same bytes (or 304 when the browser's copy is current).
 * Keys must come from known data (never raw user input), which bounds the cache's size.
 */
export function createAnswerCache(ttlMs = Number.POSITIVE_INFINITY) {
  const entries = new Map<string, CachedAnswer>();
  return {
    async send<T>(request: FastifyRequest, reply: FastifyReply, key: string, load: () => T | Promise<T>) {
      const cacheKey = `${key}|${request.language}`;
      let cached = entries.get(cacheKey);
      if (!cached || cached.expiresAt <= Date.now()) {
        const body = JSON.stringify(request.ok(await load()));
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
        cached = {
          body,
          etag,
          expiresAt: Date.now() + ttlMs,
          isCompressible: Buffer.byteLength(body) >= COMPRESS_MIN_BYTES,
          compressed: {},
        };
        entries.set(cacheKey, cached);
      }
      reply
        .header('Cache-Control', `private, max-age=${REFERENCE_MAX_AGE_SECONDS}`)
        .header('ETag', cached.etag)
        .header('Vary', 'Accept-Language');
      if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
      // A JSON string with a JSON content type is sent as is, skipping the per-request schema serialiser.
      reply.type('application/json; charset=utf-8');
      if (!cached.isCompressible) return reply.send(cached.body);
      addVary(reply);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(cached.body);
      const bytes = await (cached.compressed[encoding] ??= compressBody(cached.body, encoding));
      markCompressed(reply, encoding, bytes.length);
      return reply.send(bytes);
    },
  };
}
