import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import jpeg from 'jpeg-js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';

/**
 * Pictures for the upload tests, made here so each test knows exactly what is hidden in them: a text
 * chunk or an EXIF segment carrying a marker, and a payload appended after the image's end (a polyglot).
 */

export const HIDDEN_MARKER = 'HIDDEN-PAYLOAD-<script>alert(1)</script>';

function pixels(width: number, height: number) {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, (i * 13) % 256, 120, 255], i * 4);
  return data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its length and CRC. */
function chunk(type: string, body: Buffer) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A real PNG; `hidden` adds a tEXt chunk before IEND and the marker after it. */
export function makePng(width = 4, height = 3, options: { hidden?: boolean } = {}): Buffer {
  const png = new PNG({ width, height });
  png.data = pixels(width, height);
  const plain = PNG.sync.write(png);
  if (!options.hidden) return plain;
  const iend = plain.length - 12;
  return Buffer.concat([
    plain.subarray(0, iend),
    chunk('tEXt', Buffer.from(`Comment\0${HIDDEN_MARKER}`, 'latin1')),
    plain.subarray(iend),
    Buffer.from(`PK\x03\x04${HIDDEN_MARKER}`, 'latin1'),
  ]);
}

/** A real JPEG; `hidden` adds an EXIF (APP1) segment after SOI and the marker after EOI. */
export function makeJpeg(width = 8, height = 8, options: { hidden?: boolean } = {}): Buffer {
  const plain = Buffer.from(jpeg.encode({ data: pixels(width, height), width, height }, 90).data);
  if (!options.hidden) return plain;
  const exif = Buffer.from(`Exif\0\0${HIDDEN_MARKER}`, 'latin1');
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1);
  app1.writeUInt16BE(exif.length + 2, 2);
  return Buffer.concat([plain.subarray(0, 2), app1, exif, plain.subarray(2), Buffer.from(HIDDEN_MARKER)]);
}

/** A 60-byte PNG whose header claims `width` × `height` pixels (a decompression bomb's calling card). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The bytes of a GIF: a real picture type the uploads do not take. */
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * A 16 × 8 JPEG, left half red and right half blue, stored with EXIF orientation `orientation` (big-endian
 * TIFF, one IFD entry): what a phone writes for a photo taken sideways.
 */
export function sidewaysJpeg(orientation: number): Buffer {
  const width = 16;
  const height = 8;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.set(x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * width + x) * 4);
  const plain = Buffer.from(jpeg.encode({ data, width, height }, 95).data);
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1);
  app1.writeUInt16BE(exif.length + 2, 2);
  return Buffer.concat([plain.subarray(0, 2), app1, exif, plain.subarray(2)]);
}

let webpEncoder: Promise<void> | undefined;

/** A real WebP (libwebp's encoder, WebAssembly); `hidden` appends the marker after the RIFF container. */
export async function makeWebp(
  width: number,
  height: number,
  options: { hidden?: boolean; alpha?: boolean } = {},
): Promise<Buffer> {
  webpEncoder ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc.wasm');
    const { WebAssembly: wasmApi } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> };
    };
    await (initWebpEncoder as unknown as (module: unknown) => Promise<void>)(
      await wasmApi.compile(readFileSync(wasm)),
    );
  })();
  await webpEncoder;
  const data = new Uint8ClampedArray(pixels(width, height));
  if (options.alpha) for (let i = 3; i < data.length; i += 4) data[i] = 0;
  const encoded = await (encodeWebp as unknown as (image: unknown, options: unknown) => Promise<ArrayBuffer>)(
    { data, width, height, colorSpace: 'srgb' },
    options.alpha ? { lossless: 1 } : {},
  );
  const webp = Buffer.from(encoded);
  return options.hidden ? Buffer.concat([webp, Buffer.from(HIDDEN_MARKER)]) : webp;
}

/** A WebP whose VP8X header claims `width` × `height` pixels and holds nothing else. */
export function webpClaiming(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}
