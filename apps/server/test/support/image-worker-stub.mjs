// A stand-in for lib/image-worker.ts in the pool's unit tests (image-pool.test.ts): it speaks the same
// messages, and the first byte of a job says how to misbehave.
//   1: the thread exits          2: the thread fills its heap (separate arrays: a clean out-of-memory end)
//   3: never answers             anything else: answers the bytes back as a 1 × 1 PNG, with its thread id
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ bytes }) => {
  if (bytes[0] === 1) process.exit(1);
  if (bytes[0] === 2) {
    const kept = [];
    for (;;) kept.push(new Array(10_000).fill(kept.length));
  }
  if (bytes[0] === 3) return;
  const answer = new Uint8Array(bytes);
  parentPort.postMessage({ ok: true, bytes: answer, contentType: 'image/png', width: 1, height: 1 }, [
    answer.buffer,
  ]);
});
