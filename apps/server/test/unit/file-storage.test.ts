import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeKey, StoredFileMissing } from '../../src/lib/storage/file-storage.ts';
import { LocalFileStorage } from '../../src/lib/storage/local-storage.ts';
import { S3FileStorage } from '../../src/lib/storage/s3-storage.ts';
import { EMPTY_PAYLOAD_SHA256, signRequest } from '../../src/lib/storage/sigv4.ts';

describe('SigV4 signing', () => {
  it("matches AWS's documented S3 example (GET Object with a Range header)", () => {
    // Amazon S3 API reference, "Signature Calculations for the Authorization Header", example GET Object.
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("matches the AWS SigV4 test suite's get-vanilla request", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      payloadHash: EMPTY_PAYLOAD_SHA256,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 'service',
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request,' +
        'SignedHeaders=host;x-amz-date,' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});

describe('storage keys', () => {
  it('refuses traversal, absolute paths, empty and hidden segments, and odd characters', () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      'a/.hidden',
      'a/..',
      'a\\b',
      'a/b c',
      'a/\u0000',
      '',
    ]) {
      expect(() => assertSafeKey(key), key).toThrow(/unsafe storage key/);
    }
    expect(() => assertSafeKey('exports/c-1/9f.xlsx')).not.toThrow();
  });
});

describe('local file storage', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, stats, gets and deletes a streamed file', async () => {
    const storage = new LocalFileStorage(root);
    const { size } = await storage.put('exports/c1/a.csv', Readable.from(['héllo,', 'world\r\n']));
    expect(size).toBe(Buffer.byteLength('héllo,world\r\n'));
    expect(await storage.stat('exports/c1/a.csv')).toEqual({ size });
    expect(await text(await storage.get('exports/c1/a.csv'))).toBe('héllo,world\r\n');
    await storage.delete('exports/c1/a.csv');
    expect(await storage.stat('exports/c1/a.csv')).toBeNull();
    await expect(storage.get('exports/c1/a.csv')).rejects.toBeInstanceOf(StoredFileMissing);
    await storage.delete('exports/c1/a.csv');
  });

  it('leaves neither a half file nor a temporary file when the body fails midway', async () => {
    const storage = new LocalFileStorage(root);
    await storage.put('uploads/c2/f', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push('new bytes');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('uploads/c2/f', failing)).rejects.toThrow('client went away');
    expect(await text(await storage.get('uploads/c2/f'))).toBe('old');
    expect(readdirSync(path.join(root, 'uploads/c2'))).toEqual(['f']);
  });

  it('refuses a key that would leave its directory', async () => {
    const storage = new LocalFileStorage(root);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow(/unsafe/);
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorized: boolean }[] = [];
  let server: Server;
  let endpoint: string;
  const credentials = { accessKeyId: 'AKIATEST', secretAccessKey: 'test-secret-key' };

  /** Checks the request's signature the way S3 does: recomputed from what arrived on the wire. */
  function authorized(request: IncomingMessage, body: Buffer): boolean {
    const given = request.headers.authorization ?? '';
    const signedNames = /SignedHeaders=([^,]+)/.exec(given)?.[1]?.split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signedNames)
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        headers[name] = String(request.headers[name]);
    const stamp = String(request.headers['x-amz-date']);
    const date = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    const expected = signRequest({
      method: request.method!,
      url: new URL(request.url!, `http://${request.headers.host}`),
      headers,
      payloadHash,
      ...credentials,
      region: 'eu-test-1',
      service: 's3',
      date,
    });
    const hashOk =
      request.method !== 'PUT' || payloadHash === createHash('sha256').update(body).digest('hex');
    return expected.authorization === given && hashOk;
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const ok = authorized(request, body);
        seen.push({ method: request.method!, url: request.url!, authorized: ok });
        if (!ok) return response.writeHead(403).end('SignatureDoesNotMatch');
        const key = request.url!;
        if (request.method === 'PUT') {
          objects.set(key, body);
          return response.writeHead(200).end();
        }
        const stored = objects.get(key);
        if (request.method === 'DELETE') {
          objects.delete(key);
          return response.writeHead(204).end();
        }
        if (!stored) return response.writeHead(404).end('NoSuchKey');
        response.writeHead(200, { 'content-length': stored.length });
        response.end(request.method === 'HEAD' ? undefined : stored);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts (streamed and buffered), heads, gets and deletes with signed path-style requests', async () => {
    const storage = new S3FileStorage({
      endpoint,
      region: 'eu-test-1',
      bucket: 'portal-files',
      forcePathStyle: true,
      ...credentials,
    });
    const body = '订单,1\r\n'.repeat(1000);
    expect(await storage.put('exports/c1/x.csv', Readable.from([body]), 'text/csv')).toEqual({
      size: Buffer.byteLength(body),
    });
    await storage.put('uploads/c1/y', Buffer.from('%PDF-1.7'));
    expect(objects.has('/portal-files/exports/c1/x.csv')).toBe(true);
    expect(await storage.stat('exports/c1/x.csv')).toEqual({ size: Buffer.byteLength(body) });
    expect(await text(await storage.get('exports/c1/x.csv'))).toBe(body);
    await storage.delete('exports/c1/x.csv');
    expect(await storage.stat('exports/c1/x.csv')).toBeNull();
    await expect(storage.get('exports/c1/x.csv')).rejects.toBeInstanceOf(StoredFileMissing);
    expect(seen.every((request) => request.authorized)).toBe(true);
    expect(seen.map((request) => request.method)).toEqual([
      'PUT',
      'PUT',
      'HEAD',
      'GET',
      'DELETE',
      'HEAD',
      'GET',
    ]);
  });

  it('reports a refused request as an error naming the status', async () => {
    const storage = new S3FileStorage({
      endpoint,
      region: 'eu-test-1',
      bucket: 'portal-files',
      forcePathStyle: true,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'wrong',
    });
    await expect(storage.put('uploads/c1/z', Buffer.from('x'))).rejects.toThrow(/S3 put answered 403/);
  });
});
