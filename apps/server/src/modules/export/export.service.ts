import { ApiCode } from '@portal/contracts/envelope';
import { hasPermission } from '@portal/contracts/access';
import {
  EXPORT_KIND_PERMISSION,
  EXPORT_KINDS,
  type ExportKind,
  type ExportTask,
  type ExportTaskCreateSchema,
} from '@portal/contracts/export-task';
import type { Language } from '@portal/contracts/languages';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { enqueue } from '../../jobs/task-runner.ts';
import { AppError, forbidden, invalidField } from '../../lib/errors.ts';
import { isPlainId, newId } from '../../lib/ids.ts';
import { translate } from '../../lib/messages.ts';
import { StoredFileMissing, type FileStorage } from '../../lib/storage/index.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { EXPORT_TASK_KIND, sourceFor, type ExportTaskPayload } from './export-task.ts';
import * as repo from './export.repository.ts';

/** Exports one customer may have queued or running at once; more are refused as busy. */
export const MAX_ACTIVE_EXPORTS = 3;

export function toExportTask(row: repo.ExportTaskRow, language: Language): ExportTask {
  return {
    exportTaskID: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    progress: row.progress,
    rowCount: row.row_count,
    fileName: row.file_name,
    fileSize: row.file_size,
    error: row.error_key
      ? translate(language, row.error_key, row.error_params ? JSON.parse(row.error_params) : {})
      : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Creates the export and its runner task in one transaction. The busy check counts the customer's
 * queued and running exports under the customer's row lock, so parallel creates cannot pass it together.
 */
export async function createExportTask(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof ExportTaskCreateSchema>,
  language: Language,
): Promise<ExportTask> {
  const permission = EXPORT_KIND_PERMISSION[input.kind];
  if (!hasPermission(auth, permission)) throw forbidden(permission);
  if (!sourceFor(input.kind, input.format))
    throw new AppError(ApiCode.BadRequest, 'exportTask.kindUnavailable');
  const badId = input.ids?.findIndex((id) => !isPlainId(id)) ?? -1;
  if (badId >= 0) throw invalidField(`ids.${badId}`, 'exportTask.idInvalid');
  const id = newId();
  const taskId = newId();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.lockCustomerExports(trx, auth.customerId);
    const active = await repo.countActive(trx, auth.customerId);
    if (active >= MAX_ACTIVE_EXPORTS)
      throw new AppError(ApiCode.TooManyRequests, 'exportTask.busy', { count: active });
    await repo.insertExportTask(trx, {
      id,
      customer_id: auth.customerId,
      user_id: auth.userId,
      // The unit whose scope the export reads: none for a whole-company caller, whose file holds the
      // whole company's rows and so is no unit's to see.
      org_unit_id: auth.dataScope === null ? null : auth.orgUnitId,
      task_id: taskId,
      kind: input.kind,
      format: input.format,
      request: JSON.stringify({
        ids: input.ids ?? null,
        filter: input.filter ?? null,
        ledgerFilter: input.ledgerFilter ?? null,
        rechargeFilter: input.rechargeFilter ?? null,
        billFilter: input.billFilter ?? null,
        labelSize: input.labelSize ?? null,
      }),
      language,
      status: 'queued',
      progress: 0,
      row_count: null,
      file_name: null,
      file_size: null,
      content_type: null,
      storage_key: null,
      error_key: null,
      error_params: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      expires_at: null,
    });
    await enqueue(trx, EXPORT_TASK_KIND, { exportTaskId: id } satisfies ExportTaskPayload, { id: taskId });
  });
  const row = await repo.findExportTask(db, auth.customerId, auth.dataScope, id);
  return toExportTask(row!, language);
}

/** The kinds whose tasks the user may see and download: those it may export. */
export function exportableKinds(auth: AuthContext): ExportKind[] {
  return EXPORT_KINDS.filter((kind) => hasPermission(auth, EXPORT_KIND_PERMISSION[kind]));
}

export async function queryExportTasks(
  db: Db,
  auth: AuthContext,
  query: Omit<repo.ExportTaskListQuery, 'kinds' | 'dataScope'>,
  language: Language,
) {
  const ids = query.ids?.filter(isPlainId);
  const { rows, total } = await repo.listExportTasks(db, auth.customerId, {
    ...query,
    ids,
    kinds: exportableKinds(auth),
    dataScope: auth.dataScope,
  });
  return {
    items: rows.map((row) => toExportTask(row, language)),
    total,
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  };
}

export interface DownloadableFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/** The export's file, when it is the caller's, finished and not expired; otherwise a 404 envelope. */
export async function openExportFile(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  id: string,
): Promise<DownloadableFile> {
  const gone = () => new AppError(ApiCode.NotFound, 'exportTask.fileGone');
  const row = isPlainId(id) ? await repo.findExportTask(db, auth.customerId, auth.dataScope, id) : undefined;
  if (
    !row ||
    !hasPermission(auth, EXPORT_KIND_PERMISSION[row.kind]) ||
    row.status !== 'succeeded' ||
    !row.storage_key ||
    !row.file_name ||
    (row.expires_at !== null && row.expires_at <= new Date().toISOString())
  )
    throw gone();
  try {
    const stream = await storage.get(row.storage_key);
    return {
      stream,
      fileName: row.file_name,
      contentType: row.content_type ?? 'application/octet-stream',
      size: row.file_size ?? 0,
    };
  } catch (error) {
    if (error instanceof StoredFileMissing) throw gone();
    throw error;
  }
}
