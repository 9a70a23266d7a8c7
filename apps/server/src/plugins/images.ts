import fp from 'fastify-plugin';
import { ImagePool } from '../lib/image-pool.ts';
import { ConcurrencyLimiter } from '../lib/import-limiter.ts';
import { defineMessages } from '../lib/messages.ts';

defineMessages({
  'image.busy': {
    'zh-CN': '同时上传的图片过多，请稍后再试',
    'en-US': 'Too many pictures are being uploaded at once; please try again shortly',
    'zh-TW': '同時上傳的圖片過多，請稍後再試',
  },
  'image.serverBusy': {
    'zh-CN': '系统正在处理较多图片，请稍后再试',
    'en-US': 'The server is busy with other pictures; please try again shortly',
    'zh-TW': '系統正在處理較多圖片，請稍後再試',
  },
});

/** A picture that takes longer than this on its thread is refused and the thread replaced (a stuck codec). */
export const IMAGE_JOB_TIMEOUT_MS = 120_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker threads that decode and encode uploaded pictures (lib/image-pool.ts). */
    imagePool: ImagePool;
    /**
     * Picture uploads in progress, from before the body is read until the picture is stored: at most
     * `IMAGE_UPLOADS_PER_CUSTOMER` per customer (avatars of all its users included) and, server-wide, the
     * threads plus `IMAGE_QUEUE`; beyond either, code 429 at once.
     */
    imageUploads: ConcurrencyLimiter;
  }
}

export const imagesPlugin = fp(
  async (app) => {
    const { workers, workerHeapMb, queue, uploadsPerCustomer } = app.config.images;
    const pool = new ImagePool({
      size: workers,
      maxQueue: queue,
      heapMb: workerHeapMb,
      jobTimeoutMs: IMAGE_JOB_TIMEOUT_MS,
      onWorkerLost: (reason) => app.log.warn({ reason }, 'image worker thread lost; a new one takes over'),
    });
    app.decorate('imagePool', pool);
    app.decorate(
      'imageUploads',
      new ConcurrencyLimiter(
        { maxConcurrent: workers + queue, maxPerCustomer: uploadsPerCustomer },
        { busy: 'image.busy', serverBusy: 'image.serverBusy' },
      ),
    );
    app.addHook('onClose', () => pool.close());
  },
  { name: 'images', dependencies: ['database'] },
);
