import type { FilePurpose, StoredFile } from '@portal/contracts/export-task';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { isPlainId, newId } from '../../lib/ids.ts';
import { StoredFileMissing, type FileStorage } from '../../lib/storage/index.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { sniffContentType } from './content-type.ts';
import * as repo from './file.repository.ts';

export async function queryFiles(db: Db, auth: AuthContext, query: Omit<repo.FileListQuery, 'dataScope'>) {
  // Kept names hold no control characters; PostgreSQL would refuse a NUL in the pattern outright.
  const { rows, total } = query.keyword?.includes('\u0000')
    ? { rows: [], total: 0 }
    : await repo.listFiles(db, auth.customerId, { ...query, dataScope: auth.dataScope });
  const items: StoredFile[] = rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    fileSize: row.file_size,
    purpose: row.purpose,
    uploadedBy: row.uploader,
    createdAt: row.created_at,
  }));
  return { items, total, pageIndex: query.pageIndex, pageSize: query.pageSize };
}

export async function openFile(db: Db, storage: FileStorage, auth: AuthContext, id: string) {
  const row = isPlainId(id) ? await repo.findFile(db, auth.customerId, auth.dataScope, id) : undefined;
  if (!row) throw notFound();
  let stream: Readable;
  try {
    stream = await storage.get(row.storage_key);
  } catch (error) {
    if (error instanceof StoredFileMissing) throw notFound();
    throw error;
  }
  return { stream, fileName: row.file_name, contentType: row.content_type, size: row.file_size };
}

/**
 * Deletes the caller's files, all or none: one id that is not the caller's (or not there) refuses the
 * whole request. The stored bytes go after the rows; a leftover object is only space, never visible.
 */
export async function deleteFiles(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  ids: readonly string[],
  log: FastifyBaseLogger,
): Promise<number> {
  const wanted = [...new Set(ids)];
  if (!wanted.every(isPlainId)) throw notFound();
  const deleted = await db.transaction().execute(async (trx) => {
    const found = await repo.findFiles(trx, auth.customerId, auth.dataScope, wanted);
    if (found.length !== wanted.length) throw notFound();
    await repo.deleteFiles(trx, auth.customerId, wanted);
    return found;
  });
  await Promise.all(
    deleted.map((file) =>
      storage
        .delete(file.storage_key)
        .catch((error: unknown) =>
          log.warn({ err: error, key: file.storage_key }, 'stored file not deleted'),
        ),
    ),
  );
  return deleted.length;
}

/**
 * Keeps an upload as a stored file. `begin` starts writing the bytes at once (so the caller's own work,
 * an import, runs meanwhile); `keep` records the row once the caller's work succeeded, `discard` drops it.
 */
export function beginStoredUpload(
  storage: FileStorage,
  auth: AuthContext,
  upload: { bytes: Buffer; fileName: string; purpose: FilePurpose },
) {
  const id = newId();
  const key = `uploads/${auth.customerId}/${id}`;
  const contentType = sniffContentType(upload.bytes);
  const written = storage.put(key, upload.bytes, contentType);
  // Observed here so a failure while the caller is still busy is not an unhandled rejection.
  written.catch(() => undefined);
  return {
    /** The stored file's id once kept (an import records it beside its own rows). */
    id,
    async keep(db: Db): Promise<void> {
      await written;
      try {
        await repo.insertFile(db, {
          id,
          customer_id: auth.customerId,
          file_name: upload.fileName,
          content_type: contentType,
          file_size: upload.bytes.length,
          purpose: upload.purpose,
          storage_key: key,
          uploaded_by: auth.userId,
          created_at: new Date().toISOString(),
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
    async discard(): Promise<void> {
      await written.catch(() => undefined);
      await storage.delete(key).catch(() => undefined);
    },
  };
}
