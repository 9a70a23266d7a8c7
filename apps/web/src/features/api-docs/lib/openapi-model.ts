/**
 * The part of OpenAPI 3.1 the open API's document uses, and the steps the document and test pages take
 * from it: operations grouped by tag, schemas as nested field rows, examples. Pure, so it is unit-tested
 * on a fixture document; no doc renderer library (swagger-ui, redoc) is pulled into the bundle.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  name?: string;
  in?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>> & { parameters?: Parameter[] }>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, SecurityScheme>;
    responses?: Record<string, ResponseObject>;
  };
  security?: Record<string, string[]>[];
  /** Vendor extension some documents carry: the error codes an answer's `code` field may hold. */
  'x-error-codes'?: ErrorCodeEntry[];
}

export interface ErrorCodeEntry {
  code: string | number;
  status?: number;
  description?: string;
}

/** One operation as the pages use it: where it is, what it does, and an id usable as an anchor. */
export interface ApiOperation {
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: OperationObject['requestBody'];
  responses: Record<string, ResponseObject>;
  isSecured: boolean;
}

export interface OperationGroup {
  tag: string;
  /** What the page calls the group: a short tag description is its display name (`orders` → 订单). */
  label: string;
  description?: string;
  operations: ApiOperation[];
}

/** An id safe for an element id and a URL fragment. */
export function anchorOf(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'op';
}

/** `#/components/schemas/X` (and any other local pointer) resolved; unknown pointers give null. */
export function resolvePointer<T = unknown>(doc: OpenApiDocument, ref: string): T | null {
  if (!ref.startsWith('#/')) return null;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return node as T;
}

/** A schema with its `$ref` followed (a chain of refs too; a cycle stops at the first repeat). */
export function deref(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  const seen = new Set<string>();
  while (current.$ref && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const target = resolvePointer<JsonSchema>(doc, current.$ref);
    if (!target) break;
    // Siblings of $ref (OpenAPI 3.1 allows a description beside it) win over the target's.
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** Every operation of the document, grouped by its first tag in the document's tag order. */
export function groupOperations(doc: OpenApiDocument, untaggedLabel = 'default'): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const tag of doc.tags ?? []) {
    const isName = !!tag.description && tag.description.length <= 40 && !tag.description.includes('\n');
    groups.set(tag.name, {
      tag: tag.name,
      label: isName ? tag.description! : tag.name,
      description: isName ? undefined : tag.description,
      operations: [],
    });
  }
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? untaggedLabel;
      if (!groups.has(tag)) groups.set(tag, { tag, label: tag, operations: [] });
      let id = anchorOf(operation.operationId ?? `${method}-${path}`);
      while (usedIds.has(id)) id = `${id}-1`;
      usedIds.add(id);
      const security = operation.security ?? doc.security ?? [];
      groups.get(tag)!.operations.push({
        id,
        method,
        path,
        tag,
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description,
        parameters: mergeParameters(doc, item.parameters ?? [], operation.parameters ?? []),
        requestBody: operation.requestBody,
        responses: operation.responses ?? {},
        isSecured: security.some((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Path-level parameters with the operation's own overriding those of the same name and place. */
function mergeParameters(doc: OpenApiDocument, shared: Parameter[], own: Parameter[]): Parameter[] {
  const resolve = (p: Parameter) =>
    '$ref' in p ? (resolvePointer<Parameter>(doc, (p as { $ref: string }).$ref) ?? p) : p;
  const result = new Map<string, Parameter>();
  for (const parameter of [...shared, ...own].map(resolve))
    result.set(`${parameter.in}:${parameter.name}`, parameter);
  return [...result.values()];
}

/** The JSON media type of a content map (`application/json` first, then any `+json`). */
export function jsonMedia(content: Record<string, MediaType> | undefined): MediaType | undefined {
  if (!content) return undefined;
  return (
    content['application/json'] ?? Object.entries(content).find(([type]) => /[/+]json\b/.test(type))?.[1]
  );
}

/** The type words of a schema: `string`, `integer`, `array<object>`, `string | null`. */
export function typeLabel(doc: OpenApiDocument, input: JsonSchema | undefined): string {
  const schema = deref(doc, input);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeLabel(doc, variant)).join(' | ');
  if (schema.allOf) return schema.allOf.map((part) => typeLabel(doc, part)).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.properties) types.push('object');
    else if (schema.enum) types.push(typeof schema.enum[0] === 'number' ? 'number' : 'string');
    else if (schema.const !== undefined) types.push(typeof schema.const);
    else return 'any';
  }
  const words = types.map((type) => {
    if (type === 'array') return `array<${typeLabel(doc, schema.items)}>`;
    return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
  });
  if (schema.nullable && !types.includes('null')) words.push('null');
  return words.join(' | ');
}

/** Limits of a value in a compact, language-neutral notation: `1–64 chars`, `≥ 0`, `≤ 500 items`. */
export interface Limit {
  kind: 'length' | 'range' | 'items' | 'pattern';
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
  pattern?: string;
}

export function limitsOf(doc: OpenApiDocument, input: JsonSchema | undefined): Limit[] {
  const schema = deref(doc, input);
  const limits: Limit[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    limits.push({ kind: 'length', min: schema.minLength, max: schema.maxLength });
  const min = schema.exclusiveMinimum ?? schema.minimum;
  const max = schema.exclusiveMaximum ?? schema.maximum;
  if (min !== undefined || max !== undefined)
    limits.push({
      kind: 'range',
      min,
      max,
      exclusiveMin: schema.exclusiveMinimum !== undefined,
      exclusiveMax: schema.exclusiveMaximum !== undefined,
    });
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    limits.push({ kind: 'items', min: schema.minItems, max: schema.maxItems });
  if (schema.pattern) limits.push({ kind: 'pattern', pattern: schema.pattern });
  // A nullable union (`X | null`) carries its limits on X.
  for (const variant of schema.anyOf ?? schema.oneOf ?? [])
    if (deref(doc, variant).type !== 'null') limits.push(...limitsOf(doc, variant));
  return limits;
}

/** The allowed values of an enum or const (of the non-null variant of a nullable union too). */
export function enumValuesOf(doc: OpenApiDocument, input: JsonSchema | undefined): unknown[] {
  const schema = deref(doc, input);
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  const variants = schema.anyOf ?? schema.oneOf ?? [];
  // A union of constants (`'a' | 'b'`) is an enum too.
  if (variants.length > 0 && variants.every((v) => deref(doc, v).const !== undefined || deref(doc, v).enum))
    return variants.flatMap((v) => enumValuesOf(doc, v));
  return variants.filter((v) => deref(doc, v).type !== 'null').flatMap((v) => enumValuesOf(doc, v));
}

/** One row of a field table; `children` are the fields of an object (or of an array's items). */
export interface FieldRow {
  key: string;
  name: string;
  type: string;
  isRequired: boolean;
  limits: Limit[];
  enumValues: unknown[];
  description?: string;
  defaultValue?: unknown;
  children?: FieldRow[];
}

/** The object schema whose fields describe a value: itself, an array's items, a nullable union's object. */
function objectPartOf(doc: OpenApiDocument, input: JsonSchema | undefined, depth = 0): JsonSchema | null {
  if (depth > 8) return null;
  const schema = deref(doc, input);
  if (schema.properties) return schema;
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => objectPartOf(doc, part, depth + 1)).filter((p) => p !== null);
    if (parts.length === 0) return null;
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (schema.items) return objectPartOf(doc, schema.items, depth + 1);
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const part = objectPartOf(doc, variant, depth + 1);
    if (part) return part;
  }
  return null;
}

/**
 * The fields of an object schema as nested rows (an array of objects nests its items' fields). A schema
 * met again inside itself (a recursive $ref) stops there, so a cycle cannot hang the page.
 */
export function fieldRows(
  doc: OpenApiDocument,
  input: JsonSchema | undefined,
  parentKey = '',
  seen: ReadonlySet<string> = new Set(),
): FieldRow[] {
  const ref = input?.$ref;
  if (ref && seen.has(ref)) return [];
  const nextSeen = ref ? new Set([...seen, ref]) : seen;
  const object = objectPartOf(doc, input);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) => {
    const key = parentKey ? `${parentKey}.${name}` : name;
    const resolved = deref(doc, property);
    const children = fieldRows(doc, property, key, nextSeen);
    return {
      key,
      name,
      type: typeLabel(doc, property),
      isRequired: required.has(name),
      limits: limitsOf(doc, property),
      enumValues: enumValuesOf(doc, property),
      description: resolved.description ?? resolved.title,
      defaultValue: resolved.default,
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/**
 * An example value for a schema: its own example, else one built from its shape (the first enum value,
 * the default, the minimum, a typed placeholder), so every operation has a body to start from.
 */
export function exampleOf(doc: OpenApiDocument, input: JsonSchema | undefined, depth = 0): unknown {
  const schema = deref(doc, input);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (depth > 8) return null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const first = variants.find((v) => deref(doc, v).type !== 'null') ?? variants[0];
    return exampleOf(doc, first, depth + 1);
  }
  const object = objectPartOf(doc, schema);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0] ?? (object ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(object?.properties ?? {}))
        result[name] = exampleOf(doc, property, depth + 1);
      return result;
    }
    case 'array':
      return [exampleOf(doc, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? schema.exclusiveMinimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'string';
    default:
      return null;
  }
}

/** The example of a media type: its own, its first named example, else one built from its schema. */
export function mediaExample(doc: OpenApiDocument, media: MediaType | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const named = Object.values(media.examples ?? {})[0];
  if (named?.value !== undefined) return named.value;
  return exampleOf(doc, media.schema);
}

/** The example of a parameter, as text for an input: its own example, else its schema's. */
export function parameterExample(doc: OpenApiDocument, parameter: Parameter): string {
  const value = parameter.example ?? exampleOf(doc, parameter.schema);
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The Bearer scheme the document declares, if any (the test page and the authentication section use it). */
export function bearerScheme(doc: OpenApiDocument): SecurityScheme | null {
  return (
    Object.values(doc.components?.securitySchemes ?? {}).find(
      (scheme) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer',
    ) ?? null
  );
}

const takesIdempotencyKey = (operation: Pick<ApiOperation, 'parameters'>) =>
  operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');

/**
 * Whether an operation is a create that takes an Idempotency-Key: the ones that declare the header; in a
 * document that declares it nowhere, every POST.
 */
export function isCreateOperation(
  operation: Pick<ApiOperation, 'method' | 'parameters'>,
  all: readonly Pick<ApiOperation, 'parameters'>[] = [],
): boolean {
  if (takesIdempotencyKey(operation)) return true;
  return operation.method === 'post' && !all.some(takesIdempotencyKey);
}

/**
 * A query parameter's hint for an empty input: what the document itself says (its example, default or
 * allowed values), never a made-up placeholder such as "string".
 */
export function parameterHint(doc: OpenApiDocument, parameter: Parameter): string {
  const schema = deref(doc, parameter.schema);
  const value = parameter.example ?? schema.example ?? schema.examples?.[0] ?? schema.default;
  if (value !== undefined && value !== null) return typeof value === 'string' ? value : JSON.stringify(value);
  return enumValuesOf(doc, parameter.schema).map(String).join(' | ');
}
