import { LANGUAGES } from '@portal/contracts/languages';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/modules/open-api/open-api.document.ts';
import { openApiOperations } from '../../src/modules/open-api/open-api.operations.ts';

/**
 * The OpenAPI document is valid OpenAPI 3.1 in structure: every $ref resolves, every operation has a
 * unique operationId, a known tag and a 200 answer, and every example in it passes the very zod schema
 * the server validates that request or answer with.
 */

type Json = Record<string, unknown>;
const info = { name: 'Demo Portal', version: '1.2.3', serverUrl: 'https://portal.example.com' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every `$ref` anywhere in `value`. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  return found;
}

/** The target of a local JSON pointer (`#/components/…`), or undefined. */
function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined),
      document,
    );
}

describe('the OpenAPI document', () => {
  for (const language of LANGUAGES) {
    const document = buildOpenApiDocument(info, language) as unknown as Json & {
      paths: Record<string, Record<string, Json>>;
      tags: { name: string }[];
    };

    it(`is OpenAPI 3.1 with info, servers and the bearer scheme (${language})`, () => {
      expect(document.openapi).toBe('3.1.0');
      expect(document.info).toMatchObject({ version: '1.2.3' });
      expect((document.info as Json).title).toContain('Demo Portal');
      expect(document.servers).toEqual([{ url: info.serverUrl }]);
      expect(resolve(document, '#/components/securitySchemes/bearerAuth')).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });
      expect(document.security).toEqual([{ bearerAuth: [] }]);
    });

    it(`resolves every $ref (${language})`, () => {
      const all = refs(document);
      expect(all.length).toBeGreaterThan(0);
      for (const ref of all) expect(resolve(document, ref), ref).toBeDefined();
    });

    it(`gives every operation a unique operationId, a known tag, texts and a 200 answer (${language})`, () => {
      const ids = new Set<string>();
      const tags = new Set(document.tags.map((tag) => tag.name));
      for (const [path, item] of Object.entries(document.paths)) {
        expect(path.startsWith('/openapi/v1/')).toBe(true);
        for (const [method, operation] of Object.entries(item)) {
          expect(METHODS).toContain(method);
          const id = operation.operationId as string;
          expect(id, `${method} ${path}`).toMatch(/^[a-zA-Z]+$/);
          expect(ids.has(id)).toBe(false);
          ids.add(id);
          for (const tag of operation.tags as string[]) expect(tags.has(tag)).toBe(true);
          for (const text of [operation.summary, operation.description] as string[]) {
            expect(text.length).toBeGreaterThan(0);
            expect(text).not.toMatch(/^openApi\./);
          }
          expect((operation.responses as Json)['200']).toBeDefined();
          // Every `{param}` of the path is declared as a path parameter.
          const declared = (operation.parameters as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
          expect(declared.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        }
      }
      expect([...ids].sort()).toEqual(openApiOperations.map((op) => op.operationId).sort());
    });

    it(`has examples that the server's own zod schemas accept (${language})`, () => {
      for (const operation of openApiOperations) {
        const documented = document.paths[operation.path]![operation.method.toLowerCase()]!;
        const where = operation.operationId;
        if (operation.body) {
          const example = ((documented.requestBody as Json).content as Record<string, Json>)[
            'application/json'
          ]!.example;
          expect(example, where).toBeDefined();
          const parsed = operation.body.safeParse(example);
          expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
        for (const parameter of documented.parameters as Json[]) {
          if (parameter.in === 'path') {
            const parsed = operation.params!.safeParse({ [parameter.name as string]: parameter.example });
            expect(parsed.success, where).toBe(true);
          }
        }
        if (operation.query) {
          const query = Object.fromEntries(
            (documented.parameters as Json[])
              .filter((p) => p.in === 'query' && p.example !== undefined)
              .map((p) => [p.name, String(p.example)]),
          );
          expect(operation.query.safeParse(query).success, where).toBe(true);
        }
        const ok = ((documented.responses as Json)['200'] as Json).content as Record<string, Json>;
        if (operation.response.kind === 'pdf') {
          expect(Object.keys(ok)).toEqual(['application/pdf']);
          continue;
        }
        const envelope = ok['application/json']!.example as Json;
        expect(envelope).toMatchObject({ code: 200, success: true });
        const parsed = operation.response.data.safeParse(envelope.data);
        expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    });
  }

  it('refuses an example that breaks its schema (the check above can fail)', () => {
    const create = openApiOperations.find((op) => op.operationId === 'createOrder')!;
    const broken = { ...(create.bodyExample as Json), parcels: [] };
    expect(create.body!.safeParse(broken).success).toBe(false);
  });
});
