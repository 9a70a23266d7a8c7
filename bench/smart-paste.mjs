// Smart paste in the browser's place: how long reading one pasted address takes with the real reference
// data, against parsing the region tree's JSON answer (GetCnDivisionTree, which every address form loads
// anyway) measured in the same run; plus the one-time costs: the parser's own name lookups (built on the
// first paste) and OpenCC's Traditional → Simplified converter.
// Run: node bench/smart-paste.mjs (TypeScript modules loaded through tsx).
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const { searchableCnDivisionTree } = await tsImport(
  '../apps/server/src/modules/reference/cn-divisions.ts',
  import.meta.url,
);
const { listCountries } = await tsImport(
  '../apps/server/src/modules/reference/countries.ts',
  import.meta.url,
);
const { createCnDivisionIndex } = await tsImport('../packages/contracts/src/reference.ts', import.meta.url);
const { parseSmartPaste } = await tsImport('../packages/contracts/src/smart-paste.ts', import.meta.url);

const SAMPLES = [
  '张三 13800138000 广东省深圳市南山区科技园南区粤海街道深大地铁站A口 腾讯大厦',
  '收货人: 李四\n手机号码: 13912345678\n所在地区: 浙江省 杭州市 西湖区\n详细地址: 文三路 90 号东部软件园 1 号楼 302',
  '北京朝阳区望京SOHO T1 1203 赵六 186 1234 5678',
  '深圳市腾讯计算机系统有限公司 马先生 13800138000 广东深圳南山区科技中一路腾讯大厦',
  '收件人：黃小明 電話：0912-345-678 地址：廣東省廣州市天河區天河路385號',
  'John Smith\n123 Main St\nSpringfield, IL 62704\nUSA\n+1 (217) 555-0134',
  'Max Mustermann\nMusterfirma GmbH\nHauptstraße 12a\n80331 München\nGermany\nTel: +49 89 1234567',
  '〒100-0001 東京都千代田区千代田1-1 山田太郎 03-1234-5678 日本',
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Median milliseconds of `fn` over `rounds` rounds. */
function time(fn, rounds) {
  const times = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

const tree = searchableCnDivisionTree('zh-CN');
const countries = listCountries('zh-CN');

// Baseline: JSON.parse of the tree answer's body, which the browser does once per page anyway.
const treeJson = JSON.stringify({ code: 200, success: true, message: '', data: tree });
const indexMs = time(() => JSON.parse(treeJson), 50);

// One-time: the first paste on a fresh index builds the parser's name lookups.
const firstMs = median(
  Array.from({ length: 10 }, () => {
    const divisions = createCnDivisionIndex(tree);
    const started = performance.now();
    parseSmartPaste(SAMPLES[0], { divisions, countries });
    return performance.now() - started;
  }),
);

const { Converter } = await import('opencc-js/t2cn');
const converterMs = time(() => Converter({ from: 'tw', to: 'cn' }), 5);
const toSimplified = Converter({ from: 'tw', to: 'cn' });
const reference = { divisions: createCnDivisionIndex(tree), countries, toSimplified };
parseSmartPaste(SAMPLES[0], reference);

const perPasteMs =
  time(() => {
    for (const text of SAMPLES) parseSmartPaste(text, reference);
  }, 200) / SAMPLES.length;

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`);
console.log(`JSON.parse of the region tree answer (baseline) ${fmt(indexMs)}`);
console.log(
  `first paste: parser lookups + parse            ${fmt(firstMs)} (${(firstMs / indexMs).toFixed(1)}× the baseline)`,
);
console.log(
  `OpenCC tw → cn converter, built once           ${fmt(converterMs)} (${(converterMs / indexMs).toFixed(1)}× the baseline)`,
);
console.log(
  `one paste afterwards (median over ${SAMPLES.length} samples)  ${fmt(perPasteMs)} (${(perPasteMs / indexMs).toFixed(2)}× the baseline)`,
);
