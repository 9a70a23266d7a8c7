import { describe, expect, it } from 'vitest';
import { ImageRejected, inspectImage, jpegOrientation, reencodeImage } from '../../src/lib/images.ts';
import {
  GIF_BYTES,
  HIDDEN_MARKER,
  makeJpeg,
  makePng,
  pngClaiming,
  sidewaysJpeg,
  makeWebp,
  webpClaiming,
} from '../support/image-fixtures.ts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

const LIMITS = { maxPixels: 1_000_000, maxSide: 2000 };

const problemOf = async (bytes: Buffer) => {
  try {
    await reencodeImage(bytes, LIMITS);
    return 'accepted';
  } catch (error) {
    return error instanceof ImageRejected ? error.problem : 'thrown';
  }
};

/** PNG chunk types in order. */
function pngChunks(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    types.push(bytes.toString('latin1', offset + 4, offset + 8));
    offset += 12 + length;
  }
  return types;
}

describe('image uploads (lib/images.ts)', () => {
  it('reads the size from the header of a PNG and a JPEG', () => {
    expect(inspectImage(makePng(5, 7), LIMITS)).toEqual({ type: 'image/png', width: 5, height: 7 });
    expect(inspectImage(makeJpeg(16, 9, { hidden: true }), LIMITS)).toEqual({
      type: 'image/jpeg',
      width: 16,
      height: 9,
    });
  });

  it('re-encodes a PNG: same pixels, no text chunk, nothing after IEND', async () => {
    const input = makePng(4, 3, { hidden: true });
    expect(input.includes(HIDDEN_MARKER)).toBe(true);
    const out = await reencodeImage(input, LIMITS);
    expect(out.contentType).toBe('image/png');
    expect(out.bytes.includes(HIDDEN_MARKER)).toBe(false);
    expect(out.bytes.includes('PK')).toBe(false);
    expect(pngChunks(out.bytes).filter((type) => type !== 'IDAT')).toEqual(['IHDR', 'IEND']);
    expect(out.bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect(PNG.sync.read(out.bytes).data).toEqual(PNG.sync.read(makePng(4, 3)).data);
  });

  it('re-encodes a JPEG: no EXIF segment, nothing after the end-of-image marker', async () => {
    const input = makeJpeg(8, 8, { hidden: true });
    const out = await reencodeImage(input, LIMITS);
    expect(out.contentType).toBe('image/jpeg');
    expect(out.bytes.includes(HIDDEN_MARKER)).toBe(false);
    expect(out.bytes.includes('Exif')).toBe(false);
    expect([...out.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(jpeg.decode(out.bytes).width).toBe(8);
  });

  it('refuses other types, oversize headers before decoding, and broken pictures', async () => {
    expect(await problemOf(GIF_BYTES)).toBe('type');
    expect(await problemOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('type');
    expect(await problemOf(Buffer.concat([Buffer.from('MZ'), makePng()]))).toBe('type');
    expect(await problemOf(pngClaiming(100_000, 100_000))).toBe('dimensions');
    expect(await problemOf(pngClaiming(2001, 10))).toBe('dimensions');
    expect(await problemOf(webpClaiming(100_000, 100_000))).toBe('dimensions');
    expect(await problemOf(webpClaiming(100, 100))).toBe('corrupt');
    expect(await problemOf(pngClaiming(1001, 1000))).toBe('dimensions');
    expect(await problemOf(pngClaiming(0, 10))).toBe('corrupt');
    // A header within the limits whose data does not hold the pixels it claims.
    expect(await problemOf(pngClaiming(100, 100))).toBe('corrupt');
    expect(await problemOf(makePng(50, 50).subarray(0, 60))).toBe('corrupt');
    expect(await problemOf(makeJpeg(8, 8).subarray(0, 100))).toBe('corrupt');
  });

  it('refuses a PNG cut anywhere (pngjs would fill the missing rows from uncleared memory)', async () => {
    const whole = makePng(50, 50);
    for (let cut = 33; cut < whole.length; cut += 7)
      expect([cut, await problemOf(whole.subarray(0, cut))]).toEqual([cut, 'corrupt']);
    // Whole chunks, but the image data holds only half the rows: still refused.
    const half = makePng(50, 25);
    const claimingFull = Buffer.from(half);
    claimingFull.writeUInt32BE(50, 20);
    expect(await problemOf(claimingFull)).toBe('corrupt');
    expect(await problemOf(whole)).toBe('accepted');
  });

  it('turns a sideways phone photo upright, since the orientation tag does not survive', async () => {
    const colourAt = (bytes: Buffer, x: number, y: number) => {
      const decoded = jpeg.decode(bytes, { useTArray: true });
      const at = (y * decoded.width + x) * 4;
      return decoded.data[at]! > 150 ? 'red' : decoded.data[at + 2]! > 150 ? 'blue' : 'other';
    };
    expect(jpegOrientation(sidewaysJpeg(6))).toBe(6);
    expect(jpegOrientation(makeJpeg())).toBe(1);
    // 6: turned 90° clockwise: the stored left (red) half ends on top.
    const clockwise = await reencodeImage(sidewaysJpeg(6), LIMITS);
    expect([clockwise.width, clockwise.height]).toEqual([8, 16]);
    expect([colourAt(clockwise.bytes, 4, 2), colourAt(clockwise.bytes, 4, 13)]).toEqual(['red', 'blue']);
    // 8: turned 90° counter-clockwise: the red half ends at the bottom.
    const counter = await reencodeImage(sidewaysJpeg(8), LIMITS);
    expect([colourAt(counter.bytes, 4, 2), colourAt(counter.bytes, 4, 13)]).toEqual(['blue', 'red']);
    // 3: upside down: red on the right.
    const upsideDown = await reencodeImage(sidewaysJpeg(3), LIMITS);
    expect([upsideDown.width, colourAt(upsideDown.bytes, 2, 4), colourAt(upsideDown.bytes, 13, 4)]).toEqual([
      16,
      'blue',
      'red',
    ]);
    expect(jpegOrientation(clockwise.bytes)).toBe(1);
  });

  it('takes a WebP by its header and stores it re-encoded: JPEG when opaque, PNG with transparency', async () => {
    const opaque = await makeWebp(12, 10, { hidden: true });
    expect(inspectImage(opaque, LIMITS)).toEqual({ type: 'image/webp', width: 12, height: 10 });
    const photo = await reencodeImage(opaque, LIMITS);
    expect([photo.contentType, photo.width, photo.height]).toEqual(['image/jpeg', 12, 10]);
    expect(photo.bytes.includes(HIDDEN_MARKER)).toBe(false);
    const clear = await reencodeImage(await makeWebp(5, 5, { alpha: true }), LIMITS);
    expect(clear.contentType).toBe('image/png');
    expect(PNG.sync.read(clear.bytes).data[3]).toBe(0);
  });
});
