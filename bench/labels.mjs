// Labels: 1,000 labels (100×150 mm) as one PDF through the real renderer (LabelPdfWriter: layout, text
// fitting, Code 128 and QR encoding, CJK font subset) against a bare pdfkit loop that draws the same
// content — the same texts in the same font and the same bar and QR rectangles, precomputed, placed at
// fixed positions without fitting — measured in the same run. Each measurement runs in its own child
// process, so its peak memory (max RSS) is its own; three runs of each, interleaved, medians printed.
//
//   node bench/labels.mjs                        time and peak RSS, renderer against the bare loop
//   node --expose-gc bench/labels.mjs growth     live heap per label over 7,500 labels in one document
//   node bench/labels.mjs single                 one-label documents (what PrintLabel draws most): the
//                                                first, and the median of the next 20 in the same process
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const LABELS = Number(process.env.LABELS ?? 1000);
const RUNS = 3;
const SIZE = '100x150';
const MM = 72 / 25.4;

/** A discarding sink that counts bytes (the PDF's size) and never holds them. */
function countingSink() {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  });
  sink.bytes = 0;
  return sink;
}

function sampleLabel(index) {
  return {
    waybillNo: `PS${String(1000 + index).padStart(10, '0')}${String(index % 97).padStart(2, '0')}`,
    customerOrderNo: `ORD20261126-${String(index).padStart(6, '0')}`,
    productCode: 'US-DDP-EXP',
    productName: '美国专线（包税）',
    shipper: {
      name: '张三',
      company: '深圳市演示科技有限公司',
      phone: '13800138000',
      addressLines: ['科技园南区 1 栋 101'],
      cityLine: '广东省 深圳市 南山区',
      postalCode: '518000',
      countryCode: 'CN',
      countryName: 'China',
    },
    consignee: {
      name: index % 2 ? '王小明' : 'Jane Doe',
      company: index % 3 ? null : 'Acme Trading LLC',
      phone: '+1 (555) 123-4567',
      addressLines: ['1 Main Street', `Apt ${index}`],
      cityLine: 'Los Angeles, CA',
      postalCode: '90001',
      countryCode: 'US',
      countryName: 'United States',
    },
    parcelNo: 1,
    parcelCount: 1,
    weightKg: 1.2,
    weightKind: 'forecast',
    contents: ['T恤 ×2', '杯子 ×1'],
  };
}

async function runRenderer() {
  const { LabelPdfWriter } = await tsImport(
    '../apps/server/src/modules/label/label-renderer.ts',
    import.meta.url,
  );
  const { labelCaptions } = await tsImport(
    '../apps/server/src/modules/label/label.service.ts',
    import.meta.url,
  );
  const labels = Array.from({ length: LABELS }, (_, i) => sampleLabel(i));
  const sink = countingSink();
  const started = performance.now();
  const writer = new LabelPdfWriter(SIZE, labelCaptions('zh-CN'), sink);
  await writer.addAll(labels);
  await writer.finish();
  return { ms: performance.now() - started, bytes: sink.bytes };
}

async function runBare() {
  const { default: PDFDocument } = await import('pdfkit');
  const { default: QRCode } = await import('qrcode');
  const { code128Bars } = await tsImport('../apps/server/src/modules/label/code128.ts', import.meta.url);
  const { registerPdfFonts } = await tsImport('../apps/server/src/lib/pdf-fonts.ts', import.meta.url);
  const { labelCaptions } = await tsImport(
    '../apps/server/src/modules/label/label.service.ts',
    import.meta.url,
  );
  const captions = labelCaptions('zh-CN');
  // Everything the renderer computes per label, computed before the clock starts.
  const prepared = Array.from({ length: LABELS }, (_, i) => {
    const label = sampleLabel(i);
    const { modules } = QRCode.create(label.waybillNo, { errorCorrectionLevel: 'M' });
    const c = label.consignee;
    const s = label.shipper;
    return {
      bars: code128Bars(label.waybillNo).bars,
      qr: modules,
      texts: [
        label.productName,
        `${captions.product} ${label.productCode}`,
        c.countryCode,
        `${captions.from}  ${s.name} · ${s.company}  ${s.phone}`,
        [...s.addressLines, s.cityLine, `${s.postalCode}  ${s.countryName}`].join('\n'),
        captions.to,
        c.company ? `${c.name} · ${c.company}` : c.name,
        c.phone,
        [...c.addressLines, c.cityLine, `${c.postalCode}  ${c.countryName}`].join('\n'),
        label.waybillNo,
        `${captions.parcel} 1/1`,
        `${captions.forecastWeight} 1.20 kg`,
        `${captions.reference} ${label.customerOrderNo}`,
        `${captions.contents} ${label.contents.join(', ')}`,
      ],
    };
  });
  const sink = countingSink();
  const started = performance.now();
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  registerPdfFonts(doc);
  const ended = new Promise((resolve) => doc.once('end', resolve));
  doc.pipe(sink);
  for (const { bars, qr, texts } of prepared) {
    doc.addPage({ size: [100 * MM, 150 * MM], margin: 0 });
    texts.forEach((text, i) =>
      doc
        .font(i % 3 ? 'regular' : 'bold')
        .fontSize(8)
        .text(text, 10, 10 + i * 25, { lineBreak: false }),
    );
    for (const [x, width] of bars) doc.rect(20 + x * 1.42, 260, width * 1.42, 62);
    doc.fill('black');
    for (let row = 0; row < qr.size; row++)
      for (let column = 0; column < qr.size; column++)
        if (qr.data[row * qr.size + column]) doc.rect(200 + column * 2.4, 340 + row * 2.4, 2.4, 2.4);
    doc.fill('black');
  }
  doc.end();
  await ended;
  return { ms: performance.now() - started, bytes: sink.bytes };
}

/**
 * Live heap (after a forced GC) while 7,500 labels go into one document in steps of 1,500, as the export
 * writes them (`addAll`): how much the renderer keeps per label until the document ends.
 */
async function heapGrowth() {
  const { LabelPdfWriter } = await tsImport(
    '../apps/server/src/modules/label/label-renderer.ts',
    import.meta.url,
  );
  const { labelCaptions } = await tsImport(
    '../apps/server/src/modules/label/label.service.ts',
    import.meta.url,
  );
  const writer = new LabelPdfWriter(SIZE, labelCaptions('zh-CN'), countingSink());
  const heap = () => {
    globalThis.gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const start = heap();
  let previous = start;
  console.log(`heap after a forced GC: ${start.toFixed(1)} MiB before the first label`);
  for (let step = 1; step <= 5; step++) {
    await writer.addAll(Array.from({ length: 1500 }, (_, i) => sampleLabel((step - 1) * 1500 + i)));
    await new Promise((resolve) => setImmediate(resolve));
    const now = heap();
    console.log(
      `  after ${step * 1500} labels: ${now.toFixed(1)} MiB (+${(((now - previous) * 2 ** 20) / 1500 / 1024).toFixed(2)} KiB a label)`,
    );
    previous = now;
  }
  await writer.finish();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One-label documents in a row: the first pays for loading and parsing the fonts, the rest do not. */
async function singleLabelDocuments() {
  const { LabelPdfWriter } = await tsImport(
    '../apps/server/src/modules/label/label-renderer.ts',
    import.meta.url,
  );
  const { labelCaptions } = await tsImport(
    '../apps/server/src/modules/label/label.service.ts',
    import.meta.url,
  );
  const times = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    const writer = new LabelPdfWriter(SIZE, labelCaptions('zh-CN'), countingSink());
    writer.add(sampleLabel(i));
    await writer.finish();
    times.push(performance.now() - started);
  }
  console.log(
    `one-label ${SIZE} documents: first ${times[0].toFixed(0)} ms, then a median ${median(times.slice(1)).toFixed(0)} ms each`,
  );
}

const variant = process.argv[2];
if (variant === 'single') {
  await singleLabelDocuments();
} else if (variant === 'growth') {
  if (typeof globalThis.gc !== 'function')
    throw new Error('run with node --expose-gc bench/labels.mjs growth');
  await heapGrowth();
} else if (variant === 'renderer' || variant === 'bare') {
  const result = await (variant === 'renderer' ? runRenderer() : runBare());
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ...result, maxRssMb }));
} else {
  const self = fileURLToPath(import.meta.url);
  const results = { renderer: [], bare: [] };
  for (let run = 0; run < RUNS; run++)
    for (const name of ['bare', 'renderer'])
      results[name].push(
        JSON.parse(execFileSync(process.execPath, [self, name], { encoding: 'utf8' }).trim()),
      );
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, list]) => [
      name,
      {
        ms: median(list.map((r) => r.ms)),
        maxRssMb: median(list.map((r) => r.maxRssMb)),
        bytes: list[0].bytes,
      },
    ]),
  );
  const { renderer, bare } = summary;
  console.log(`${LABELS} labels (${SIZE}) as one PDF, median of ${RUNS}, each run in its own process:`);
  console.log(
    `  real renderer:   ${renderer.ms.toFixed(0)} ms (${(renderer.ms / LABELS).toFixed(2)} ms/label), ` +
      `peak RSS ${renderer.maxRssMb.toFixed(0)} MiB, PDF ${(renderer.bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `  bare pdfkit loop: ${bare.ms.toFixed(0)} ms (${(bare.ms / LABELS).toFixed(2)} ms/label), ` +
      `peak RSS ${bare.maxRssMb.toFixed(0)} MiB, PDF ${(bare.bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `  ratio renderer / bare: time ${(renderer.ms / bare.ms).toFixed(2)}×, peak RSS ${(renderer.maxRssMb / bare.maxRssMb).toFixed(2)}×`,
  );
}
