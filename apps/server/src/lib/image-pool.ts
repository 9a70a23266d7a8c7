import type { ImageJob, ImageJobAnswer } from './image-worker.ts';
import { ImageRejected, type ImageLimits, type ReencodedImage } from './images.ts';
import { ThreadJobLost, ThreadPool, ThreadPoolFull, workerEntry } from './thread-pool.ts';

/**
 * Pictures are decoded and encoded again in worker threads (`thread-pool.ts`), never on the event loop:
 * a 24-megapixel PNG costs seconds of CPU, and on the main thread every other request of the instance
 * would wait for it.
 *
 * The upload routes bound what reaches the pool before the body is read (`plugins/images.ts`); its
 * queue bound is the second line. Pixel buffers live outside the heap and are bounded by the header check
 * before decoding (`IMAGE_MAX_PIXELS`: 24 Mpx × 4 bytes = 96 MB). The heap cap is a backstop set well
 * above the worst accepted picture's need (config: at least 768 MB): Node ends a thread at its limit only
 * on a best effort, and an allocation inside one huge array (as jpeg-js's encoder makes) can abort the
 * whole process instead (nodejs/node#47224). A thread that runs out of memory or takes too long is
 * replaced and its picture refused as unreadable (`ImageRejected('corrupt')`), as the codecs' refusals are.
 */
export interface ImagePoolOptions {
  size: number;
  maxQueue: number;
  heapMb: number;
  jobTimeoutMs: number;
  onWorkerLost?: (reason: string) => void;
  /** Tests: another worker script speaking the same messages (`image-worker.ts`). */
  script?: URL;
}

/** The queue is full: the caller answers "busy, try again shortly". */
export { ThreadPoolFull as ImagePoolFull };

/** What a thread made of a picture, and which thread it was. */
export type PooledImage = ReencodedImage & { threadId: number };

export class ImagePool {
  private readonly pool: ThreadPool<ImageJob, ImageJobAnswer>;

  constructor(options: ImagePoolOptions) {
    this.pool = new ThreadPool({
      ...options,
      name: 'image pool',
      script: options.script ?? workerEntry('image-worker', new URL('./image-worker.ts', import.meta.url)),
    });
  }

  /** The picture decoded and encoded again on a worker thread; rejects as `reencodeImage` would. */
  async run(bytes: Uint8Array, limits: ImageLimits): Promise<PooledImage> {
    // A copy the thread may own (transferred, not cloned): the caller's Buffer may share its memory.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    let done: { answer: ImageJobAnswer; threadId: number };
    try {
      done = await this.pool.run({ bytes: copy, limits }, [copy.buffer]);
    } catch (error) {
      if (error instanceof ThreadJobLost && error.reason === 'timeout')
        throw new ImageRejected('corrupt', 'took too long to decode');
      if (error instanceof ThreadJobLost && error.reason === 'memory')
        throw new ImageRejected('corrupt', 'ran out of memory while decoding');
      if (error instanceof ThreadJobLost) throw new Error(`image worker stopped: ${error.message}`);
      throw error;
    }
    const { answer } = done;
    if (answer.ok) {
      const { bytes: out, contentType, width, height } = answer;
      return {
        bytes: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
        contentType,
        width,
        height,
        threadId: done.threadId,
      };
    }
    if ('problem' in answer) throw new ImageRejected(answer.problem, answer.detail);
    throw new Error(`image worker failed: ${answer.error}`);
  }

  stats() {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
