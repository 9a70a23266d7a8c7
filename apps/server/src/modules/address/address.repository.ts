import type { AddressFilter, AddressType } from '@portal/contracts/address';
import { sql, type Insertable, type Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { AddressesTable } from '../../db/schema.ts';

/** SQL of the address book. Every statement is scoped to the caller's customer. */

export type AddressRow = AddressesTable;

/** The columns an answer shows: all but the owner and the search text (`toAddress` in the service). */
const ANSWER_COLUMNS = [
  'id',
  'address_type',
  'name',
  'company',
  'phone',
  'email',
  'country_code',
  'province',
  'province_code',
  'city',
  'city_code',
  'district',
  'district_code',
  'postal_code',
  'address_line1',
  'address_line2',
  'address_line3',
  'house_number',
  'tax_id',
  'is_default',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof AddressRow)[];
export type AddressAnswerRow = Pick<AddressRow, (typeof ANSWER_COLUMNS)[number]>;
export type NewAddressRow = Insertable<AddressesTable>;

/** Rows per INSERT: 500 × 25 columns stays well under both engines' bound-parameter limits. */
const INSERT_CHUNK = 500;

const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** A filter's values as SQL parameters; an absent filter is absent here too. */
interface FilterValues {
  customerId: string;
  addressType?: AddressType;
  countryCode?: string;
  /** The keyword as a LIKE pattern. */
  pattern?: string;
}

function filterValues(customerId: string, filter: AddressFilter): FilterValues {
  const values: FilterValues = { customerId };
  if (filter.addressType) values.addressType = filter.addressType;
  if (filter.countryCode) values.countryCode = filter.countryCode;
  if (filter.keyword) values.pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
  return values;
}

function filteredBy(db: Db, values: FilterValues) {
  let query = db.selectFrom('addresses').where('customer_id', '=', values.customerId);
  if (values.addressType !== undefined) query = query.where('address_type', '=', values.addressType);
  if (values.countryCode !== undefined) query = query.where('country_code', '=', values.countryCode);
  if (values.pattern !== undefined)
    query = query.where(sql<boolean>`search_text like ${values.pattern} escape '!'`);
  return query;
}

const filtered = (db: Db, customerId: string, filter: AddressFilter) =>
  filteredBy(db, filterValues(customerId, filter));

type PageValues = FilterValues & { limit: number; offset: number };

/**
 * The list page's two statements for one combination of filters (which of them are given), compiled once
 * per database: the address book page asks for them on every visit and every page turn.
 */
function listStatements(names: (keyof FilterValues)[]) {
  return {
    // Only the columns the answer shows: better-sqlite3 hands over every value one at a time.
    page: preparedQuery<PageValues, AddressAnswerRow>([...names, 'limit', 'offset'], (db, values) =>
      filteredBy(db, values)
        .select(ANSWER_COLUMNS)
        .orderBy('is_default', 'desc')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(values.limit)
        .offset(values.offset),
    ),
    count: preparedQuery<FilterValues, { count: number }>(names, (db, values) =>
      filteredBy(db, values).select((eb) => eb.fn.countAll<number>().as('count')),
    ),
  };
}
const listStatementsByShape = new Map<string, ReturnType<typeof listStatements>>();

export async function listAddresses(
  db: Db,
  customerId: string,
  filter: AddressFilter,
  page: { pageIndex: number; pageSize: number },
) {
  const values = filterValues(customerId, filter);
  const names = Object.keys(values) as (keyof FilterValues)[];
  const shape = names.join(',');
  let statements = listStatementsByShape.get(shape);
  if (!statements) {
    statements = listStatements(names);
    listStatementsByShape.set(shape, statements);
  }
  // One row more than the page: when it does not come, the page shows the end of the list and the total
  // is known without counting (a book that fits on one page, the last page). Otherwise count.
  const offset = (page.pageIndex - 1) * page.pageSize;
  const rows = await statements.page(db, { ...values, limit: page.pageSize + 1, offset });
  if (rows.length <= page.pageSize && (rows.length > 0 || offset === 0))
    return { items: rows, total: offset + rows.length };
  const [counted] = await statements.count(db, values);
  return { items: rows.slice(0, page.pageSize), total: Number(counted!.count) };
}

/** Every matching row in list order, a chunk at a time, so an export never holds the whole book. */
export async function* iterateAddresses(db: Db, customerId: string, filter: AddressFilter, chunkSize = 1000) {
  for (let offset = 0; ; offset += chunkSize) {
    const rows = await filtered(db, customerId, filter)
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(chunkSize)
      .offset(offset)
      .execute();
    yield* rows;
    if (rows.length < chunkSize) return;
  }
}

/** The columns that make two addresses identical (see `addressIdentity` in address-import.ts). */
export const ADDRESS_IDENTITY_COLUMNS = [
  'address_type',
  'name',
  'company',
  'phone',
  'email',
  'country_code',
  'province',
  'city',
  'district',
  'postal_code',
  'address_line1',
  'address_line2',
  'address_line3',
  'house_number',
  'tax_id',
] as const;

/** The identity columns of every address of a customer. */
export function identityColumns(db: Db, customerId: string) {
  return db
    .selectFrom('addresses')
    .select([...ADDRESS_IDENTITY_COLUMNS])
    .where('customer_id', '=', customerId)
    .execute();
}

export function findAddress(db: Db, customerId: string, id: string) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findDefaultAddress(db: Db, customerId: string, addressType: AddressType) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('address_type', '=', addressType)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

export async function insertAddresses(db: Db, rows: readonly NewAddressRow[]) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('addresses')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export async function updateAddress(
  db: Db,
  customerId: string,
  id: string,
  values: Updateable<AddressesTable>,
) {
  const result = await db
    .updateTable('addresses')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Clears the default of a type (except `keepId`), before another address becomes the default. */
export async function clearDefault(db: Db, customerId: string, addressType: AddressType, keepId?: string) {
  let query = db
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('customer_id', '=', customerId)
    .where('address_type', '=', addressType)
    .where('is_default', '=', 1);
  if (keepId) query = query.where('id', '<>', keepId);
  await query.execute();
}

export async function countOwned(db: Db, customerId: string, ids: readonly string[]) {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteAddresses(db: Db, customerId: string, ids: readonly string[]) {
  const result = await db
    .deleteFrom('addresses')
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Serialises default changes of one customer inside a transaction. PostgreSQL needs the row lock: two
 * concurrent "set default" calls would otherwise both clear and then collide on the one-default index.
 * SQLite runs one write transaction at a time already.
 */
export async function lockCustomerAddresses(db: Db, customerId: string) {
  if (!isPostgres(db)) return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}
