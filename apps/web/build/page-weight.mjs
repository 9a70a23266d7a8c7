// @ts-check
// What JavaScript each page of the built web app loads before it can show itself, read from Vite's manifest
// (dist/.vite/manifest.json, `build.manifest`), and the budgets it must stay under. One module for the
// budget check of the test command (scripts/check-page-budgets.mjs) and the bundle-size bench
// (bench/bundle-size.mjs); pure apart from the file reader it is given, so a unit test can hand it a fake
// manifest (apps/web/test/unit/page-budgets.test.ts).
//
// A page's JavaScript: the entry chunk, the default language's pack (the first screens' zh-CN messages, antd
// and dayjs locales: main.tsx awaits it before the first render; every page but the sign-in and home pages
// also waits for the rest of the messages), the page's lazy chunk and, for a signed-in page,
// the lazy signed-in shell (src/app/private-area.tsx) and the HTTP client it waits for, each with everything
// it imports statically. What a
// page only imports dynamically (a dialog, a tab, a drawer opened later) loads after it and is not counted.
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ name: string, keys: string[] }} Page
 * @typedef {{ file: string, key: string, gzip: number }} ChunkSize
 * @typedef {{ name: string, gzip: number, chunks: ChunkSize[] }} PageWeight
 */

/**
 * The default language's pack, as manifest keys (source paths relative to apps/web): the first screens' part
 * of the messages (src/lib/i18n/start-messages.ts) and antd's locale.
 */
export const DEFAULT_LANGUAGE = [
  /^src\/locales\/zh-CN\.ts\?start$/,
  /node_modules\/antd\/es\/locale\/zh_CN\.js$/,
];
/**
 * The rest of the default language's messages, with dayjs's locale (and dayjs): every page but the first
 * screens waits for them before it renders (src/lib/lazy-page.ts), so they count for it.
 */
export const REST_OF_MESSAGES = [
  /^src\/locales\/zh-CN\.ts\?rest$/,
  /node_modules\/dayjs\/locale\/zh-cn\.js$/,
];
/** The pages that render with the first part of the messages alone. */
const FIRST_SCREENS = ['src/features/auth/routes/login-page.tsx', 'src/features/home/routes/home-page.tsx'];
/** The lazily loaded signed-in shell every private page renders in. */
export const SIGNED_IN_SHELL = 'src/app/private-area.tsx';
/**
 * The HTTP client loads with the first call (src/lib/http/client.ts). A signed-in page cannot paint before
 * the shell knows who the user is, so it counts; the sign-in page and other public pages paint first.
 */
export const HTTP_CLIENT = 'src/lib/http/request-client.ts';
/** A page: a lazily loaded module under a feature's routes/ folder. */
const PAGE_SOURCE = /^src\/features\/[^/]+\/routes\/[^/]+\.tsx$/;
/**
 * Pages that render without the signed-in shell (router.tsx). Any other page is measured with the shell,
 * so a new public page not listed here is over-counted, never under-counted.
 */
const PUBLIC_PAGES = [
  /^src\/features\/auth\//,
  /^src\/features\/registration\//,
  /^src\/features\/wechat\//,
  /^src\/features\/recharge\/routes\/(top-up|pay-result|sandbox-cashier)-page\.tsx$/,
];
/** Pages named by the address users know them by; the others by their source file. */
const PAGE_PATHS = {
  'src/features/auth/routes/login-page.tsx': '/login',
  'src/features/home/routes/home-page.tsx': '/user/index',
  'src/features/order/routes/create-order-page.tsx': '/user/orders/create',
};

/** Budgets in KiB of gzip (level 9) per page, and in chunks before the signed-in home page can paint. */
export const BUDGETS = {
  pages: { '/login': 180, '/user/index': 280, '/user/orders/create': 380 },
  /** Every page not named above. */
  otherPages: 300,
  chunks: { page: '/user/index', max: 30 },
};

/** The lazy chunks' keys matching `patterns`, one each; a pattern with no chunk stops the check. */
function lazyKeys(/** @type {Manifest} */ manifest, /** @type {RegExp[]} */ patterns) {
  return patterns.map((pattern) => {
    const key = Object.keys(manifest).find(
      (candidate) => manifest[candidate]?.isDynamicEntry && pattern.test(candidate),
    );
    if (!key) throw new Error(`No lazy chunk for ${pattern} in the manifest.`);
    return key;
  });
}

/** The entry chunks' keys and the default language's: what every page loads. */
export function startKeys(/** @type {Manifest} */ manifest) {
  const entries = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry && manifest[key].file.endsWith('.js'),
  );
  if (entries.length === 0) throw new Error('No JavaScript entry chunk in the manifest.');
  return [...entries, ...lazyKeys(manifest, DEFAULT_LANGUAGE)];
}

/** Every page of the build with the manifest keys of what it loads first. */
export function pagesOf(/** @type {Manifest} */ manifest) {
  const start = startKeys(manifest);
  const rest = lazyKeys(manifest, REST_OF_MESSAGES);
  for (const key of [SIGNED_IN_SHELL, HTTP_CLIENT])
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazy chunk in the manifest.`);
  const sources = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && PAGE_SOURCE.test(key))
    .sort();
  for (const source of Object.keys(PAGE_PATHS))
    if (!sources.includes(source)) throw new Error(`The page ${source} is not a lazy chunk in the manifest.`);
  /** @type {Page[]} */
  const pages = sources.map((source) => ({
    name: PAGE_PATHS[/** @type {keyof typeof PAGE_PATHS} */ (source)] ?? source,
    keys: [
      ...start,
      ...(FIRST_SCREENS.includes(source) ? [] : rest),
      ...(PUBLIC_PAGES.some((pattern) => pattern.test(source)) ? [] : [SIGNED_IN_SHELL, HTTP_CLIENT]),
      source,
    ],
  }));
  return { start, pages };
}

/** The chunk files for `keys` and, transitively, their static imports, each with the key that made it. */
export function staticClosure(/** @type {Manifest} */ manifest, /** @type {string[]} */ keys) {
  /** @type {Map<string, string>} file → manifest key */
  const files = new Map();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.set(chunk.file, key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Chunks whose static imports lead back to themselves, as `a → b → a` lines. The first-screen chunk groups
 * (vite.config.ts, `includeDependenciesRecursively: false`) rely on there being none: in a cycle, a chunk's
 * modules could run before the modules they use.
 */
export function importCycles(/** @type {Manifest} */ manifest) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {string[]} */
  const cycles = [];
  /** @param {string} key @param {string[]} path */
  const visit = (key, path) => {
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'open')
        cycles.push(
          [...path.slice(path.indexOf(imported)), imported].map((k) => manifest[k]?.file ?? k).join(' → '),
        );
      else if (!state.has(imported)) visit(imported, [...path, imported]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  return cycles;
}

export const gzipBytes = (/** @type {Uint8Array} */ content) => gzipSync(content, { level: 9 }).length;

/**
 * Gzip size of every page: `read(file)` answers a chunk's bytes (dist/ + file in the real build). Each
 * file is compressed once, however many pages load it.
 * @param {Manifest} manifest
 * @param {(file: string) => Uint8Array} read
 * @returns {{ start: PageWeight, pages: PageWeight[], cycles: string[] }}
 */
export function weighPages(manifest, read) {
  /** @type {Map<string, number>} */
  const sizes = new Map();
  /** @param {string} file */
  const sizeOf = (file) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = gzipBytes(read(file))));
    return size;
  };
  /** @param {string} name @param {string[]} keys @returns {PageWeight} */
  const weigh = (name, keys) => {
    const chunks = [...staticClosure(manifest, keys)].map(([file, key]) => ({
      file,
      key,
      gzip: sizeOf(file),
    }));
    chunks.sort((a, b) => b.gzip - a.gzip);
    return { name, gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0), chunks };
  };
  const { start, pages } = pagesOf(manifest);
  return {
    start: weigh('entry + zh-CN (every page)', start),
    pages: pages.map((page) => weigh(page.name, page.keys)),
    cycles: importCycles(manifest),
  };
}

export const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Pages still over their budget (issue 22) and the most they may weigh until they get under it, in KiB of
 * gzip: the figure when the check was written, rounded up, plus 1 KiB so a small change to shared code is not
 * stopped. The check fails when such a page grows past it,
 * so the debt cannot grow; lower a ceiling when a page gets lighter, and delete it once the page is within
 * its budget (the check then says so, see `staleCeilings`).
 * @type {Record<string, number>}
 */
export const CEILINGS = {
  'src/features/address/routes/address-book-page.tsx': 536,
  'src/features/api-docs/routes/api-document-page.tsx': 396,
  'src/features/api-docs/routes/api-test-page.tsx': 361,
  'src/features/end-data/routes/end-data-page.tsx': 501,
  'src/features/file/routes/file-management-page.tsx': 458,
  'src/features/finance/routes/bills-page.tsx': 491,
  'src/features/finance/routes/consumption-flow-page.tsx': 495,
  'src/features/messages/routes/message-list-page.tsx': 374,
  'src/features/order-import/routes/batch-create-page.tsx': 517,
  '/user/orders/create': 449,
  'src/features/order/routes/order-list-page.tsx': 538,
  'src/features/organization/routes/organization-page.tsx': 493,
  'src/features/recharge/routes/recharge-records-page.tsx': 533,
  'src/features/recharge/routes/top-up-page.tsx': 400,
  'src/features/registration/routes/prospect-page.tsx': 357,
  'src/features/registration/routes/register-page.tsx': 355,
  'src/features/user-center/routes/user-center-page.tsx': 526,
};

/** The budget of a page, in bytes. */
export function budgetOf(/** @type {string} */ name, budgets = BUDGETS) {
  const named = /** @type {Record<string, number>} */ (budgets.pages)[name];
  return (named ?? budgets.otherPages) * 1024;
}

/** What a page may weigh today, in bytes: its budget, or its ceiling while it is over budget. */
export function allowanceOf(/** @type {string} */ name, budgets = BUDGETS, ceilings = CEILINGS) {
  const ceiling = ceilings[name];
  return Math.max(budgetOf(name, budgets), ceiling === undefined ? 0 : ceiling * 1024);
}

/** Ceilings that are no longer needed (the page is within its budget) or name no page of the build. */
export function staleCeilings(/** @type {PageWeight[]} */ pages, budgets = BUDGETS, ceilings = CEILINGS) {
  return Object.keys(ceilings).filter((name) => {
    const page = pages.find((candidate) => candidate.name === name);
    return !page || page.gzip <= budgetOf(name, budgets);
  });
}

/**
 * Every budget a page breaks (or, for a page still over its budget, the ceiling it grew past), worded so a
 * failing test command says which page, by how much and which chunks weigh most, and any cycle among the
 * chunks' imports. An empty list means all is well.
 * @param {PageWeight[]} pages
 * @param {string[]} [cycles]
 * @param {Record<string, number>} [ceilings]
 */
export function budgetFailures(pages, budgets = BUDGETS, cycles = [], ceilings = CEILINGS, biggest = 5) {
  /** @type {string[]} */
  const failures = cycles.map((cycle) => `chunks import each other in a cycle: ${cycle}`);
  /** @param {PageWeight} page */
  const heaviest = (page) =>
    page.chunks
      .slice(0, biggest)
      .map((chunk) => `${chunk.file} ${kib(chunk.gzip)} (${chunk.key})`)
      .join(', ');
  for (const page of pages) {
    const budget = budgetOf(page.name, budgets);
    const allowance = allowanceOf(page.name, budgets, ceilings);
    if (page.gzip > allowance)
      failures.push(
        allowance > budget
          ? `${page.name}: ${kib(page.gzip)} of JavaScript (gzip) grew past its ceiling of ${kib(allowance)} (budget ${kib(budget)}) by ${kib(page.gzip - allowance)}; biggest chunks: ${heaviest(page)}`
          : `${page.name}: ${kib(page.gzip)} of JavaScript (gzip) is over its ${kib(budget)} budget by ${kib(page.gzip - budget)}; biggest chunks: ${heaviest(page)}`,
      );
  }
  const counted = pages.find((page) => page.name === budgets.chunks.page);
  if (!counted) failures.push(`${budgets.chunks.page}: not among the pages of the build`);
  else if (counted.chunks.length > budgets.chunks.max)
    failures.push(
      `${counted.name}: ${counted.chunks.length} JavaScript chunks before it can paint, over the budget of ${budgets.chunks.max}; biggest chunks: ${heaviest(counted)}`,
    );
  return failures;
}
