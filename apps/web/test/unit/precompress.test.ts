import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../build/precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (size: number) =>
  Array.from({ length: Math.ceil(size / 24) }, (_, i) => `const v${i} = ${i * 3};\n`)
    .join('')
    .slice(0, size);

describe('precompressDir (the build step that writes .br and .gz copies)', () => {
  it('writes brotli and gzip copies that unpack to the original, beside each compressible file', async () => {
    mkdirSync(path.join(dir, 'assets'));
    const script = text(20_000);
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'index-abc.css'), `body{color:red}\n${text(4000)}`);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${text(2000)}`);

    const files = await precompressDir(dir);

    expect(files.map((file) => file.file).sort()).toEqual(
      [path.join('assets', 'index-abc.css'), path.join('assets', 'index-abc.js'), 'index.html'].sort(),
    );
    const file = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    const entry = files.find((item) => item.file.endsWith('.js'))!;
    expect(entry.br).toBe(readFileSync(`${file}.br`).length);
    expect(entry.br).toBeLessThan(entry.gzip);
    expect(entry.gzip).toBeLessThan(entry.raw);
  });

  it('skips small files, formats that are compressed already, and the build manifest folder', async () => {
    writeFileSync(path.join(dir, 'versionUser.json'), text(PRECOMPRESS_MIN_BYTES - 1));
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(5000, 1));
    writeFileSync(path.join(dir, 'font.woff2'), Buffer.alloc(5000, 2));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), text(5000));

    expect(await precompressDir(dir)).toEqual([]);
    for (const name of ['versionUser.json', 'logo.png', 'font.woff2', path.join('.vite', 'manifest.json')]) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
