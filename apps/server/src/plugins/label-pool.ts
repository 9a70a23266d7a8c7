import fp from 'fastify-plugin';
import { LabelPool } from '../modules/label/label-pool.ts';

/** A print that takes longer than this on its thread is refused and the thread replaced (500 orders take ~10 s). */
export const LABEL_JOB_TIMEOUT_MS = 120_000;
/** A label thread's heap: a 500-order print of 50 parcels each stays well below it. */
const LABEL_WORKER_HEAP_MB = 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker threads that draw label PDFs (modules/label/label-pool.ts). */
    labelPool: LabelPool;
  }
}

export const labelPoolPlugin = fp(
  async (app) => {
    const { workers, queue } = app.config.labels;
    const pool = new LabelPool({
      size: workers,
      maxQueue: queue,
      heapMb: LABEL_WORKER_HEAP_MB,
      jobTimeoutMs: LABEL_JOB_TIMEOUT_MS,
      onWorkerLost: (reason) => app.log.warn({ reason }, 'label worker thread lost; a new one takes over'),
    });
    app.decorate('labelPool', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'label-pool' },
);
