import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

/**
 * Reads a PDF as a printer and a scanner would: poppler renders its pages to pixels (`pdftoppm`, Debian
 * `poppler-utils`), ZXing decodes the barcodes in them; `pdffonts` and `pdftotext` tell the fonts and text.
 */

export interface PageImage {
  width: number;
  height: number;
  dpi: number;
  /** One grey byte per pixel, row by row. */
  gray: Uint8ClampedArray;
}

function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every page as grey pixels at `dpi` (203: a thermal label printer), without anti-aliasing, as a printer
 * head sets each dot black or white.
 */
export function renderPages(pdf: Buffer, dpi = 203): PageImage[] {
  return withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-aa',
      'no',
      '-aaVector',
      'no',
      file,
      path.join(dir, 'page'),
    ]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => {
        const png = PNG.sync.read(readFileSync(path.join(dir, name)));
        const gray = new Uint8ClampedArray(png.width * png.height);
        for (let i = 0; i < gray.length; i++) gray[i] = png.data[i * 4]!;
        return { width: png.width, height: png.height, dpi, gray };
      });
  });
}

/** A region of a page in mm from its top left corner: [x, y, width, height]. */
export type RegionMm = [number, number, number, number];

function bitmap(page: PageImage, region?: RegionMm) {
  const px = (mm: number) => Math.round((mm / 25.4) * page.dpi);
  const [left, top, width, height] = region
    ? [
        px(region[0]),
        px(region[1]),
        Math.min(px(region[2]), page.width - px(region[0])),
        Math.min(px(region[3]), page.height - px(region[1])),
      ]
    : [0, 0, page.width, page.height];
  const source = new RGBLuminanceSource(page.gray, width, height, page.width, page.height, left, top);
  return new BinaryBitmap(new HybridBinarizer(source));
}

function decode(page: PageImage, format: BarcodeFormat, region?: RegionMm): string {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [format]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(bitmap(page, region), hints).getText();
}

/** The Code 128 symbol's text in the page (or a region of it); throws when none reads. */
export const readCode128 = (page: PageImage, region?: RegionMm) =>
  decode(page, BarcodeFormat.CODE_128, region);

/** The QR code's text in the page (or a region of it); throws when none reads. */
export const readQrCode = (page: PageImage, region?: RegionMm) => decode(page, BarcodeFormat.QR_CODE, region);

/** `pdffonts`: each font's name, type and whether it is embedded and a subset. */
export function pdfFonts(pdf: Buffer): { name: string; type: string; embedded: boolean; subset: boolean }[] {
  const output = withPdfFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return output
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      // name, type (may contain spaces), encoding, emb, sub, uni, object, generation
      const match = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
      if (!match) throw new Error(`unexpected pdffonts line: ${line}`);
      return { name: match[1]!, type: match[2]!, embedded: match[4] === 'yes', subset: match[5] === 'yes' };
    });
}

/** `pdftotext`: the text of every page, pages separated by form feeds. */
export const pdfText = (pdf: Buffer): string =>
  withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
