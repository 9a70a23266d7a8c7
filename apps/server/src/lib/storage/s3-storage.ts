import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertSafeKey, StoredFileMissing, type FileStorage } from './file-storage.ts';
import { EMPTY_PAYLOAD_SHA256, signRequest } from './sigv4.ts';

export interface S3Options {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; default AWS for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most S3-compatible stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

/**
 * An S3-compatible bucket over fetch, signed with SigV4 (sigv4.ts): PUT, GET, HEAD, DELETE of one object.
 * A streamed put is first spooled to a temporary file while its SHA-256 is computed, because S3 needs the
 * length and the payload hash before the body.
 */
export class S3FileStorage implements FileStorage {
  private readonly endpoint: URL;

  constructor(private readonly options: S3Options) {
    this.endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  }

  private urlOf(key: string): URL {
    assertSafeKey(key);
    const url = new URL(this.endpoint.toString());
    const base = url.pathname.replace(/\/$/, '');
    if (this.options.forcePathStyle) url.pathname = `${base}/${this.options.bucket}/${key}`;
    else {
      url.hostname = `${this.options.bucket}.${url.hostname}`;
      url.pathname = `${base}/${key}`;
    }
    return url;
  }

  private async send(
    method: string,
    key: string,
    body?: { stream: Readable | Buffer; size: number; sha256: string; contentType?: string },
  ): Promise<Response> {
    const url = this.urlOf(key);
    const headers = signRequest({
      method,
      url,
      headers: body
        ? {
            'content-length': String(body.size),
            ...(body.contentType ? { 'content-type': body.contentType } : {}),
          }
        : {},
      payloadHash: body?.sha256 ?? EMPTY_PAYLOAD_SHA256,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      region: this.options.region,
      service: 's3',
      date: new Date(),
    });
    delete headers.host;
    return fetch(url, {
      method,
      headers,
      ...(body
        ? {
            body: Buffer.isBuffer(body.stream)
              ? body.stream
              : (Readable.toWeb(body.stream) as ReadableStream),
            duplex: 'half',
          }
        : {}),
    } as RequestInit);
  }

  private static async fail(response: Response, action: string): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 500);
    throw new Error(`S3 ${action} answered ${response.status}: ${text}`);
  }

  async put(key: string, body: Readable | Buffer, contentType?: string): Promise<{ size: number }> {
    if (Buffer.isBuffer(body)) {
      const sha256 = createHash('sha256').update(body).digest('hex');
      const response = await this.send('PUT', key, { stream: body, size: body.length, sha256, contentType });
      if (!response.ok) await S3FileStorage.fail(response, 'put');
      return { size: body.length };
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
    try {
      const spool = path.join(dir, 'body');
      const hash = createHash('sha256');
      await pipeline(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            callback(null, chunk);
          },
        }),
        createWriteStream(spool),
      );
      const size = (await stat(spool)).size;
      const response = await this.send('PUT', key, {
        stream: createReadStream(spool),
        size,
        sha256: hash.digest('hex'),
        contentType,
      });
      if (!response.ok) await S3FileStorage.fail(response, 'put');
      return { size };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    const response = await this.send('GET', key);
    if (response.status === 404) throw new StoredFileMissing(key);
    if (!response.ok || !response.body) return S3FileStorage.fail(response, 'get');
    return Readable.fromWeb(response.body as WebReadableStream);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const response = await this.send('HEAD', key);
    if (response.status === 404) return null;
    if (!response.ok) return S3FileStorage.fail(response, 'head');
    return { size: Number(response.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await S3FileStorage.fail(response, 'delete');
  }
}
