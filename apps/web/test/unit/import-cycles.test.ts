import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * No two modules of the web app depend on each other, not even through a type-only import or a lazy
 * import(): ESLint's import/no-cycle (eslint.config.js) does not follow type-only imports, so this
 * test covers them.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(name)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative specifiers of every `import … from`, `export … from`, `import '…'` and `import('…')`. */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found.filter((s) => s.startsWith('.'));
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find((c) => EXTENSIONS.includes(path.extname(c)) && safeIsFile(c)) ?? null;
}

function safeIsFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Every cycle's modules (strongly connected components of more than one module, or a self-import). */
function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  test('the cycle finder sees a type-only and a lazy import cycle', () => {
    const a = "import type { B } from './b';\nexport const a = 1;";
    const b = "export type B = number;\nexport const load = () => import('./a');";
    expect(importedSpecifiers(a)).toEqual(['./b']);
    expect(importedSpecifiers(b)).toEqual(['./a']);
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  test('apps/web/src has none', () => {
    const files = sourceFiles(SRC);
    const graph = new Map(
      files.map((file) => [
        path.relative(SRC, file),
        importedSpecifiers(readFileSync(file, 'utf8'))
          .map((s) => resolveImport(file, s))
          .filter((f): f is string => f !== null)
          .map((f) => path.relative(SRC, f)),
      ]),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(findCycles(graph)).toEqual([]);
  });
});
