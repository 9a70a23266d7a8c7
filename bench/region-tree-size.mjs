// Bytes of the region picker's tree answer (`GET /api/Common/GetCnDivisionTree`) before and after the
// pinyin, initials and zh-TW names were added, raw and compressed as @fastify/compress sends it (gzip
// and brotli). The baseline is the plain tree (name, code, children) built in the same run.
// Run: node bench/region-tree-size.mjs (the server module is TypeScript, loaded through tsx).
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const { cnDivisions, searchableCnDivisionTree } = await tsImport(
  '../apps/server/src/modules/reference/cn-divisions.ts',
  import.meta.url,
);

const envelope = (data) => JSON.stringify({ code: 200, success: true, message: '', data });
const sizes = (body) => {
  const buffer = Buffer.from(body);
  return { raw: buffer.length, gzip: gzipSync(buffer).length, brotli: brotliCompressSync(buffer).length };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const baseline = sizes(envelope(cnDivisions().provinces));
const rows = [
  { what: 'plain tree (baseline)', ...baseline },
  { what: 'zh-CN / en-US: + pinyin, initials', ...sizes(envelope(searchableCnDivisionTree('zh-CN'))) },
  { what: 'zh-TW: + pinyin, initials, localName', ...sizes(envelope(searchableCnDivisionTree('zh-TW'))) },
];
for (const row of rows)
  console.log(
    `${row.what.padEnd(40)} raw ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)} ` +
      `(${(row.gzip / baseline.gzip).toFixed(2)}×)  brotli ${kb(row.brotli).padStart(9)} ` +
      `(${(row.brotli / baseline.brotli).toFixed(2)}×)`,
  );
