import { describe, expect, it } from 'vitest';
import { drawCode128, drawQr } from '../../src/modules/label/label-renderer.ts';

/**
 * The symbols' geometry on a label, read from the rectangles the renderer draws: module width a whole
 * number of 203 dpi dots and at least 0.25 mm, bars at least 12 mm, and the quiet zones each symbology
 * requires (Code 128: 10 modules each side; QR: 4 modules all round).
 */

const PT_PER_MM = 72 / 25.4;
const DOT_MM = 25.4 / 203;

/** A stand-in for the pdfkit document that records the rectangles, in mm. */
function recordingDoc() {
  const rects: { x: number; y: number; w: number; h: number }[] = [];
  const doc = {
    rect(x: number, y: number, w: number, h: number) {
      rects.push({ x: x / PT_PER_MM, y: y / PT_PER_MM, w: w / PT_PER_MM, h: h / PT_PER_MM });
      return doc;
    },
    fill: () => doc,
  };
  return { doc: doc as unknown as PDFKit.PDFDocument, rects };
}

describe('Code 128 on a label', () => {
  for (const width of [92, 90, 60]) {
    it(`keeps whole-dot modules of at least 0.25 mm, 12 mm bars and 10-module quiet zones in a ${width} mm box`, () => {
      const { doc, rects } = recordingDoc();
      drawCode128(doc, 'PS000000012361', 10, 20, width, 13);
      const narrowest = Math.min(...rects.map((r) => r.w));
      expect(narrowest).toBeGreaterThanOrEqual(0.25 - 1e-9);
      const dots = narrowest / DOT_MM;
      expect(Math.abs(dots - Math.round(dots))).toBeLessThan(1e-6);
      for (const r of rects) {
        expect(r.h).toBeGreaterThanOrEqual(13);
        expect(r.y).toBeCloseTo(20);
        // Every bar is a whole number of modules wide.
        expect(Math.abs(r.w / narrowest - Math.round(r.w / narrowest))).toBeLessThan(1e-6);
      }
      const left = Math.min(...rects.map((r) => r.x));
      const right = Math.max(...rects.map((r) => r.x + r.w));
      expect(left - 10).toBeGreaterThanOrEqual(10 * narrowest - 1e-9);
      expect(10 + width - right).toBeGreaterThanOrEqual(10 * narrowest - 1e-9);
      // 134 modules: start, P, S, code C, six digit pairs, check, stop.
      expect((right - left) / narrowest).toBeCloseTo(134);
    });
  }

  it('never draws bars shorter than 12 mm, even when asked to', () => {
    const { doc, rects } = recordingDoc();
    drawCode128(doc, 'PS000000012361', 0, 0, 90, 8);
    expect(Math.min(...rects.map((r) => r.h))).toBeCloseTo(12);
  });
});

describe('QR code on a label', () => {
  it('leaves a 4-module quiet zone all round inside its box', () => {
    const { doc, rects } = recordingDoc();
    drawQr(doc, 'PS000000012361', 50, 100, 29);
    // Version 1 (21 modules) + 2 × 4 quiet modules in 29 mm: 1 mm modules.
    const module = Math.min(...rects.map((r) => r.h));
    expect(module).toBeCloseTo(1);
    expect(Math.min(...rects.map((r) => r.x))).toBeCloseTo(54);
    expect(Math.min(...rects.map((r) => r.y))).toBeCloseTo(104);
    expect(Math.max(...rects.map((r) => r.x + r.w))).toBeCloseTo(75);
    expect(Math.max(...rects.map((r) => r.y + r.h))).toBeCloseTo(125);
  });
});
