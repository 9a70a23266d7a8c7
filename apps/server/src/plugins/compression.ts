import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** JSON answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON, including `application/problem+json` and the like. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli 4 is about as fast as gzip -6 and smaller; 11 (the default) is for build-time compression only.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

export type AnswerEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: br or gzip, whichever has the higher
 * quality value (br on a tie, `*` standing for either), or undefined when neither is acceptable.
 */
export function chooseEncoding(header: string | undefined): AnswerEncoding | undefined {
  if (!header) return undefined;
  const quality: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [token, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    quality[token!.trim()] = q ? Number(q[1]) : 1;
  }
  const of = (encoding: string) => quality[encoding] ?? quality['*'] ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

export function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(current)))
    reply.header('vary', `${String(current)}, Accept-Encoding`);
}

/** The encoding to compress this answer with, or undefined to send it as it is. */
function encodingFor(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): AnswerEncoding | undefined {
  // Files (the web app's precompressed assets, downloads) are streams and pass untouched.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  // A string's byte length is at least its length, so short answers are let through without measuring.
  if (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES)
    return undefined;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304)
    return undefined;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_TYPE.test(type)) return undefined;
  addVary(reply);
  return chooseEncoding(request.headers['accept-encoding']);
}

/** The onSend hook: callback style, so an answer that is not compressed costs no promise. */
function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  const encoding = encodingFor(request, reply, payload);
  if (!encoding) return done(null, payload);
  compressBody(payload as string | Buffer, encoding).then(
    (compressed) => {
      markCompressed(reply, encoding, compressed.length);
      done(null, compressed);
    },
    (error: Error) => done(error),
  );
}

/**
 * Compresses an answer body. zlib's asynchronous calls run on libuv's thread pool, so a big answer does
 * not stall other requests.
 */
export function compressBody(body: string | Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body, GZIP_OPTIONS);
}

/** Headers of a compressed answer. */
export function markCompressed(reply: FastifyReply, encoding: AnswerEncoding, length: number): void {
  reply.header('content-encoding', encoding).header('content-length', length);
  // The compressed bytes differ from those a strong ETag was computed over: it becomes weak (RFC 9110
  // 8.8.1). If-None-Match compares weakly, so 304s keep working.
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
}

/**
 * Compresses JSON answers of COMPRESS_MIN_BYTES or more with brotli (quality 4) or gzip, as the caller
 * accepts, with `Vary: Accept-Encoding`. Everything else is left alone: smaller answers after a length
 * check, the web app's files (precompressed at build time, see plugins/web-app.ts) and file downloads
 * (streams).
 *
 * Not @fastify/compress: it also compresses every stream whose type mime-db calls compressible (a CSV
 * export, a file without a precompressed copy) on every request, and opting out takes a flag on each such
 * route in every module.
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook('onSend', compressJson);
  },
  { name: 'compression' },
);
