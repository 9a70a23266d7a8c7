import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import jpeg from 'jpeg-js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { inflateSync } from 'node:zlib';
import { sniffContentType } from '../modules/file/content-type.ts';

/**
 * Pictures customers upload (logo, avatar, QR code, certification photos), made harmless: the type is
 * judged by the first bytes, the pixel size read from the header BEFORE anything is decoded (a 40-byte PNG
 * may claim 100,000 × 100,000 pixels: a decompression bomb), and the pixels are decoded and encoded anew
 * with pure-JS codecs. What comes out holds the pixels only: no metadata (EXIF, XMP, text chunks, ICC),
 * no bytes after the image's end, nothing a polyglot could hide in.
 */

/** What uploads may be; WebP comes out as PNG (with transparency) or JPEG (without). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
export type StoredImageType = 'image/png' | 'image/jpeg';

export interface ImageLimits {
  /** Largest width × height accepted. */
  maxPixels: number;
  /** Longest side accepted. */
  maxSide: number;
}

export type ImageProblem = 'type' | 'dimensions' | 'corrupt';

/** Why an upload is not a picture we keep; the service words it for the caller. */
export class ImageRejected extends Error {
  constructor(
    readonly problem: ImageProblem,
    readonly detail = '',
  ) {
    super(`image refused: ${problem}${detail ? ` (${detail})` : ''}`);
    this.name = 'ImageRejected';
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

/** A picture decoded and encoded anew: what is stored. */
export type ReencodedImage = { bytes: Buffer; contentType: StoredImageType } & ImageSize;

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size (SOF0–SOF15 less DHT C4, JPG C8, DAC CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Width and height from a JPEG's first start-of-frame segment, walking the segments before it. */
function jpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and stand-alone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Canvas size of a WebP from its first chunk: VP8X (extended), VP8L (lossless) or "VP8 " (lossy). */
function webpSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

const HEADER_SIZE = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
} as const satisfies Record<ImageType, (bytes: Buffer) => ImageSize | null>;

/** The accepted type and the size the header claims; refuses other types and sizes over the limits. */
export function inspectImage(bytes: Buffer, limits: ImageLimits): { type: ImageType } & ImageSize {
  const sniffed = sniffContentType(bytes);
  if (!Object.hasOwn(HEADER_SIZE, sniffed)) throw new ImageRejected('type', sniffed);
  const type = sniffed as ImageType;
  const size = HEADER_SIZE[type](bytes);
  if (!size || size.width < 1 || size.height < 1) throw new ImageRejected('corrupt', 'no size in header');
  if (
    size.width > limits.maxSide ||
    size.height > limits.maxSide ||
    size.width * size.height > limits.maxPixels
  )
    throw new ImageRejected('dimensions', `${size.width}x${size.height}`);
  return { type, ...size };
}

/**
 * The EXIF orientation (1–8) of a JPEG, 1 when it has none. Phones store photos sideways with this tag;
 * re-encoding drops the tag, so the pixels are turned (`orient`) before, or an ID card would show sideways.
 */
export function jpegOrientation(bytes: Buffer): number {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = bytes.readUInt16BE(offset + 2);
    const start = offset + 4;
    if (marker === 0xe1 && bytes.toString('latin1', start, start + 6) === 'Exif\0\0') {
      const tiff = start + 6;
      const end = Math.min(bytes.length, offset + 2 + length);
      const little = bytes.toString('latin1', tiff, tiff + 2) === 'II';
      const u16 = (at: number) =>
        at + 2 > end ? -1 : little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at);
      const u32 = (at: number) =>
        at + 4 > end ? -1 : little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at);
      const ifd = tiff + u32(tiff + 4);
      const count = u16(ifd);
      for (let i = 0; i < count; i++) {
        const entry = ifd + 2 + i * 12;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    offset += 2 + length;
  }
  return 1;
}

/** RGBA pixels turned upright for an EXIF orientation (5–8 swap width and height). */
export function orient(
  data: Uint8Array,
  width: number,
  height: number,
  orientation: number,
): { data: Uint8Array; width: number; height: number } {
  if (orientation < 2 || orientation > 8) return { data, width, height };
  const swaps = orientation >= 5;
  const [outWidth, outHeight] = swaps ? [height, width] : [width, height];
  const out = new Uint8Array(data.length);
  // Where each upright pixel (x, y) comes from in the stored picture.
  const source: (x: number, y: number) => [number, number] = {
    2: (x: number, y: number): [number, number] => [width - 1 - x, y],
    3: (x: number, y: number): [number, number] => [width - 1 - x, height - 1 - y],
    4: (x: number, y: number): [number, number] => [x, height - 1 - y],
    5: (x: number, y: number): [number, number] => [y, x],
    6: (x: number, y: number): [number, number] => [y, height - 1 - x],
    7: (x: number, y: number): [number, number] => [width - 1 - y, height - 1 - x],
    8: (x: number, y: number): [number, number] => [width - 1 - y, x],
  }[orientation]!;
  for (let y = 0; y < outHeight; y++)
    for (let x = 0; x < outWidth; x++) {
      const [sx, sy] = source(x, y);
      const from = (sy * width + sx) * 4;
      out.set(data.subarray(from, from + 4), (y * outWidth + x) * 4);
    }
  return { data: out, width: outWidth, height: outHeight };
}

/** Channels per PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Refuses a PNG whose chunks do not run whole from IHDR to IEND, or whose image data does not inflate to
 * exactly the bytes its header needs. pngjs decodes a short stream into memory it never cleared, so without
 * this a truncated upload would be stored holding whatever the server's memory held before.
 */
function assertCompletePng(bytes: Buffer) {
  const idat: Buffer[] = [];
  let offset = 8;
  let ended = false;
  while (!ended) {
    if (offset + 12 > bytes.length) throw new ImageRejected('corrupt', 'PNG ends inside a chunk');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > bytes.length)
      throw new ImageRejected('corrupt', `PNG ${type} chunk cut short`);
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    ended = type === 'IEND';
    offset += 12 + length;
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitsPerPixel = (PNG_CHANNELS[bytes[25]!] ?? 0) * bytes[24]!;
  if (!bitsPerPixel) throw new ImageRejected('corrupt', 'unknown PNG colour type');
  const passes = bytes[28] === 1 ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let expected = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil(Math.max(0, width - x0) / dx);
    const passHeight = Math.ceil(Math.max(0, height - y0) / dy);
    if (passWidth && passHeight) expected += passHeight * (1 + Math.ceil((passWidth * bitsPerPixel) / 8));
  }
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch (error) {
    throw new ImageRejected('corrupt', (error as Error).message);
  }
  if (inflated.length !== expected) throw new ImageRejected('corrupt', 'PNG data does not match its size');
}

/** JPEG quality of re-encoded photos: text on a licence stays sharp, the file stays a few hundred KB. */
const JPEG_QUALITY = 88;

/**
 * The picture decoded and encoded again in its own format (PNG keeps transparency, photos stay JPEG).
 * Throws ImageRejected for anything that is not a picture within the limits. Seconds of CPU for the
 * largest pictures: the server runs it in a worker thread (`image-pool.ts`, `image-worker.ts`), never on
 * the event loop.
 */
export async function reencodeImage(bytes: Buffer, limits: ImageLimits): Promise<ReencodedImage> {
  const claimed = inspectImage(bytes, limits);
  try {
    if (claimed.type === 'image/webp') {
      const decoded = await decodeWebpPixels(bytes);
      if (decoded.width !== claimed.width || decoded.height !== claimed.height)
        throw new ImageRejected('corrupt', 'size changed while decoding');
      return encodePixels(decoded.data, decoded.width, decoded.height);
    }
    if (claimed.type === 'image/png') {
      assertCompletePng(bytes);
      const decoded = PNG.sync.read(bytes);
      if (decoded.width !== claimed.width || decoded.height !== claimed.height)
        throw new ImageRejected('corrupt', 'size changed while decoding');
      const out = PNG.sync.write(
        Object.assign(new PNG({ width: decoded.width, height: decoded.height }), { data: decoded.data }),
        { colorType: 6, inputColorType: 6, bitDepth: 8, inputHasAlpha: true },
      );
      return { bytes: out, contentType: 'image/png', width: decoded.width, height: decoded.height };
    }
    const decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: limits.maxPixels / 1_000_000,
      // RGBA output plus the decoder's component planes, with room to spare.
      maxMemoryUsageInMB: Math.ceil((limits.maxPixels * 8) / 1024 / 1024) + 64,
    });
    if (decoded.width !== claimed.width || decoded.height !== claimed.height)
      throw new ImageRejected('corrupt', 'size changed while decoding');
    const upright = orient(decoded.data, decoded.width, decoded.height, jpegOrientation(bytes));
    const out = jpeg.encode(
      {
        data: Buffer.from(upright.data.buffer, upright.data.byteOffset, upright.data.byteLength),
        width: upright.width,
        height: upright.height,
      },
      JPEG_QUALITY,
    );
    return {
      bytes: Buffer.from(out.data),
      contentType: 'image/jpeg',
      width: upright.width,
      height: upright.height,
    };
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('corrupt', (error as Error).message);
  }
}

/** Decoded pixels stored as PNG when any is see-through, else as JPEG (a photo stays a reasonable size). */
function encodePixels(data: Uint8Array, width: number, height: number) {
  let isOpaque = true;
  for (let i = 3; i < data.length; i += 4)
    if (data[i] !== 255) {
      isOpaque = false;
      break;
    }
  const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (isOpaque) {
    const out = jpeg.encode({ data: pixels, width, height }, JPEG_QUALITY);
    return { bytes: Buffer.from(out.data), contentType: 'image/jpeg' as const, width, height };
  }
  const png = Object.assign(new PNG({ width, height }), { data: pixels });
  const out = PNG.sync.write(png, { colorType: 6, inputColorType: 6, bitDepth: 8, inputHasAlpha: true });
  return { bytes: out, contentType: 'image/png' as const, width, height };
}

let webpDecoder: Promise<void> | undefined;

/**
 * libwebp's decoder compiled to WebAssembly (@jsquash/webp: no native build). Loaded once, from the
 * package's own .wasm file (the browser build would fetch it).
 */
async function decodeWebpPixels(bytes: Buffer) {
  webpDecoder ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    // The DOM typings (WebAssembly, ImageData) are not in the server's lib: the few calls are typed here.
    const { WebAssembly: wasmApi } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> };
    };
    const init = initWebpDecoder as unknown as (module: unknown) => Promise<void>;
    await init(await wasmApi.compile(readFileSync(wasm)));
  })();
  await webpDecoder;
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const image = await decodeWebp(copy);
  return { data: new Uint8Array(image.data.buffer), width: image.width, height: image.height };
}
