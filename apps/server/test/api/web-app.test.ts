import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ApiPath } from '@portal/contracts/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../src/plugins/compression.ts';
import { createTestApp, ENGINE, signIn, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let dist: string;
let token: string;
// A built chunk big enough to be precompressed, with its .br and .gz copies as the web build writes them
// (apps/web/build/precompress.ts).
const ASSET = Buffer.from(
  Array.from({ length: 400 }, (_, index) => `export const value${index} = ${index * 7};`).join('\n'),
);
const SHELL = Buffer.from(
  `<!doctype html><title>portal shell</title><body>${'<div id="root"></div>'.repeat(80)}</body>`,
);
beforeAll(async () => {
  // A stand-in for apps/web/dist, so the test does not depend on a web build.
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const withCopies = (file: string, content: Buffer) => {
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  };
  withCopies(path.join(dist, 'index.html'), SHELL);
  withCopies(path.join(dist, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(
    path.join(dist, 'versionUser.json'),
    JSON.stringify({ version: '1.2.3', buildTime: '2026-11-22T00:00:00Z' }),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
  token = (await signIn(t.app)).jwtToken;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const varies = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe(`serving the web app on ${ENGINE}`, () => {
  it('answers client-side routes with the app shell (history fallback), never cached', async () => {
    for (const url of ['/', '/login', '/user/index', '/user/orders/address?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('portal shell');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/user/index' })).statusCode).toBe(200);
  });

  it('caches hashed assets for a year and never caches the version file', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const version = await t.app.inject({ url: '/versionUser.json?t=123' });
    expect(version.json()).toEqual({ version: '1.2.3', buildTime: '2026-11-22T00:00:00Z' });
    expect(version.headers['cache-control']).toBe('no-store');
  });

  it('keeps unknown API paths and non-GET requests out of the fallback', async () => {
    expect((await t.app.inject({ url: '/api/Missing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/user/index' })).statusCode).toBe(404);
  });
});

describe(`precompressed web files on ${ENGINE}`, () => {
  const url = '/assets/index-abc123.js';

  it('sends the brotli copy when the browser accepts br', async () => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(ASSET.length);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(ASSET);
    expect(varies(response.headers)).toBe(true);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the gzip copy when the browser accepts only gzip', async () => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(gunzipSync(response.rawPayload)).toEqual(ASSET);
    expect(varies(response.headers)).toBe(true);
  });

  it('sends the file itself when the browser accepts no compression, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const response = await t.app.inject({ url, headers });
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(ASSET.length);
      expect(response.rawPayload).toEqual(ASSET);
      expect(varies(response.headers)).toBe(true);
    }
  });

  it('gives each encoding its own ETag and answers 304 to the matching one', async () => {
    const etags = [];
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const first = await t.app.inject({ url, headers });
      const etag = first.headers.etag as string;
      expect(etag, encoding).toBeTruthy();
      etags.push(etag);
      const again = await t.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode, encoding).toBe(304);
    }
    expect(new Set(etags).size).toBe(3);
  });

  it('sends the app shell precompressed too, on the root and on client-side routes', async () => {
    for (const path of ['/', '/user/index']) {
      const response = await t.app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(response.rawPayload)).toEqual(SHELL);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(varies(response.headers)).toBe(true);
    }
  });

  it('never compresses a file on the fly: a file without copies goes out as it is', async () => {
    const response = await t.app.inject({
      url: '/versionUser.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ version: '1.2.3', buildTime: '2026-11-22T00:00:00Z' });
  });
});

describe(`compressed JSON answers on ${ENGINE}`, () => {
  const big = (headers: Record<string, string>) =>
    t.app.inject({
      url: ApiPath.GetCnDivisionTree,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('compresses an answer above the threshold with brotli, or gzip when only gzip is accepted', async () => {
    const plain = await big({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await big({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).code).toBe(200);

    const gzip = await big({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(plain.rawPayload);
  });

  it('marks the ETag of a compressed answer weak and still answers 304 to it', async () => {
    const plain = await big({});
    const br = await big({ 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(`W/${plain.headers.etag as string}`);
    const again = await big({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('sends an answer below the threshold as it is', async () => {
    const response = await t.app.inject({
      url: ApiPath.GetApplicationInfo,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.json().code).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('leaves file downloads alone', async () => {
    const response = await t.app.inject({
      url: `${ApiPath.ExportCustomerAddress}?format=csv`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
