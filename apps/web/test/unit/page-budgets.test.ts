import { describe, expect, test } from 'vitest';
import {
  BUDGETS,
  budgetFailures,
  importCycles,
  pagesOf,
  staleCeilings,
  weighPages,
  type Manifest,
} from '../../build/page-weight.mjs';

const KIB = 1024;

/** Bytes that gzip cannot shrink (a fixed pseudo-random sequence), so a chunk weighs what the test says. */
function incompressible(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/**
 * A build as Vite's manifest describes it: the entry, the zh-CN pack, the shell, the HTTP client, and the
 * pages with the chunks they import. `sizes` gives each file's weight in KiB.
 */
function fakeBuild(sizes: Record<string, number>, extra: Manifest = {}) {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/locales/zh-CN.ts?start': { file: 'assets/zh-CN.js', isDynamicEntry: true },
    'src/locales/zh-CN.ts?rest': { file: 'assets/zh-CN-rest.js', isDynamicEntry: true },
    '../../node_modules/antd/es/locale/zh_CN.js': { file: 'assets/antd-zh_CN.js', isDynamicEntry: true },
    '../../node_modules/dayjs/locale/zh-cn.js': { file: 'assets/dayjs-zh-cn.js', isDynamicEntry: true },
    'src/app/private-area.tsx': {
      file: 'assets/private-area.js',
      isDynamicEntry: true,
      imports: ['_shell.js'],
    },
    '_shell.js': { file: 'assets/shell.js', imports: ['index.html'] },
    'src/lib/http/request-client.ts': { file: 'assets/request-client.js', isDynamicEntry: true },
    'src/features/auth/routes/login-page.tsx': {
      file: 'assets/login-page.js',
      isDynamicEntry: true,
      imports: ['index.html'],
      // A tab the page loads after it has painted: not counted.
      dynamicImports: ['src/features/auth/components/sms-login-form.tsx'],
    },
    'src/features/auth/components/sms-login-form.tsx': { file: 'assets/sms.js', isDynamicEntry: true },
    'src/features/home/routes/home-page.tsx': {
      file: 'assets/home-page.js',
      isDynamicEntry: true,
      imports: ['_shell.js'],
    },
    'src/features/order/routes/create-order-page.tsx': {
      file: 'assets/create-order-page.js',
      isDynamicEntry: true,
      imports: ['_form.js'],
    },
    '_form.js': { file: 'assets/form.js' },
    'src/features/order/routes/order-list-page.tsx': {
      file: 'assets/order-list-page.js',
      isDynamicEntry: true,
      imports: ['_table.js'],
    },
    '_table.js': { file: 'assets/table.js' },
    ...extra,
  };
  const files = Object.values(manifest).map((chunk) => chunk.file);
  const content = new Map(
    files.map((file, index) => [file, incompressible(Math.round((sizes[file] ?? 1) * KIB), index + 1)]),
  );
  const read = (file: string) => {
    const bytes = content.get(file);
    if (!bytes) throw new Error(`no such file ${file}`);
    return bytes;
  };
  return { manifest, read };
}

const page = (weights: ReturnType<typeof weighPages>, name: string) => {
  const found = weights.pages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no page ${name}`);
  return found;
};

describe('what a page loads before it paints', () => {
  const { manifest } = fakeBuild({});

  test('the sign-in page: entry, zh-CN first part and its own chunk, not the shell, the HTTP client, the rest of the messages or its tabs', () => {
    const login = pagesOf(manifest).pages.find((candidate) => candidate.name === '/login');
    expect(login?.keys).toEqual([
      'index.html',
      'src/locales/zh-CN.ts?start',
      '../../node_modules/antd/es/locale/zh_CN.js',
      'src/features/auth/routes/login-page.tsx',
    ]);
  });

  test('a signed-in page also waits for the shell and the HTTP client; others are named by their file', () => {
    const { pages } = pagesOf(manifest);
    expect(pages.map((candidate) => candidate.name)).toEqual([
      '/login',
      '/user/index',
      '/user/orders/create',
      'src/features/order/routes/order-list-page.tsx',
    ]);
    const home = pages.find((candidate) => candidate.name === '/user/index')?.keys;
    expect(home).toEqual(
      expect.arrayContaining(['src/app/private-area.tsx', 'src/lib/http/request-client.ts']),
    );
    expect(home).not.toContain('src/locales/zh-CN.ts?rest');
    // Any other page renders once all the messages (and dayjs's locale) are there.
    expect(pages.find((candidate) => candidate.name === '/user/orders/create')?.keys).toEqual(
      expect.arrayContaining(['src/locales/zh-CN.ts?rest', '../../node_modules/dayjs/locale/zh-cn.js']),
    );
  });

  test('a build without one of the budgeted pages is refused, not measured as if it were light', () => {
    const { 'src/features/order/routes/create-order-page.tsx': _gone, ...rest } = manifest;
    expect(() => pagesOf(rest)).toThrow(/create-order-page\.tsx/);
  });
});

describe('budgets', () => {
  test('pages within their budgets pass', () => {
    const { manifest, read } = fakeBuild({
      'assets/index.js': 60,
      'assets/react.js': 60,
      'assets/shell.js': 40,
    });
    const weights = weighPages(manifest, read);
    expect(budgetFailures(weights.pages, BUDGETS, weights.cycles)).toEqual([]);
    // Each file counted once per page, by its gzip size.
    const login = page(weights, '/login');
    expect(login.chunks.map((chunk) => chunk.file).sort()).toEqual(
      [
        'assets/antd-zh_CN.js',
        'assets/index.js',
        'assets/login-page.js',
        'assets/react.js',
        'assets/zh-CN.js',
      ].sort(),
    );
    expect(login.gzip / KIB).toBeGreaterThan(123);
    expect(login.gzip / KIB).toBeLessThan(126);
  });

  test('a page over its budget fails, naming the page, its figure, the budget and its biggest chunks', () => {
    const { manifest, read } = fakeBuild({
      'assets/index.js': 60,
      'assets/react.js': 60,
      'assets/login-page.js': 75,
    });
    const weights = weighPages(manifest, read);
    const failures = budgetFailures(weights.pages, BUDGETS, weights.cycles, {});
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^\/login: 19\d\.\d KiB of JavaScript \(gzip\) is over its 180\.0 KiB budget by/,
    );
    expect(failures[0]).toMatch(
      /biggest chunks: assets\/login-page\.js 75\.\d KiB \(src\/features\/auth\/routes\/login-page\.tsx\)/,
    );
  });

  test('the budget of a page not named is the common one', () => {
    const { manifest, read } = fakeBuild({ 'assets/index.js': 100, 'assets/table.js': 220 });
    const failures = budgetFailures(weighPages(manifest, read).pages, BUDGETS, [], {});
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^src\/features\/order\/routes\/order-list-page\.tsx: .* over its 300\.0 KiB budget/,
    );
  });

  test('too many chunks before the home page can paint fail, even when their bytes fit', () => {
    const small: Manifest = {};
    const names = Array.from({ length: 30 }, (_, index) => `_small-${index}.js`);
    for (const name of names) small[name] = { file: `assets/${name.slice(1)}` };
    const { manifest, read } = fakeBuild({}, small);
    manifest['src/features/home/routes/home-page.tsx']!.imports = ['_shell.js', ...names];
    const failures = budgetFailures(weighPages(manifest, read).pages, BUDGETS, [], {});
    expect(failures).toEqual([
      expect.stringMatching(
        /^\/user\/index: 38 JavaScript chunks before it can paint, over the budget of 30/,
      ),
    ]);
  });

  test('chunks importing each other in a cycle fail', () => {
    const { manifest, read } = fakeBuild({});
    manifest['_shell.js']!.imports = ['index.html', 'src/app/private-area.tsx'];
    const weights = weighPages(manifest, read);
    expect(importCycles(manifest)).toEqual([
      'assets/private-area.js → assets/shell.js → assets/private-area.js',
    ]);
    expect(budgetFailures(weights.pages, BUDGETS, weights.cycles, {})).toEqual([
      expect.stringMatching(/^chunks import each other in a cycle: /),
    ]);
  });

  test('a page still over its budget is held at its ceiling: it passes below it and fails when it grows past', () => {
    const { manifest, read } = fakeBuild({
      'assets/index.js': 60,
      'assets/react.js': 60,
      'assets/login-page.js': 75,
    });
    const pages = weighPages(manifest, read).pages;
    expect(budgetFailures(pages, BUDGETS, [], { '/login': 200 })).toEqual([]);
    expect(staleCeilings(pages, BUDGETS, { '/login': 200 })).toEqual([]);
    const failures = budgetFailures(pages, BUDGETS, [], { '/login': 190 });
    expect(failures).toEqual([
      expect.stringMatching(
        /^\/login: 19\d\.\d KiB of JavaScript \(gzip\) grew past its ceiling of 190\.0 KiB \(budget 180\.0 KiB\)/,
      ),
    ]);
  });

  test('a ceiling for a page now within its budget, or for no page, is reported as stale', () => {
    const { manifest, read } = fakeBuild({});
    const pages = weighPages(manifest, read).pages;
    expect(staleCeilings(pages, BUDGETS, { '/login': 200, '/gone': 300 })).toEqual(['/login', '/gone']);
  });
});
