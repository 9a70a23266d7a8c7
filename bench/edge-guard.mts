// What the edge guard (apps/server/src/plugins/edge-guard.ts) adds to a 1 MB JSON body, against parsing
// the same body measured in the same run: the scan of the text that vouches for a body with no escaped NUL
// or surrogate, and the walk a body that cannot be vouched for gets instead. TypeScript sources, so:
//
//   npx tsx bench/edge-guard.mts
import { performance } from 'node:perf_hooks';
import { findUnsafeText, vouchForJson } from '../apps/server/src/plugins/edge-guard.ts';

const row = (i: number) => ({
  customerOrderNo: `REF-${i}`,
  consignee: { name: `Jane Doe ${i}`, phone: '+1 555 0100', addressLine1: `${i} Main Street`, city: 'LA' },
  parcels: [{ weight: 1.2, length: 30, width: 20, height: 10 }],
  items: [{ nameCn: 'T恤', nameEn: 'T-shirt 😀', quantity: 2, unitPrice: 1500 }],
});
const text = JSON.stringify(Array.from({ length: 4000 }, (_, i) => row(i)));
const median = (samples: number[]) => samples.sort((a, b) => a - b)[samples.length >> 1]!;
const parse: number[] = [];
const guard: number[] = [];
const walk: number[] = [];
for (let run = 0; run < 25; run++) {
  let start = performance.now();
  const parsed = JSON.parse(text) as unknown;
  parse.push(performance.now() - start);
  start = performance.now();
  vouchForJson(text, parsed);
  guard.push(performance.now() - start);
  start = performance.now();
  findUnsafeText(parsed);
  walk.push(performance.now() - start);
}
const [p, g, w] = [median(parse), median(guard), median(walk)];
console.log(`${(text.length / 1024 / 1024).toFixed(2)} MB JSON body, median of 25`);
console.log(`parse (baseline)          ${p.toFixed(2)} ms  1.00×`);
console.log(`guard: scan, no walk      ${g.toFixed(2)} ms  ${(g / p).toFixed(3)}×`);
console.log(`walk when not vouched for ${w.toFixed(2)} ms  ${(w / p).toFixed(3)}×`);
