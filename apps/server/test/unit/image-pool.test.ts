import jpeg from 'jpeg-js';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { ImagePool, ImagePoolFull } from '../../src/lib/image-pool.ts';
import { ImageRejected } from '../../src/lib/images.ts';
import {
  GIF_BYTES,
  HIDDEN_MARKER,
  makeJpeg,
  makePng,
  makeWebp,
  pngClaiming,
} from '../support/image-fixtures.ts';

const LIMITS = { maxPixels: 1_000_000, maxSide: 2000 };
const STUB = new URL('../support/image-worker-stub.mjs', import.meta.url);

const outcome = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof ImageRejected) return `rejected: ${error.problem}`;
    if (error instanceof ImagePoolFull) return 'pool full';
    return `thrown: ${(error as Error).message}`;
  }
};

describe('image pool (lib/image-pool.ts): the real worker from the TypeScript sources', () => {
  const pool = new ImagePool({ size: 1, maxQueue: 4, heapMb: 1024, jobTimeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('decodes and encodes on a worker thread, not this one; nothing hidden survives', async () => {
    const png = await pool.run(makePng(40, 30, { hidden: true }), LIMITS);
    expect(png.threadId).not.toBe(threadId);
    expect(png).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
    expect(png.bytes.includes(HIDDEN_MARKER)).toBe(false);
    expect(PNG.sync.read(png.bytes).data).toEqual(PNG.sync.read(makePng(40, 30)).data);

    const photo = await pool.run(makeJpeg(16, 8, { hidden: true }), LIMITS);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 8 });
    expect(photo.bytes.includes(HIDDEN_MARKER)).toBe(false);
    expect(jpeg.decode(photo.bytes).width).toBe(16);

    const webp = await pool.run(await makeWebp(6, 5, { alpha: true }), LIMITS);
    expect(webp).toMatchObject({ contentType: 'image/png', width: 6, height: 5 });
    // One thread did all three, and the pool knows it.
    expect(new Set([png.threadId, photo.threadId, webp.threadId]).size).toBe(1);
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 0, queued: 0, threadIds: [png.threadId] });
  });

  it.runIf(process.platform === 'linux' && getPriority() < 10)(
    'runs its thread at nice 10, below the event loop (Linux)',
    async () => {
      await pool.run(makePng(2, 2), LIMITS);
      const niceOf = (task: string) =>
        readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16];
      const nices = readdirSync('/proc/self/task').map(niceOf);
      expect(nices).toContain('10');
      expect(niceOf(String(process.pid))).toBe(String(getPriority()));
    },
  );

  it("answers the codecs' refusals as lib/images.ts does", async () => {
    const cut = makePng(40, 30);
    expect(await outcome(pool.run(cut.subarray(0, cut.length - 20), LIMITS))).toBe('rejected: corrupt');
    expect(await outcome(pool.run(GIF_BYTES, LIMITS))).toBe('rejected: type');
    expect(await outcome(pool.run(pngClaiming(100_000, 100_000), LIMITS))).toBe('rejected: dimensions');
    // The thread that refused them still works.
    expect(await outcome(pool.run(makePng(2, 2), LIMITS))).toBe('accepted');
  });
});

describe('image pool: threads that die, stall or run out of memory (a stand-in worker)', () => {
  const ok = () => Buffer.from([0]);

  it('queues up to maxQueue pictures and refuses the next one at once', async () => {
    const pool = new ImagePool({ size: 1, maxQueue: 1, heapMb: 64, jobTimeoutMs: 60_000, script: STUB });
    try {
      const first = pool.run(ok(), LIMITS);
      const second = pool.run(ok(), LIMITS);
      expect(pool.stats()).toMatchObject({ threads: 1, busy: 1, queued: 1 });
      expect(await outcome(pool.run(ok(), LIMITS))).toBe('pool full');
      expect(await Promise.all([outcome(first), outcome(second)])).toEqual(['accepted', 'accepted']);
      expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, completed: 2 });
    } finally {
      await pool.close();
    }
  });

  it('replaces a thread that exits, runs out of memory or takes too long; the queue carries on', async () => {
    const lost: string[] = [];
    const pool = new ImagePool({
      size: 1,
      maxQueue: 4,
      heapMb: 16,
      jobTimeoutMs: 3_000,
      script: STUB,
      onWorkerLost: (reason) => lost.push(reason),
    });
    try {
      const before = await pool.run(ok(), LIMITS);
      const exits = pool.run(Buffer.from([1]), LIMITS);
      const afterExit = pool.run(ok(), LIMITS);
      expect(await outcome(exits)).toMatch(/^thrown: image worker stopped/);
      const second = await afterExit;
      expect(second.threadId).not.toBe(before.threadId);

      const fills = pool.run(Buffer.from([2]), LIMITS);
      const afterFill = pool.run(ok(), LIMITS);
      expect(await outcome(fills)).toBe('rejected: corrupt');
      expect((await afterFill).threadId).not.toBe(second.threadId);

      const stalls = pool.run(Buffer.from([3]), LIMITS);
      const afterStall = pool.run(ok(), LIMITS);
      expect(await outcome(stalls)).toBe('rejected: corrupt');
      expect(await outcome(afterStall)).toBe('accepted');
      expect(lost).toHaveLength(3);
      expect(pool.stats()).toMatchObject({ threads: 1, busy: 0, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  it('refuses what waits when it closes', async () => {
    const pool = new ImagePool({ size: 1, maxQueue: 2, heapMb: 64, jobTimeoutMs: 60_000, script: STUB });
    const stalls = outcome(pool.run(Buffer.from([3]), LIMITS));
    const waits = outcome(pool.run(ok(), LIMITS));
    await pool.close();
    expect(await stalls).toMatch(/^thrown: image worker stopped/);
    expect(await waits).toBe('thrown: image pool closed');
    expect(await outcome(pool.run(ok(), LIMITS))).toBe('thrown: image pool closed');
  });
});
