import { readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';

/**
 * A small fixed pool of worker threads for CPU work that must not hold the event loop: decoding uploaded
 * pictures (`image-pool.ts`) and drawing label PDFs (`modules/label/label-pool.ts`). Our own, on
 * `node:worker_threads`, rather than piscina: a fixed size, a bounded FIFO queue, a dead or stuck worker
 * replaced — some 150 lines with no dependency; nothing of piscina's (dynamic sizing, idle timeouts,
 * abort signals, histograms) is needed.
 *
 * - `size` threads at most, started on the first job (an instance that never sees one starts none) and
 *   kept; each runs one job at a time. A job is one message in, one message out.
 * - `maxQueue` jobs at most wait for a free thread; one more is refused at once (`ThreadPoolFull`), so a
 *   flood cannot grow memory.
 * - Each thread's heap is capped (`heapMb`). A thread that runs out of memory, dies, or takes longer than
 *   `jobTimeoutMs` is ended and replaced; its job is refused with `ThreadJobLost` saying why.
 */
export interface ThreadPoolOptions {
  /** Worker threads at most. */
  size: number;
  /** Jobs waiting for a free thread at most. */
  maxQueue: number;
  /** Old-generation heap of each thread, MB. */
  heapMb: number;
  /** A job that takes longer ends its thread and is refused. */
  jobTimeoutMs: number;
  /** Told when a thread dies or is ended (the plugin logs it). */
  onWorkerLost?: (reason: string) => void;
  /** The worker's script (see {@link workerEntry}). */
  script: URL;
  /** Names the pool in its errors ("image pool closed"). */
  name: string;
}

/** The queue is full: the caller answers "busy, try again shortly". */
export class ThreadPoolFull extends Error {
  constructor(pool: string) {
    super(`${pool} queue full`);
    this.name = 'ThreadPoolFull';
  }
}

/** The job's thread ended before it answered: it took too long, ran out of memory, or died. */
export class ThreadJobLost extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'exited',
    message: string,
  ) {
    super(message);
    this.name = 'ThreadJobLost';
  }
}

interface Job<Message, Answer> {
  message: Message;
  transfer: readonly Transferable[];
  resolve: (answer: { answer: Answer; threadId: number }) => void;
  reject: (error: unknown) => void;
}

interface Slot<Message, Answer> {
  worker: Worker;
  job: Job<Message, Answer> | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Being ended: takes no more work; leaves the pool when its thread has exited. */
  ending: boolean;
  /** Why the thread failed (its 'error' event comes before 'exit'). */
  failure: (Error & { code?: string }) | undefined;
}

export class ThreadPool<Message, Answer> {
  private readonly slots = new Set<Slot<Message, Answer>>();
  private readonly queue: Job<Message, Answer>[] = [];
  private readonly threadIds = new Set<number>();
  private completed = 0;
  private closed = false;

  constructor(private readonly options: ThreadPoolOptions) {}

  /** The worker's answer to `message` and the thread that gave it; `transfer` moves buffers to it. */
  run(
    message: Message,
    transfer: readonly Transferable[] = [],
  ): Promise<{ answer: Answer; threadId: number }> {
    if (this.closed) return Promise.reject(new Error(`${this.options.name} closed`));
    return new Promise((resolve, reject) => {
      const job: Job<Message, Answer> = { message, transfer, resolve, reject };
      const slot = this.freeSlot();
      if (slot) this.start(slot, job);
      else if (this.queue.length >= this.options.maxQueue) reject(new ThreadPoolFull(this.options.name));
      else this.queue.push(job);
    });
  }

  /** Threads, work in hand, and the thread ids that have answered jobs (the tests look at these). */
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

  /** Ends every thread; jobs waiting or in hand are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error(`${this.options.name} closed`));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private freeSlot(): Slot<Message, Answer> | undefined {
    for (const slot of this.slots) if (!slot.job && !slot.ending) return slot;
    return this.slots.size < this.options.size ? this.spawn() : undefined;
  }

  private spawn(): Slot<Message, Answer> {
    const worker = new Worker(this.options.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle thread does not keep the process alive; a busy one does (start / take).
    worker.unref();
    const slot: Slot<Message, Answer> = {
      worker,
      job: undefined,
      timer: undefined,
      ending: false,
      failure: undefined,
    };
    worker.on('message', (answer: Answer) => this.answered(slot, answer));
    worker.on('error', (error) => {
      slot.failure = error;
    });
    worker.on('exit', () => this.exited(slot));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot<Message, Answer>, job: Job<Message, Answer>) {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.end(slot, 'took too long');
      this.take(slot)?.reject(new ThreadJobLost('timeout', 'took too long'));
    }, this.options.jobTimeoutMs);
    slot.timer.unref();
    slot.worker.postMessage(job.message, [...job.transfer]);
  }

  /** The slot's job, which it no longer holds. */
  private take(slot: Slot<Message, Answer>): Job<Message, Answer> | undefined {
    const job = slot.job;
    slot.job = undefined;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  private end(slot: Slot<Message, Answer>, reason: string) {
    slot.ending = true;
    this.options.onWorkerLost?.(reason);
    void slot.worker.terminate();
  }

  private answered(slot: Slot<Message, Answer>, answer: Answer) {
    const job = this.take(slot);
    if (job) {
      this.completed++;
      this.threadIds.add(slot.worker.threadId);
      job.resolve({ answer, threadId: slot.worker.threadId });
    }
    this.dispatch();
  }

  private exited(slot: Slot<Message, Answer>) {
    this.slots.delete(slot);
    if (!this.closed && !slot.ending) this.options.onWorkerLost?.(slot.failure?.message ?? 'exited');
    const job = this.take(slot);
    if (job) {
      const outOfMemory = slot.failure?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(
        outOfMemory
          ? new ThreadJobLost('memory', 'ran out of memory')
          : new ThreadJobLost(
              'exited',
              `${this.options.name} worker stopped: ${slot.failure?.message ?? 'exited'}`,
            ),
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
 * A worker's entry: `<name>.js` beside the bundle (build.mjs makes one per worker), or, from the
 * TypeScript sources (vitest, tsx), a small module that registers tsx's loader in the new thread and then
 * imports `<source>` (Node 20 cannot load TypeScript by itself, and a thread does not inherit the loader).
 * `source` is the worker's .ts file, as a URL relative to the caller (`new URL('./x.ts', import.meta.url)`).
 */
export function workerEntry(name: string, source: URL): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL(`./${name}.js`, import.meta.url);
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const api = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import!.default!));
  const code = `import { register } from ${JSON.stringify(api.href)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * On Linux the calling thread alone runs at a lower priority (a thread is a task with its own id), so
 * when the cores are contended the event loop, which answers every request, goes first. Elsewhere, or
 * where it is not allowed, the thread keeps the process's priority. Called by each worker at its start.
 */
export function lowerThreadPriority(nice = 10): void {
  try {
    const taskId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(taskId) && taskId > 0) setPriority(taskId, nice);
  } catch {
    // Not Linux, or no /proc: the same priority as the rest of the process.
  }
}
