import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import zhTW from '../../src/locales/zh-TW';
import { START_MESSAGES, isStartMessage, splitMessages } from '../../src/lib/i18n/start-messages';

const SRC = path.resolve(import.meta.dirname, '../../src');
/** The first screens: the entry and the chunks that render without the rest of the messages. */
const FIRST_SCREENS = [
  'main.tsx',
  'features/auth/routes/login-page.tsx',
  'app/private-area.tsx',
  'features/home/routes/home-page.tsx',
];
const SECTIONS = Object.keys(zhCN);

/** A module's static imports of the app's own files (type-only imports and `import()` excluded). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, specifier] of code.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'(\.[^']+)'/g,
  )) {
    const base = path.resolve(path.dirname(file), specifier!);
    const resolved = [`${base}.ts`, `${base}.tsx`, base].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Every app module the first screens load with them. */
function firstScreenModules(): string[] {
  const seen = new Set<string>();
  const queue = FIRST_SCREENS.map((file) => path.join(SRC, file));
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next) || next.includes(`${path.sep}locales${path.sep}`)) continue;
    seen.add(next);
    queue.push(...staticImports(next));
  }
  return [...seen];
}

/**
 * The message keys a module names: quoted texts that start with a section of the language files
 * (`'route.index'`, `t('login.title')`, `` t(`orderStatus.${status}`) `` as `orderStatus`).
 */
function keysNamedIn(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const whole = [...code.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)['"`]/g)].map(([, key]) => key!);
  const prefixes = [...code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)*)\.\$\{/g)].map(([, key]) => key!);
  return [...whole, ...prefixes].filter((key) => SECTIONS.includes(key.split('.')[0]!));
}

const leafKeys = (node: unknown, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
        leafKeys(value, prefix ? `${prefix}.${key}` : key),
      );

describe('the first screens’ messages', () => {
  test('every key a first-screen module names loads with the entry', () => {
    const modules = firstScreenModules();
    // The walk reaches the shell's layout and the home page's cards, not only the four roots.
    expect(modules.some((file) => file.endsWith(path.join('app', 'layouts', 'app-shell.tsx')))).toBe(true);
    expect(modules.some((file) => file.endsWith(path.join('home', 'components', 'welcome-banner.tsx')))).toBe(
      true,
    );
    const missing = modules.flatMap((file) =>
      keysNamedIn(file)
        .filter((key) => !isStartMessage(key))
        .map((key) => `${path.relative(SRC, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  test('every path of START_MESSAGES names messages that exist', () => {
    const keys = leafKeys(zhCN);
    for (const start of START_MESSAGES)
      expect(
        keys.some((key) => key === start || key.startsWith(`${start}.`)),
        start,
      ).toBe(true);
  });

  test.each([
    ['zh-CN', zhCN],
    ['en-US', enUS],
    ['zh-TW', zhTW],
  ])(
    '%s: the two parts hold every message once, the start part only what START_MESSAGES names',
    (_, messages) => {
      const [start, rest] = splitMessages(messages);
      const startKeys = leafKeys(start);
      const restKeys = leafKeys(rest);
      expect(startKeys.every((key) => isStartMessage(key))).toBe(true);
      expect(restKeys.some((key) => isStartMessage(key))).toBe(false);
      expect([...startKeys, ...restKeys].sort()).toEqual(leafKeys(messages).sort());
      expect(startKeys.length).toBeLessThan(restKeys.length / 2);
    },
  );
});
