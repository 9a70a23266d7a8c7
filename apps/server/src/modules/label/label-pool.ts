import type { LabelSize } from '@portal/contracts/order-list';
import { ThreadPool, workerEntry, type ThreadPoolOptions } from '../../lib/thread-pool.ts';
import type { LabelCaptions, LabelData } from './label-renderer.ts';

/**
 * Label PDFs are drawn on worker threads (`lib/thread-pool.ts`), not on the event loop: even with the
 * fonts parsed once, writing the CJK font subset of a document costs 60–80 ms of CPU, and four labels
 * printed at once held every other request of the instance for that long each (issue 21).
 */
export interface LabelJob {
  size: LabelSize;
  captions: LabelCaptions;
  title: string;
  labels: LabelData[];
}

export type LabelJobAnswer = { ok: true; pdf: Uint8Array; labels: number } | { ok: false; error: string };

export class LabelPool {
  private readonly pool: ThreadPool<LabelJob, LabelJobAnswer>;

  constructor(options: Omit<ThreadPoolOptions, 'name' | 'script'>) {
    this.pool = new ThreadPool({
      ...options,
      name: 'label pool',
      script: workerEntry('label-worker', new URL('./label-worker.ts', import.meta.url)),
    });
  }

  /** The labels as one PDF, drawn on a worker thread. */
  async render(job: LabelJob): Promise<{ pdf: Buffer; labels: number }> {
    const { answer } = await this.pool.run(job);
    if (!answer.ok) throw new Error(`label worker failed: ${answer.error}`);
    return {
      pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength),
      labels: answer.labels,
    };
  }

  stats() {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
