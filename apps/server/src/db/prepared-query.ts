import { createQueryId, type CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.ts';

/** Stands for an argument while the query is compiled; never a value a caller could send (a NUL). */
const SLOT_PREFIX = '\u0000prepared-query-slot:';

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  /** The compiled parameters, constants as compiled and a null where an argument goes. */
  parameters: unknown[];
  /** Positions in `parameters` and the argument each one takes. */
  slots: Array<[position: number, argument: string]>;
}

/**
 * A query built and compiled by Kysely once per database (and so per dialect) instead of on every call:
 * each call copies the compiled SQL and puts its arguments into the parameter list. Building and compiling
 * a join costs about as much as running it on SQLite, and the session check runs on every request.
 *
 * `build` receives placeholders for the arguments and must use each one only as a whole value
 * (`where('id', '=', args.id)`, `limit(args.limit)`), never look at it or build another value from it;
 * compiling fails loudly otherwise. A query whose shape depends on the arguments needs one prepared query
 * per shape. Calls inside a transaction compile for that transaction, as a plain query would.
 */
export function preparedQuery<Args extends object, Row>(
  argumentNames: readonly (keyof Args & string)[],
  build: (db: Db, args: Args) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  const templates = new WeakMap<Db, Template>();
  const compile = (db: Db): Template => {
    const placeholders = Object.fromEntries(argumentNames.map((name) => [name, SLOT_PREFIX + name]));
    const compiled = build(db, placeholders as Args).compile();
    const slots: Template['slots'] = [];
    const parameters = compiled.parameters.map((value, position) => {
      if (typeof value !== 'string' || !value.includes(SLOT_PREFIX)) return value;
      const name = value.slice(SLOT_PREFIX.length);
      if (!value.startsWith(SLOT_PREFIX) || !(argumentNames as readonly string[]).includes(name))
        throw new Error(`preparedQuery: an argument was built into another value (${JSON.stringify(value)})`);
      slots.push([position, name]);
      return null;
    });
    for (const name of argumentNames) {
      if (!slots.some(([, argument]) => argument === name))
        throw new Error(`preparedQuery: argument "${name}" is not a parameter of the compiled query`);
    }
    return { sql: compiled.sql, query: compiled.query, parameters, slots };
  };
  return async (db, args) => {
    let template = templates.get(db);
    if (!template) {
      template = compile(db);
      templates.set(db, template);
    }
    const parameters = template.parameters.slice();
    for (const [position, name] of template.slots)
      parameters[position] = (args as Record<string, unknown>)[name];
    const result = await db.executeQuery<Row>({
      sql: template.sql,
      query: template.query,
      parameters,
      queryId: createQueryId(),
    });
    return result.rows;
  };
}
