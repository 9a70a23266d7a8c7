import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImageJob, ImageJobAnswer } from './image-worker.ts';
import { ImageRejected, type ImageLimits, type ReencodedImage } from './images.ts';

/**
 * Pictures are decoded and encoded again in worker threads, never on the event loop: a 24-megapixel PNG
 * costs seconds of CPU, and on the main thread every other request of the instance would wait for it
 * (issue 20). A small fixed pool of our own on `node:worker_threads` rather than piscina: one kind of
 * task, a fixed size, a bounded FIFO queue, a dead or stuck worker replaced — some 150 lines with no
 * dependency, and nothing of piscina's (dynamic sizing, idle timeouts, abort signals, histograms) is
 * needed.
 *
 * - `size` threads at most, started on the first picture (an instance that never sees one starts none)
 *   and kept; each decodes one picture at a time.
 * - `maxQueue` pictures at most wait for a free thread; one more is refused at once (`ImagePoolFull`),
 *   so a flood cannot grow memory. The upload routes bound what reaches it before the body is read
 *   (`plugins/images.ts`); this is the second line.
 * - Each thread's heap is capped (`resourceLimits`, `heapMb`). Pixel buffers live outside the heap and
 *   are bounded by the header check before decoding (`IMAGE_MAX_PIXELS`: 24 Mpx × 4 bytes = 96 MB).
 *   The cap is a backstop set well above the worst accepted picture's need (config: at least 768 MB):
 *   Node ends a thread at its limit only on a best effort, and an allocation inside one huge array (as
 *   jpeg-js's encoder makes) can abort the whole process instead (nodejs/node#47224).
 *   A thread that runs out of memory, or takes longer than `jobTimeoutMs`, is ended and replaced; its
 *   picture is refused as unreadable (`ImageRejected('corrupt')`), as a picture the codecs reject is.
 */
export interface ImagePoolOptions {
  /** Worker threads at most. */
  size: number;
  /** Pictures waiting for a free thread at most. */
  maxQueue: number;
  /** Old-generation heap of each thread, MB. */
  heapMb: number;
  /** A picture that takes longer ends its thread and is refused. */
  jobTimeoutMs: number;
  /** Told when a thread dies or is ended (the plugin logs it). */
  onWorkerLost?: (reason: string) => void;
  /** Tests: another worker script speaking the same messages (`image-worker.ts`). */
  script?: URL;
}

/** The queue is full: the caller answers "busy, try again shortly". */
export class ImagePoolFull extends Error {
  constructor() {
    super('image pool queue full');
    this.name = 'ImagePoolFull';
  }
}

/** What a thread made of a picture, and which thread it was. */
export type PooledImage = ReencodedImage & { threadId: number };

interface Job {
  bytes: Uint8Array;
  limits: ImageLimits;
  resolve: (image: PooledImage) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Being ended: takes no more work; leaves the pool when its thread has exited. */
  ending: boolean;
  /** Why the thread failed (its 'error' event comes before 'exit'). */
  failure: (Error & { code?: string }) | undefined;
}

export class ImagePool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly threadIds = new Set<number>();
  private completed = 0;
  private closed = false;
  private readonly script: URL;

  constructor(private readonly options: ImagePoolOptions) {
    this.script = options.script ?? workerScript();
  }

  /** The picture decoded and encoded again on a worker thread; rejects as `reencodeImage` would. */
  run(bytes: Uint8Array, limits: ImageLimits): Promise<PooledImage> {
    if (this.closed) return Promise.reject(new Error('image pool closed'));
    return new Promise<PooledImage>((resolve, reject) => {
      const job: Job = { bytes, limits, resolve, reject };
      const slot = this.freeSlot();
      if (slot) this.start(slot, job);
      else if (this.queue.length >= this.options.maxQueue) reject(new ImagePoolFull());
      else this.queue.push(job);
    });
  }

  /** Threads, work in hand, and the thread ids that have answered pictures (the tests look at these). */
  stats() {
    const slots = [...this.slots];
    return {
      threads: slots.length,
      busy: slots.filter((slot) => slot.job).length,
      queued: this.queue.length,
      completed: this.completed,
      threadIds: [...this.threadIds],
    };
  }

  /** Ends every thread; pictures waiting or in hand are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('image pool closed'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private freeSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.job && !slot.ending) return slot;
    return this.slots.size < this.options.size ? this.spawn() : undefined;
  }

  private spawn(): Slot {
    const worker = new Worker(this.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle thread does not keep the process alive; a busy one does (start / finish).
    worker.unref();
    const slot: Slot = { worker, job: undefined, timer: undefined, ending: false, failure: undefined };
    worker.on('message', (answer: ImageJobAnswer) => this.answered(slot, answer));
    worker.on('error', (error) => {
      slot.failure = error;
    });
    worker.on('exit', () => this.exited(slot));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.end(slot, 'took too long');
      this.take(slot)?.reject(new ImageRejected('corrupt', 'took too long to decode'));
    }, this.options.jobTimeoutMs);
    slot.timer.unref();
    // A copy the thread may own (transferred, not cloned): the caller's Buffer may share its memory.
    const bytes = new Uint8Array(job.bytes.byteLength);
    bytes.set(job.bytes);
    const message: ImageJob = { bytes, limits: job.limits };
    slot.worker.postMessage(message, [bytes.buffer]);
  }

  /** The slot's job, which it no longer holds. */
  private take(slot: Slot): Job | undefined {
    const job = slot.job;
    slot.job = undefined;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  private end(slot: Slot, reason: string) {
    slot.ending = true;
    this.options.onWorkerLost?.(reason);
    void slot.worker.terminate();
  }

  private answered(slot: Slot, answer: ImageJobAnswer) {
    const job = this.take(slot);
    if (job) {
      if (answer.ok) {
        this.completed++;
        this.threadIds.add(answer.threadId);
        const { bytes, contentType, width, height, threadId } = answer;
        job.resolve({
          bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType,
          width,
          height,
          threadId,
        });
      } else if ('problem' in answer) job.reject(new ImageRejected(answer.problem, answer.detail));
      else job.reject(new Error(`image worker failed: ${answer.error}`));
    }
    this.dispatch();
  }

  private exited(slot: Slot) {
    this.slots.delete(slot);
    if (!this.closed && !slot.ending) this.options.onWorkerLost?.(slot.failure?.message ?? 'exited');
    const job = this.take(slot);
    if (job) {
      const outOfMemory = slot.failure?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(
        outOfMemory
          ? new ImageRejected('corrupt', 'ran out of memory while decoding')
          : new Error(`image worker stopped: ${slot.failure?.message ?? 'exited'}`),
      );
    }
    if (!this.closed) this.dispatch();
  }

  private dispatch() {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }
}

/**
 * The worker's entry: `image-worker.js` beside the bundle (build.mjs makes it), or, from the TypeScript
 * sources (vitest, tsx), a small module that registers tsx's loader in the new thread and then imports
 * `image-worker.ts` (Node 20 cannot load TypeScript by itself, and a thread does not inherit the loader).
 */
function workerScript(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./image-worker.js', import.meta.url);
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const api = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import!.default!));
  const entry = new URL('./image-worker.ts', import.meta.url);
  const code = `import { register } from ${JSON.stringify(api.href)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
