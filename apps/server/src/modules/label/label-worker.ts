import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { LabelJob, LabelJobAnswer } from './label-pool.ts';
import { LabelPdfWriter } from './label-renderer.ts';

/**
 * The worker thread of `label-pool.ts`: one PDF per message, drawn by the same `LabelPdfWriter` the
 * exports use, the bytes posted back transferred. Its own entry in the server bundle (`build.mjs`:
 * dist/label-worker.js); from the TypeScript sources the pool loads it through tsx. The fonts are parsed
 * once per thread (`lib/pdf-fonts.ts`).
 */
const port = parentPort;
if (!port) throw new Error('label-worker.ts runs only as a worker thread (label-pool.ts)');

// Unlike the picture threads, not below the event loop: a print is a few tens of milliseconds that the
// user waits for, and at a lower priority a busy machine left prints waiting for seconds.
async function render(job: LabelJob): Promise<{ pdf: Uint8Array<ArrayBuffer>; labels: number }> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new LabelPdfWriter(job.size, job.captions, out, job.title);
  for (const label of job.labels) writer.add(label);
  const labels = await writer.finish();
  const whole = Buffer.concat(chunks);
  // A buffer of its own, so it can be transferred (Buffer.concat may use Node's shared pool).
  const pdf = new Uint8Array(new ArrayBuffer(whole.byteLength));
  pdf.set(whole);
  return { pdf, labels };
}

port.on('message', (job: LabelJob) => {
  render(job)
    .then(({ pdf, labels }) => {
      const answer: LabelJobAnswer = { ok: true, pdf, labels };
      port.postMessage(answer, [pdf.buffer]);
    })
    .catch((error: unknown) => {
      const answer: LabelJobAnswer = {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(answer);
    });
});
