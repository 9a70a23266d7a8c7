import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StoredFilesTable } from '../../db/schema.ts';
import { madeInDataScope, type DataScopeFilter } from '../organization/data-scope.ts';

/** Uploads that carry orders or addresses; the others (vouchers, certificates, logos) are the company's. */
const UNIT_FILE_PURPOSES: readonly StoredFilesTable['purpose'][] = ['orderImport', 'addressImport'];

/**
 * The files a caller may see: with the unit scope, the sheets it or a user now in its units uploaded;
 * the company's documents (transfer vouchers, certificates, pictures) only with the whole company.
 */
function inFileScope(dataScope: DataScopeFilter | null, table: 'f' | 'stored_files') {
  if (dataScope === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.ref(`${table}.purpose`)} in (${sql.join(UNIT_FILE_PURPOSES)}) and ${madeInDataScope(dataScope, `${table}.uploaded_by`)})`;
}

const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

export interface FileListQuery {
  /** The caller's unit data scope: files uploaded by itself or by users in its units. */
  dataScope: DataScopeFilter | null;
  purpose?: StoredFilesTable['purpose'] | null;
  keyword?: string | null;
  pageIndex: number;
  pageSize: number;
}

/** The customer's uploaded files, newest first, with the uploader's display name. */
export async function listFiles(db: Db, customerId: string, query: FileListQuery) {
  let base = db
    .selectFrom('stored_files as f')
    .where('f.customer_id', '=', customerId)
    .where(inFileScope(query.dataScope, 'f'));
  if (query.purpose) base = base.where('f.purpose', '=', query.purpose);
  if (query.keyword) {
    // lower() folds ASCII only on SQLite (and on PostgreSQL in the C locale), every letter in a UTF-8
    // locale: the keyword is folded both ways, so a name outside ASCII is found whichever the engine does.
    const like = (text: string) =>
      sql<boolean>`lower(f.file_name) like ${`%${escapeLike(text)}%`} escape '!'`;
    const keyword = query.keyword;
    base = base.where((eb) =>
      eb.or([like(keyword.replace(/[A-Z]+/g, (c) => c.toLowerCase())), like(keyword.toLowerCase())]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'f.uploaded_by')
      .select([
        'f.id',
        'f.file_name',
        'f.content_type',
        'f.file_size',
        'f.purpose',
        'f.created_at',
        'u.display_name as uploader',
      ])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageIndex - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function findFile(db: Db, customerId: string, dataScope: DataScopeFilter | null, id: string) {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where(inFileScope(dataScope, 'stored_files'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertFile(db: Db, row: Insertable<StoredFilesTable>) {
  await db.insertInto('stored_files').values(row).execute();
}

/** The customer's files among `ids` within the scope (another customer's ids are simply not found). */
export async function findFiles(
  db: Db,
  customerId: string,
  dataScope: DataScopeFilter | null,
  ids: readonly string[],
) {
  return db
    .selectFrom('stored_files')
    .select(['id', 'storage_key'])
    .where('customer_id', '=', customerId)
    .where(inFileScope(dataScope, 'stored_files'))
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteFiles(db: Db, customerId: string, ids: readonly string[]) {
  const result = await db
    .deleteFrom('stored_files')
    .where('customer_id', '=', customerId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
