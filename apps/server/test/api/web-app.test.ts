import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A stand-in for apps/web/dist, so the test does not depend on a web build.
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal shell</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'versionUser.json'),
    JSON.stringify({ version: '1.2.3', buildTime: '2026-11-22T00:00:00Z' }),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

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
