import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_KIND_FORMATS, type ExportFormat } from '@portal/contracts/export-task';
import type { Language } from '@portal/contracts/languages';
import type { Db } from '../../db/database.ts';
import { PermanentTaskError, type TaskHandler } from '../../jobs/task-runner.ts';
import { AppError } from '../../lib/errors.ts';
import { isMessageKey, translate } from '../../lib/messages.ts';
import type { FileStorage } from '../../lib/storage/index.ts';
import type { DocumentExportSource, ExportRequest, ExportSource } from './export-source.ts';
import { EXPORT_SOURCES } from './export-sources.ts';
import {
  CONTENT_TYPES,
  exportFileName,
  fileStamp,
  writeCsv,
  writeXlsx,
  writeZip,
  type TableWrite,
} from './export-writers.ts';
import { makeExportTempDir } from './export-temp-dirs.ts';
import * as repo from './export.repository.ts';
import { FILE_MANAGEMENT_LINK } from '../notification/notification-links.ts';
import { notify } from '../notification/notification.service.ts';
import { dataScopeOf, type DataScopeFilter } from '../organization/data-scope.ts';

/** The runner's kind for exports; the payload names the export_tasks row. */
export const EXPORT_TASK_KIND = 'export';
export interface ExportTaskPayload {
  exportTaskId: string;
}

/** Labels per PDF inside a labels zip. */
export const LABELS_PER_PDF = 500;
/** Progress is saved at most this often (a 100,000-row export saves it about once a second). */
const PROGRESS_SAVE_MS = 1000;

/** The source of a kind, when it exists and can write the format. */
export function sourceFor(kind: repo.ExportTaskRow['kind'], format: ExportFormat): ExportSource | undefined {
  const listed = EXPORT_SOURCES[kind];
  if (!listed || !EXPORT_KIND_FORMATS[kind].includes(format)) return undefined;
  const source = format === 'pdf' && listed.shape === 'table' && listed.pdf ? listed.pdf : listed;
  const fits =
    source.shape === 'table' ? ['xlsx', 'csv', 'zip'].includes(format) : ['pdf', 'zip'].includes(format);
  return fits ? source : undefined;
}

export function exportRequestOf(
  row: repo.ExportTaskRow,
  dataScope: DataScopeFilter | null,
  billUtcOffsetMinutes?: number,
): ExportRequest {
  const saved = JSON.parse(row.request) as Partial<
    Pick<ExportRequest, 'ids' | 'filter' | 'ledgerFilter' | 'rechargeFilter' | 'billFilter' | 'labelSize'>
  >;
  return {
    customerId: row.customer_id,
    userId: row.user_id,
    dataScope,
    language: row.language as Language,
    ids: saved.ids ?? null,
    filter: saved.filter ?? null,
    ledgerFilter: saved.ledgerFilter ?? null,
    rechargeFilter: saved.rechargeFilter ?? null,
    billFilter: saved.billFilter ?? null,
    labelSize: saved.labelSize ?? null,
    billUtcOffsetMinutes,
  };
}

/** Saves progress now and then, one write at a time, never holding up the rows. */
class ProgressSaver {
  private last = 0;
  private latest = 0;
  private saving: Promise<void> | undefined;

  constructor(private readonly save: (percent: number) => Promise<void>) {}

  report(percent: number): void {
    this.latest = Math.min(99, Math.floor(percent));
    const now = Date.now();
    if (this.saving || now - this.last < PROGRESS_SAVE_MS) return;
    this.last = now;
    const value = this.latest;
    this.saving = this.save(value)
      .catch(() => undefined)
      .finally(() => {
        this.saving = undefined;
      });
  }

  async flush(): Promise<void> {
    await this.saving;
  }
}

interface Written {
  file: string;
  rowCount: number;
}

export interface ExportHandlerDeps {
  db: Db;
  storage: FileStorage;
  fileTtlHours: number;
  /** config.bills.utcOffsetMinutes, for bill exports. */
  billUtcOffsetMinutes?: number;
}

/** The runner's handler that writes an export's file, stores it and records it on the export_tasks row. */
export function exportTaskHandler({
  db,
  storage,
  fileTtlHours,
  billUtcOffsetMinutes,
}: ExportHandlerDeps): TaskHandler<ExportTaskPayload> {
  return {
    async run({ payload, signal, progress }) {
      const row = await repo.findExportTaskById(db, payload.exportTaskId);
      // Deleted meanwhile (expired and cleaned up), or finished by an instance that then lost its lease.
      if (!row || row.status === 'succeeded') return;
      const source = sourceFor(row.kind, row.format);
      if (!source) throw new PermanentTaskError('exportTask.kindUnavailable');
      // The scope of the user who asked, as it is now: a role narrowed since narrows the export too.
      const dataScope = await dataScopeOf(db, { customerId: row.customer_id, userId: row.user_id });
      const request = exportRequestOf(row, dataScope, billUtcOffsetMinutes);
      await repo.updateExportTask(db, row.id, {
        status: 'running',
        progress: 0,
        started_at: row.started_at ?? new Date().toISOString(),
      });
      const saver = new ProgressSaver(async (percent) => {
        await repo.updateExportTask(db, row.id, { progress: percent });
        await progress(percent);
      });
      const t = (key: string, params: Record<string, string>) => translate(request.language, key, params);
      const baseName = exportFileName(
        t,
        source.title[request.language],
        fileStamp(new Date(row.created_at)),
        row.format,
      );
      const dir = await makeExportTempDir();
      const writeAndStore = async () => {
        const written =
          source.shape === 'table'
            ? await writeTable(dir, row.format, baseName, { source, db, request }, saver, signal)
            : await writeDocument(dir, row.format, baseName, source, db, request, saver, signal);
        const key = `exports/${row.customer_id}/${row.id}.${row.format}`;
        const { size } = await storage.put(key, createReadStream(written.file), CONTENT_TYPES[row.format]);
        await saver.flush();
        signal.throwIfAborted();
        const finished = new Date();
        await db.transaction().execute(async (trx) => {
          await repo.updateExportTask(trx, row.id, {
            status: 'succeeded',
            progress: 100,
            row_count: written.rowCount,
            file_name: baseName,
            file_size: size,
            content_type: CONTENT_TYPES[row.format],
            storage_key: key,
            error_key: null,
            error_params: null,
            finished_at: finished.toISOString(),
            expires_at: new Date(finished.getTime() + fileTtlHours * 3_600_000).toISOString(),
          });
          // One notification per export (its source key), even when an instance that lost its lease finishes too.
          await notify(trx, {
            customerId: row.customer_id,
            userId: row.user_id,
            kind: 'export_finished',
            titleKey: 'notification.exportFinished.title',
            bodyKey: 'notification.exportFinished.body',
            params: { fileName: baseName },
            link: FILE_MANAGEMENT_LINK,
            sourceKey: `export:${row.id}`,
          });
        });
      };
      try {
        await writeAndStore();
      } catch (error) {
        // A source's refusal (a selected order that is not the customer's, not printable) is an answer,
        // not an outage: another attempt would get the same, so the task fails at once with that reason.
        if (error instanceof AppError) throw new PermanentTaskError(error.messageKey, { cause: error });
        throw error;
      } finally {
        await saver.flush();
        await rm(dir, { recursive: true, force: true });
      }
    },

    async failed(trx, payload, error) {
      const finished = new Date();
      const refusal = error instanceof PermanentTaskError ? error.cause : error;
      const known = refusal instanceof AppError;
      const key = known
        ? refusal.messageKey
        : error instanceof PermanentTaskError && isMessageKey(error.message)
          ? error.message
          : 'exportTask.failed';
      await repo.updateExportTask(trx, payload.exportTaskId, {
        status: 'failed',
        error_key: key,
        error_params: known && Object.keys(refusal.params).length > 0 ? JSON.stringify(refusal.params) : null,
        finished_at: finished.toISOString(),
        // A failed task leaves the list when a finished file would have: the cleanup removes both alike.
        expires_at: new Date(finished.getTime() + fileTtlHours * 3_600_000).toISOString(),
      });
      const row = await repo.findExportTaskById(trx, payload.exportTaskId);
      if (row)
        await notify(trx, {
          customerId: row.customer_id,
          userId: row.user_id,
          kind: 'export_finished',
          titleKey: 'notification.exportFailed.title',
          bodyKey: 'notification.exportFailed.body',
          params: { fileName: sourceFor(row.kind, row.format)?.title ?? row.kind },
          link: FILE_MANAGEMENT_LINK,
          sourceKey: `export:${row.id}`,
        });
    },
  };
}

/** Rows done → progress between `from` and `to`; stops at once when the task is aborted. */
function rowTicker(total: number, saver: ProgressSaver, signal: AbortSignal, from = 0, to = 100) {
  return (done: number) => {
    if (signal.aborted) throw signal.reason;
    saver.report(from + ((to - from) * Math.min(done, total)) / Math.max(total, 1));
  };
}

async function writeTable(
  dir: string,
  format: ExportFormat,
  baseName: string,
  write: Omit<TableWrite, 'tick'>,
  saver: ProgressSaver,
  signal: AbortSignal,
): Promise<Written> {
  const total = await write.source.count(write.db, write.request);
  const stem = baseName.replace(/\.[a-z]+$/, '');
  if (format === 'csv' || format === 'xlsx') {
    const file = path.join(dir, `export.${format}`);
    const writer = format === 'csv' ? writeCsv : writeXlsx;
    const rowCount = await writer(file, { ...write, tick: rowTicker(total, saver, signal) });
    return { file, rowCount };
  }
  // zip: the same rows as xlsx and as CSV, in one archive.
  const xlsx = path.join(dir, 'export.xlsx');
  const csv = path.join(dir, 'export.csv');
  const rowCount = await writeXlsx(xlsx, { ...write, tick: rowTicker(total, saver, signal, 0, 50) });
  await writeCsv(csv, { ...write, tick: rowTicker(total, saver, signal, 50, 100) });
  const file = path.join(dir, 'export.zip');
  await writeZip(file, [
    { path: xlsx, name: `${stem}.xlsx` },
    { path: csv, name: `${stem}.csv` },
  ]);
  return { file, rowCount };
}

async function writePdf(
  file: string,
  source: DocumentExportSource,
  db: Db,
  request: ExportRequest,
  tick: (done: number, total: number) => void,
): Promise<number> {
  const out = createWriteStream(file);
  const closed = once(out, 'close');
  try {
    const count = await source.write(db, request, out, tick);
    out.end();
    await closed;
    return count;
  } catch (error) {
    out.destroy();
    throw error;
  }
}

async function writeDocument(
  dir: string,
  format: ExportFormat,
  baseName: string,
  source: DocumentExportSource,
  db: Db,
  request: ExportRequest,
  saver: ProgressSaver,
  signal: AbortSignal,
): Promise<Written> {
  const tick = (from: number, to: number) => (done: number, total: number) => {
    if (signal.aborted) throw signal.reason;
    saver.report(from + ((to - from) * Math.min(done, total)) / Math.max(total, 1));
  };
  if (format === 'pdf') {
    const file = path.join(dir, 'export.pdf');
    return { file, rowCount: await writePdf(file, source, db, request, tick(0, 100)) };
  }
  // zip: selected labels split into PDFs of LABELS_PER_PDF, in the order selected; a filter's labels
  // (whose ids the source alone knows) go into one PDF.
  const stem = baseName.replace(/\.[a-z]+$/, '');
  const ids = request.ids ?? [];
  const chunks: (readonly string[] | null)[] = [];
  for (let i = 0; i < ids.length; i += LABELS_PER_PDF) chunks.push(ids.slice(i, i + LABELS_PER_PDF));
  if (chunks.length === 0) chunks.push(request.ids);
  const entries: { path: string; name: string }[] = [];
  let rowCount = 0;
  for (const [index, chunk] of chunks.entries()) {
    const file = path.join(dir, `part-${index + 1}.pdf`);
    const step = 100 / chunks.length;
    rowCount += await writePdf(
      file,
      source,
      db,
      { ...request, ids: chunk },
      tick(index * step, (index + 1) * step),
    );
    entries.push({ path: file, name: chunks.length > 1 ? `${stem}-${index + 1}.pdf` : `${stem}.pdf` });
  }
  const file = path.join(dir, 'export.zip');
  await writeZip(file, entries);
  return { file, rowCount };
}
