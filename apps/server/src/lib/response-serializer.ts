import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * How answers are checked against their route's response schema before they are written:
 * - `types` (production): the answer is copied into the schema's shape — only the keys the schema
 *   declares, in its order, exactly what zod's output holds — checking each value's type (string,
 *   finite number, integer, boolean, null, enum member, array, object) on the way; a mismatch is a 500.
 *   String lengths, formats and refinements are not checked again on the way out.
 * - `full` (tests): zod checks everything, as fastify-type-provider-zod does, and the copy must give
 *   the same bytes, so every answer the test suites produce also proves the fast path right.
 * A schema with anything the copy does not understand (unions, transforms, records, defaults, passthrough
 * objects…) always goes through zod.
 */
export type ResponseCheck = 'types' | 'full';

/** Copies a value into a schema's shape, throwing ShapeMismatch on a wrong type. */
type Projection = (value: unknown) => unknown;

class ShapeMismatch extends Error {}
class Unsupported extends Error {}

const mismatch = (expected: string, value: unknown): never => {
  throw new ShapeMismatch(`expected ${expected}, got ${value === null ? 'null' : typeof value}`);
};

interface ZodDef {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  element?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  checks?: Array<{ _zod: { def: { check?: string; format?: string } } }>;
  format?: string;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as ZodDef;

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);
const isIntegerSchema = (def: ZodDef) =>
  INTEGER_FORMATS.has(def.format ?? '') ||
  (def.checks ?? []).some((check) => INTEGER_FORMATS.has(check._zod.def.format ?? ''));

function compile(schema: $ZodType, compiled: Map<$ZodType, Projection>): Projection {
  const known = compiled.get(schema);
  if (known) return known;
  // Recursive schemas (a tree node whose children are nodes) meet themselves while compiling.
  const late: { project?: Projection } = {};
  compiled.set(schema, (value) => late.project!(value));
  late.project = build(schema, compiled);
  compiled.set(schema, late.project);
  return late.project;
}

function build(schema: $ZodType, compiled: Map<$ZodType, Projection>): Projection {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : mismatch('a string', value));
    case 'number':
      return isIntegerSchema(def)
        ? (value) => (Number.isSafeInteger(value) ? value : mismatch('an integer', value))
        : (value) =>
            typeof value === 'number' && Number.isFinite(value) ? value : mismatch('a number', value);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : mismatch('a boolean', value));
    case 'null':
      return (value) => (value === null ? value : mismatch('null', value));
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return (value) => (allowed.has(value) ? value : mismatch(`one of ${[...allowed].join(', ')}`, value));
    }
    case 'nullable': {
      const inner = compile(def.innerType!, compiled);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType!, compiled);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'readonly':
      return compile(def.innerType!, compiled);
    case 'array': {
      const element = compile(def.element!, compiled);
      return (value) =>
        Array.isArray(value) ? value.map((item) => element(item)) : mismatch('an array', value);
    }
    case 'object': {
      // Unknown keys are dropped (zod's default); passthrough and strict objects go through zod.
      if (def.catchall) throw new Unsupported();
      const entries = Object.entries(def.shape!);
      // An object literal would set the prototype instead of a `__proto__` key.
      if (entries.some(([key]) => key === '__proto__')) throw new Unsupported();
      const projections = entries.map(([, field]) => compile(field, compiled));
      return objectProjection(entries, projections);
    }
    default:
      throw new Unsupported();
  }
}

/** A check of a field's value written inline for the common primitive fields, else a call. */
function fieldCheck(field: $ZodType, index: number): string {
  let def = defOf(field);
  const nullable = def.type === 'nullable';
  if (nullable) def = defOf(def.innerType!);
  const orNull = nullable ? ' || v === null' : '';
  const check = (test: string, expected: string) => `${test}${orNull} ? v : mismatch('${expected}', v)`;
  if (def.type === 'string') return check(`typeof v === 'string'`, 'a string');
  if (def.type === 'boolean') return check(`typeof v === 'boolean'`, 'a boolean');
  if (def.type === 'number')
    return isIntegerSchema(def)
      ? check('Number.isSafeInteger(v)', 'an integer')
      : check(`typeof v === 'number' && Number.isFinite(v)`, 'a number');
  return `projections[${index}](v)`;
}

/**
 * An object's copy as one generated function returning an object literal of the schema's keys in its
 * order (a fixed shape, the fastest object V8 can build), with the primitive checks inline. The keys are
 * JSON string literals of the schema's own keys, never data. On a mismatch the fields are checked again
 * one by one to name the one at fault.
 */
function objectProjection(entries: Array<[string, $ZodType]>, projections: Projection[]): Projection {
  const properties = entries.map(
    ([key, field], index) =>
      `${JSON.stringify(key)}: (v = source[${JSON.stringify(key)}], ${fieldCheck(field, index)})`,
  );
  const copy = new Function(
    'projections',
    'mismatch',
    `return (source) => { let v; return { ${properties.join(', ')} }; };`,
  )(projections, mismatch) as (source: unknown) => unknown;
  const nameTheField = (source: Record<string, unknown>) => {
    entries.forEach(([key], index) => {
      try {
        projections[index]!(source[key]);
      } catch (error) {
        if (error instanceof ShapeMismatch) error.message = `${key}: ${error.message}`;
        throw error;
      }
    });
  };
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) mismatch('an object', value);
    try {
      return copy(value);
    } catch (error) {
      if (error instanceof ShapeMismatch) nameTheField(value as Record<string, unknown>);
      throw error;
    }
  };
}

/** The projection of a response schema, or undefined when it holds something only zod can handle. */
export function compileProjection(schema: $ZodType): Projection | undefined {
  try {
    return compile(schema, new Map());
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

const resolveSchema = (schema: unknown): $ZodType | undefined => {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
};

/** Fastify's serializer compiler for the response schemas of every route (see ResponseCheck). */
export function responseSerializerCompiler(check: ResponseCheck): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const zodSerialize = zodSerializerCompiler(routeSchema as never) as (data: unknown) => string;
    const schema = resolveSchema(routeSchema.schema);
    const project = schema && compileProjection(schema);
    if (!project) return zodSerialize;
    const { method, url } = routeSchema;
    const fast = (data: unknown) => {
      try {
        return JSON.stringify(project(data));
      } catch (error) {
        // A 500 for the caller, like zod's own refusal; the log names the route and the field.
        if (error instanceof ShapeMismatch)
          throw new Error(`${method} ${url}: the answer does not match its schema: ${error.message}`);
        throw error;
      }
    };
    if (check === 'types') return fast;
    return (data: unknown) => {
      const expected = zodSerialize(data);
      const copied = fast(data);
      if (copied !== expected)
        throw new Error(
          `${method} ${url}: the fast response copy differs from zod's: ${copied} ≠ ${expected}`,
        );
      return expected;
    };
  };
}
