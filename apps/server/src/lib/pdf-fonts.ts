import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';
import { compactSubroutinesOfSubsets } from './cff-subset.ts';

/**
 * The CJK fonts every PDF of the portal is set in (labels, bill statements): Noto Sans CJK SC from the
 * installed `@embedpdf/fonts-sc` package (SIL OFL 1.1), found through Node's resolution so the bundled
 * server finds the same files in node_modules as the sources do.
 *
 * Each file is 8 MB. Parsed per document, the two cost ~80 ms of the event loop before the first line and
 * more when the subset is written; pdfkit accepts a parsed fontkit font in `registerFont`, so they are
 * parsed once per process and shared by every document (pdfkit makes a new subset per document).
 * fontkit keeps every glyph it has drawn in the font object; after {@link DOCUMENTS_PER_PARSE} documents
 * the fonts are parsed afresh, so a long-running instance does not end up holding every CJK glyph.
 */
const DOCUMENTS_PER_PARSE = 5_000;

/** What pdfkit's `registerFont` is given: a parsed font (its types only list paths and buffers). */
export type PdfFont = Parameters<PDFKit.PDFDocument['registerFont']>[1];

let parsed: { regular: PdfFont; bold: PdfFont; documents: number } | undefined;

/** The font files the PDFs are set in. */
export const PDF_FONT_FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;

export function fontFile(name: string): Buffer {
  const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
  return readFileSync(path.join(path.dirname(entry), '..', 'fonts', name));
}

/** A parsed face whose document subsets carry only the subroutines they use (cff-subset.ts). */
function parse(name: string): PdfFont {
  return compactSubroutinesOfSubsets(create(fontFile(name)) as Font) as unknown as PdfFont;
}

/** Registers the portal's two faces, `regular` and `bold`, on a new document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  if (!parsed || parsed.documents >= DOCUMENTS_PER_PARSE) {
    parsed = {
      regular: parse(PDF_FONT_FILES.regular),
      bold: parse(PDF_FONT_FILES.bold),
      documents: 0,
    };
  }
  parsed.documents += 1;
  doc.registerFont('regular', parsed.regular);
  doc.registerFont('bold', parsed.bold);
}
