import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts (woff2) and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressedFile {
  file: string;
  raw: number;
  br: number;
  gzip: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file of at
 * least PRECOMPRESS_MIN_BYTES under `dir`, so the server sends them as they are (chosen by
 * Accept-Encoding) instead of compressing on every request. A copy that would not be smaller is skipped.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const jobs: Promise<PrecompressedFile | undefined>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(file);
        if (size < PRECOMPRESS_MIN_BYTES) return undefined;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        const result: PrecompressedFile = { file: path.relative(dir, file), raw: size, br: 0, gzip: 0 };
        if (br.length < size) {
          await writeFile(`${file}.br`, br);
          result.br = br.length;
        }
        if (gz.length < size) {
          await writeFile(`${file}.gz`, gz);
          result.gzip = gz.length;
        }
        return result;
      })(),
    );
  }
  return (await Promise.all(jobs)).filter((result) => result !== undefined);
}
