import type { LabelSize } from '@portal/contracts/order-list';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { registerPdfFonts } from '../../lib/pdf-fonts.ts';
import { code128Bars, CODE128_QUIET_ZONE_MODULES } from './code128.ts';

/**
 * Shipping labels as PDF (pdfkit): one label per parcel; 100×100 mm and 100×150 mm thermal labels one per
 * page, A4 sheets with four labels in a 2 × 2 grid separated by dashed cut lines.
 *
 * Barcodes are vector: the waybill number as Code 128 (bars drawn as rectangles, module width a whole
 * number of 203 dpi printer dots, at least 2 dots = 0.25 mm, bars at least 12 mm tall, 10-module quiet zones)
 * and as a QR code (modules as rectangles, 4-module quiet zone). All text is set in Noto Sans CJK SC
 * (`lib/pdf-fonts.ts`, parsed once per process), which pdfkit embeds as a subset of the glyphs used.
 */

/** One parcel's label: the texts are the order's, already in the caller's language. */
export interface LabelParty {
  name: string;
  company: string | null;
  phone: string;
  /** Street lines, house number included. */
  addressLines: string[];
  /** District, city, province. */
  cityLine: string;
  postalCode: string | null;
  countryCode: string;
  countryName: string;
}

export interface LabelData {
  waybillNo: string;
  customerOrderNo: string;
  productCode: string;
  productName: string;
  shipper: LabelParty;
  consignee: LabelParty;
  /** 1-based. */
  parcelNo: number;
  parcelCount: number;
  weightKg: number;
  weightKind: 'forecast' | 'chargeable';
  /** Declared items as `name ×quantity`, in order. */
  contents: string[];
}

/** The fixed words on a label, in the caller's language. */
export interface LabelCaptions {
  from: string;
  to: string;
  parcel: string;
  forecastWeight: string;
  chargeableWeight: string;
  reference: string;
  contents: string;
  product: string;
}

const MM = 72 / 25.4;
const mm = (value: number) => value * MM;
/** One dot of a 203 dpi thermal printer head, in mm. */
const PRINTER_DOT_MM = 25.4 / 203;
const MIN_MODULE_MM = 2 * PRINTER_DOT_MM;
const MIN_BAR_HEIGHT_MM = 12;
const QR_QUIET_ZONE_MODULES = 4;
/** Labels drawn between two turns of the event loop. */
const LABELS_PER_TURN = 10;
/** Labels between two clearings of pdfkit's word layout cache. */
const LAYOUT_CACHE_LABELS = 200;

/** Page and label boxes of each size, mm. */
export interface SheetLayout {
  page: [number, number];
  /** Label cells on one page, left to right, top to bottom: [x, y, width, height]. */
  cells: [number, number, number, number][];
  /** Blank margin kept inside each cell, for cutting (A4) or for the printer's edge (thermal). */
  inset: number;
  cutLines: boolean;
}

/** Where labels of a size go: the page and its label cells (mm). */
export function sheetLayout(size: LabelSize): SheetLayout {
  if (size === 'A4') {
    // Two columns of 100 mm and two rows of 143.5 mm, centred: 5 mm page margin all round.
    const [cw, ch] = [100, 143.5];
    const cells: SheetLayout['cells'] = [];
    for (const row of [0, 1])
      for (const column of [0, 1]) cells.push([5 + column * cw, 5 + row * ch, cw, ch]);
    return { page: [210, 297], cells, inset: 3, cutLines: true };
  }
  const height = size === '100x100' ? 100 : 150;
  return { page: [100, height], cells: [[0, 0, 100, height]], inset: 2, cutLines: false };
}

/** Control characters never reach a label (they would print as boxes or break lines). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const printableLine = (text: string) => text.replace(CONTROL, ' ').trim();
const printable = (text: string) => text.split('\n').map(printableLine).filter(Boolean).join('\n');

/** Weights are whole grams: up to three decimals of a kg, at least two (1.20 kg, 12.345 kg). */
const formatKg = (kg: number) => `${kg.toFixed(3).replace(/0$/, '')} kg`;

type Doc = PDFKit.PDFDocument;

/**
 * Writes labels as one PDF: `start` once, `add` per label (in print order), then `finish`, which ends the
 * document and resolves once every byte went to `out` (not ended: the caller owns it).
 */
export class LabelPdfWriter {
  private readonly doc: Doc;
  private readonly layout: SheetLayout;
  private readonly done: Promise<void>;
  private count = 0;

  constructor(
    readonly size: LabelSize,
    private readonly captions: LabelCaptions,
    out: Writable,
    title = 'Labels',
  ) {
    this.layout = sheetLayout(size);
    this.doc = new PDFDocument({
      autoFirstPage: false,
      margin: 0,
      compress: true,
      info: { Title: title, Creator: 'Parcel portal', Producer: 'Parcel portal' },
    });
    registerPdfFonts(this.doc);
    this.done = new Promise((resolve, reject) => {
      this.doc.once('end', resolve);
      this.doc.once('error', reject);
      out.once('error', reject);
    });
    this.doc.pipe(out, { end: false });
  }

  /** Labels added so far. */
  get labels() {
    return this.count;
  }

  add(label: LabelData) {
    const { cells, page, inset, cutLines } = this.layout;
    const slot = this.count % cells.length;
    if (slot === 0) {
      this.doc.addPage({ size: [mm(page[0]), mm(page[1])], margin: 0 });
      if (cutLines) this.drawCutLines();
    }
    const [x, y, width, height] = cells[slot]!;
    drawLabel(this.doc, label, this.captions, x + inset, y + inset, width - 2 * inset, height - 2 * inset);
    this.count++;
    if (this.count % LAYOUT_CACHE_LABELS === 0) this.clearLayoutCache();
  }

  /**
   * Adds labels in order, giving the event loop a turn every few labels: drawing is synchronous (about
   * 4 ms a label), and a print of 500 orders of 50 parcels must not stall every other request meanwhile.
   */
  async addAll(labels: Iterable<LabelData>): Promise<void> {
    for (const label of labels) {
      this.add(label);
      if (this.count % LABELS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async finish(): Promise<number> {
    if (this.count === 0) this.doc.addPage({ size: [mm(this.layout.page[0]), mm(this.layout.page[1])] });
    this.doc.end();
    await this.done;
    return this.count;
  }

  /**
   * pdfkit keeps the glyph layout of every distinct word it has set, for the document's life; a label's
   * numbers and addresses are mostly new words, so on a long run the cache grew by about 5 KiB a label.
   * Emptied now and then, it keeps its use (the captions, repeated words) and stays small.
   */
  private clearLayoutCache() {
    const fonts = (this.doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
      ._fontFamilies;
    for (const font of Object.values(fonts ?? {}))
      if (font.layoutCache) font.layoutCache = Object.create(null) as object;
  }

  /** Dashed lines along the cells' edges, where the sheet is cut. */
  private drawCutLines() {
    const { doc } = this;
    const [pageWidth, pageHeight] = this.layout.page;
    const xs = new Set<number>();
    const ys = new Set<number>();
    for (const [x, y, w, h] of this.layout.cells) {
      xs.add(x).add(x + w);
      ys.add(y).add(y + h);
    }
    doc
      .save()
      .lineWidth(0.3)
      .dash(mm(2), { space: mm(2) })
      .strokeColor('#999999');
    for (const x of xs) doc.moveTo(mm(x), 0).lineTo(mm(x), mm(pageHeight));
    for (const y of ys) doc.moveTo(0, mm(y)).lineTo(mm(pageWidth), mm(y));
    doc.stroke().undash().restore();
  }
}

/** Text in a box (mm): wrapped to the width, cut with an ellipsis at the height. */
function textBox(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
  options: { font?: 'regular' | 'bold'; size: number; align?: 'left' | 'center' | 'right'; spacing?: number },
) {
  const clean = printable(text);
  if (!clean) return;
  doc
    .font(options.font ?? 'regular')
    .fontSize(options.size)
    .text(clean, mm(x), mm(y), {
      width: mm(width),
      height: mm(height),
      ellipsis: true,
      lineGap: 0,
      align: options.align ?? 'left',
      characterSpacing: options.spacing ?? 0,
    });
}

/** Points → mm of one text line at a font size (the font's line height is about 1.45 em). */
const lineMm = (points: number) => (points * 1.45) / MM;

function rule(doc: Doc, x: number, y: number, width: number) {
  doc
    .moveTo(mm(x), mm(y))
    .lineTo(mm(x + width), mm(y))
    .lineWidth(0.8)
    .stroke('black');
}

/** Sizes (mm, pt) of one label's parts: the 100 mm square label is set tighter than the tall ones. */
function proportions(height: number) {
  const compact = height < 120;
  return compact
    ? {
        header: 11,
        sender: 14,
        consignee: 24,
        barHeight: 13,
        fromSize: 5.5,
        toSize: 7,
        nameSize: 9,
        countrySize: 22,
      }
    : {
        header: 16,
        sender: 24,
        consignee: 40,
        barHeight: 22,
        fromSize: 6.5,
        toSize: 9,
        nameSize: 12,
        countrySize: 30,
      };
}

function partyLines(party: LabelParty): string {
  const lines = [
    ...party.addressLines,
    party.cityLine,
    [party.postalCode, party.countryName].filter(Boolean).join('  '),
  ];
  return lines.map(printableLine).filter(Boolean).join('\n');
}

function drawLabel(
  doc: Doc,
  label: LabelData,
  captions: LabelCaptions,
  left: number,
  top: number,
  width: number,
  height: number,
) {
  const p = proportions(height);
  const pad = 2;
  const inner = width - 2 * pad;
  doc.lineWidth(1).rect(mm(left), mm(top), mm(width), mm(height)).stroke('black');
  let y = top + 1.5;

  // Header: product on the left, the destination country code large on the right.
  const countryBox = p.header + 10;
  textBox(doc, label.productName, left + pad, y, inner - countryBox - 2, lineMm(p.toSize + 1.5), {
    font: 'bold',
    size: p.toSize + 1.5,
  });
  textBox(
    doc,
    `${captions.product} ${label.productCode}`,
    left + pad,
    y + lineMm(p.toSize + 1.5),
    inner - countryBox - 2,
    lineMm(p.fromSize),
    {
      size: p.fromSize,
    },
  );
  const boxX = left + width - pad - countryBox;
  doc.rect(mm(boxX), mm(y), mm(countryBox), mm(p.header - 2)).fill('black');
  doc.fillColor('white');
  textBox(
    doc,
    label.consignee.countryCode,
    boxX,
    y + (p.header - 2 - lineMm(p.countrySize) * 0.9) / 2,
    countryBox,
    lineMm(p.countrySize),
    {
      font: 'bold',
      size: p.countrySize,
      align: 'center',
    },
  );
  doc.fillColor('black');
  y = top + p.header;
  rule(doc, left, y, width);

  // Sender, small.
  y += 1;
  const sender = label.shipper;
  textBox(
    doc,
    `${captions.from}  ${sender.name}${sender.company ? ` · ${sender.company}` : ''}  ${sender.phone}`,
    left + pad,
    y,
    inner,
    lineMm(p.fromSize),
    {
      font: 'bold',
      size: p.fromSize,
    },
  );
  textBox(
    doc,
    partyLines(sender),
    left + pad,
    y + lineMm(p.fromSize),
    inner,
    p.sender - 2 - lineMm(p.fromSize),
    {
      size: p.fromSize,
    },
  );
  y = top + p.header + p.sender;
  rule(doc, left, y, width);

  // Consignee, the largest text after the country code.
  y += 1;
  const consignee = label.consignee;
  textBox(doc, captions.to, left + pad, y, inner, lineMm(p.fromSize), { font: 'bold', size: p.fromSize });
  y += lineMm(p.fromSize);
  textBox(
    doc,
    `${consignee.name}${consignee.company ? ` · ${consignee.company}` : ''}`,
    left + pad,
    y,
    inner,
    lineMm(p.nameSize),
    {
      font: 'bold',
      size: p.nameSize,
    },
  );
  y += lineMm(p.nameSize);
  textBox(doc, consignee.phone, left + pad, y, inner, lineMm(p.toSize), { size: p.toSize });
  y += lineMm(p.toSize);
  const consigneeBottom = top + p.header + p.sender + p.consignee;
  textBox(doc, partyLines(consignee), left + pad, y, inner, consigneeBottom - y - 0.5, { size: p.toSize });
  y = consigneeBottom;
  rule(doc, left, y, width);

  // The waybill number: Code 128 with its quiet zones, then as text.
  y += 2;
  drawCode128(doc, label.waybillNo, left + pad, y, inner, p.barHeight);
  y += p.barHeight + 0.5;
  textBox(doc, label.waybillNo, left + pad, y, inner, lineMm(p.nameSize), {
    font: 'bold',
    size: p.nameSize,
    align: 'center',
    spacing: 1.5,
  });
  y += lineMm(p.nameSize) + 0.5;
  rule(doc, left, y, width);

  // Bottom: weight, parcel n of m, reference and contents on the left; the QR code on the right.
  const bottom = top + height;
  const qrSize = Math.min(bottom - y - 2, 30);
  const qrX = left + width - pad - qrSize;
  drawQr(doc, label.waybillNo, qrX, y + 1, qrSize);
  const textWidth = qrX - left - pad - 2;
  y += 1;
  const weightCaption =
    label.weightKind === 'chargeable' ? captions.chargeableWeight : captions.forecastWeight;
  textBox(
    doc,
    `${captions.parcel} ${label.parcelNo}/${label.parcelCount}`,
    left + pad,
    y,
    textWidth,
    lineMm(p.nameSize),
    {
      font: 'bold',
      size: p.nameSize,
    },
  );
  y += lineMm(p.nameSize);
  textBox(doc, `${weightCaption} ${formatKg(label.weightKg)}`, left + pad, y, textWidth, lineMm(p.toSize), {
    size: p.toSize,
  });
  y += lineMm(p.toSize);
  textBox(doc, `${captions.reference} ${label.customerOrderNo}`, left + pad, y, textWidth, lineMm(p.toSize), {
    size: p.toSize,
  });
  y += lineMm(p.toSize);
  textBox(
    doc,
    `${captions.contents} ${label.contents.join(', ')}`,
    left + pad,
    y,
    textWidth,
    bottom - y - 1,
    {
      size: p.fromSize,
    },
  );
}

/**
 * The Code 128 symbol centred in a box (mm). The module is the widest whole number of printer dots that
 * fits the symbol with both quiet zones, at most 4 dots (0.5 mm) and never under 2 dots (0.25 mm).
 */
export function drawCode128(doc: Doc, text: string, x: number, y: number, width: number, barHeight: number) {
  const { bars, totalModules } = code128Bars(text);
  const dots = Math.min(
    4,
    Math.floor(width / (totalModules + 2 * CODE128_QUIET_ZONE_MODULES) / PRINTER_DOT_MM),
  );
  const module = Math.max(dots * PRINTER_DOT_MM, MIN_MODULE_MM);
  const height = Math.max(barHeight, MIN_BAR_HEIGHT_MM);
  const start = x + (width - totalModules * module) / 2;
  for (const [offset, bar] of bars)
    doc.rect(mm(start + offset * module), mm(y), mm(bar * module), mm(height));
  doc.fill('black');
}

/** The QR code of `text` (error correction M) filling a square box (mm) including its quiet zone. */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const module = size / (count + 2 * QR_QUIET_ZONE_MODULES);
  const origin = [x + QR_QUIET_ZONE_MODULES * module, y + QR_QUIET_ZONE_MODULES * module] as const;
  // One rectangle per horizontal run of dark modules.
  for (let row = 0; row < count; row++) {
    let column = 0;
    while (column < count) {
      if (!modules.data[row * count + column]) {
        column++;
        continue;
      }
      const runStart = column;
      while (column < count && modules.data[row * count + column]) column++;
      doc.rect(
        mm(origin[0] + runStart * module),
        mm(origin[1] + row * module),
        mm((column - runStart) * module),
        mm(module),
      );
    }
  }
  doc.fill('black');
}
