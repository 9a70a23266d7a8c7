import { parentPort } from 'node:worker_threads';
import { ImageRejected, reencodeImage, type ImageLimits } from './images.ts';
import { lowerThreadPriority } from './thread-pool.ts';

/**
 * The worker thread of `image-pool.ts`: one picture per message, decoded and encoded again with
 * `reencodeImage` (all of its checks), the answer posted back with the new bytes transferred. Its own
 * entry in the server bundle (`build.mjs`: dist/image-worker.js); from the TypeScript sources the pool
 * loads it through tsx.
 */
export interface ImageJob {
  bytes: Uint8Array;
  limits: ImageLimits;
}

export type ImageJobAnswer =
  | {
      ok: true;
      bytes: Uint8Array;
      contentType: 'image/png' | 'image/jpeg';
      width: number;
      height: number;
    }
  | { ok: false; problem: ImageRejected['problem']; detail: string }
  | { ok: false; error: string };

const port = parentPort;
if (!port) throw new Error('image-worker.ts runs only as a worker thread (lib/image-pool.ts)');

// Below the event loop when the cores are contended (nice 10, Linux).
lowerThreadPriority();

port.on('message', (job: ImageJob) => {
  void reencodeImage(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.limits)
    .then((out) => {
      // A copy with a buffer of its own: the codec's Buffer may sit in Node's shared pool, which cannot move.
      const bytes = new Uint8Array(out.bytes.byteLength);
      bytes.set(out.bytes);
      const answer: ImageJobAnswer = {
        ok: true,
        bytes,
        contentType: out.contentType,
        width: out.width,
        height: out.height,
      };
      port.postMessage(answer, [bytes.buffer]);
    })
    .catch((error: unknown) => {
      const answer: ImageJobAnswer =
        error instanceof ImageRejected
          ? { ok: false, problem: error.problem, detail: error.detail }
          : { ok: false, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(answer);
    });
});
