import type { Insertable, Selectable, Updateable } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { ExportTasksTable } from '../../db/schema.ts';
import { inDataScope, type DataScopeFilter } from '../organization/data-scope.ts';

export type ExportTaskRow = Selectable<ExportTasksTable>;

/** Serialises one customer's task creation (the busy limit) on PostgreSQL; SQLite writes one at a time. */
export async function lockCustomerExports(db: Db, customerId: string) {
  if (!isPostgres(db)) return;
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

export async function countActive(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('export_tasks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertExportTask(db: Db, row: Insertable<ExportTasksTable>) {
  await db.insertInto('export_tasks').values(row).execute();
}

export interface ExportTaskListQuery {
  /** The caller's unit data scope: its units' tasks and its own (null: every task of the customer). */
  dataScope: DataScopeFilter | null;
  ids?: readonly string[] | null;
  status?: ExportTasksTable['status'] | null;
  /** Only tasks of these kinds (those the caller may export). */
  kinds: readonly ExportTasksTable['kind'][];
  pageIndex: number;
  pageSize: number;
}

/** The customer's tasks, newest first; with `ids` only those (another customer's ids match nothing). */
export async function listExportTasks(db: Db, customerId: string, query: ExportTaskListQuery) {
  let base = db
    .selectFrom('export_tasks')
    .where('customer_id', '=', customerId)
    .where(inExportScope(query.dataScope));
  if (query.ids) base = base.where('id', 'in', query.ids.length > 0 ? [...query.ids] : ['']);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.kinds.length === 0) return { rows: [], total: 0 };
  base = base.where('kind', 'in', [...query.kinds]);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageIndex - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function findExportTask(
  db: Db,
  customerId: string,
  dataScope: DataScopeFilter | null,
  id: string,
) {
  return db
    .selectFrom('export_tasks')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where(inExportScope(dataScope))
    .where('id', '=', id)
    .executeTakeFirst();
}

const inExportScope = (dataScope: DataScopeFilter | null) =>
  inDataScope(dataScope, { unit: 'export_tasks.org_unit_id', user: 'export_tasks.user_id' });

/** For the task handler, which acts for the customer the row names. */
export async function findExportTaskById(db: Db, id: string) {
  return db.selectFrom('export_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateExportTask(db: Db, id: string, changes: Updateable<ExportTasksTable>) {
  await db.updateTable('export_tasks').set(changes).where('id', '=', id).execute();
}

/** Exports whose file expired (oldest first), at most `limit`. */
export async function findExpired(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom('export_tasks')
    .select(['id', 'task_id', 'storage_key'])
    .where('expires_at', '<=', nowIso)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function deleteExportTasks(db: Db, rows: readonly { id: string; task_id: string }[]) {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('export_tasks')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    await trx
      .deleteFrom('tasks')
      .where(
        'id',
        'in',
        rows.map((r) => r.task_id),
      )
      .execute();
  });
}

/** Finished tasks of other kinds than exports, kept `days` for inspection, then removed. */
export async function deleteOldFinishedTasks(db: Db, beforeIso: string) {
  const result = await db
    .deleteFrom('tasks')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('finished_at', '<=', beforeIso)
    .where('id', 'not in', db.selectFrom('export_tasks').select('task_id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
