import { z } from 'zod';
import { idField } from './ids.ts';
import { BillQuerySchema } from './bill.ts';
import { LedgerFilterSchema } from './consumption-flow.ts';
import { OrderFilterSchema } from './order-list.ts';
import { Permission } from './permissions.ts';
import { RechargeQuerySchema } from './recharge.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';

/**
 * Export tasks and file management (issue 10, PRODUCT.md "File and export task"). An export runs in the
 * background: queued → running (progress) → succeeded / failed. The exports list puts a new task at the
 * top and updates it in place by `exportTaskID` (section 4).
 */
export const EXPORT_KINDS = [
  'orders',
  'endData',
  'labels',
  'ledger',
  'recharges',
  'bills',
  'billDetail',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats each kind can be written in. */
export const EXPORT_KIND_FORMATS: Readonly<Record<ExportKind, readonly ExportFormat[]>> = {
  orders: ['xlsx', 'csv', 'zip'],
  endData: ['xlsx', 'csv'],
  labels: ['pdf', 'zip'],
  /** The consumption flow under `ledgerFilter`. */
  ledger: ['xlsx', 'csv'],
  /** The recharge records under `rechargeFilter`. */
  recharges: ['xlsx', 'csv'],
  /** The bill list under `billFilter`. */
  bills: ['xlsx', 'csv'],
  /** The bills named by `ids` with their lines: one sheet of lines (xlsx) or a statement each (pdf). */
  billDetail: ['xlsx', 'pdf'],
};
/** What a user must hold to export a kind (and to see and download its tasks). */
export const EXPORT_KIND_PERMISSION: Readonly<Record<ExportKind, Permission>> = {
  orders: Permission.OrderExport,
  endData: Permission.OrderExport,
  labels: Permission.OrderExport,
  ledger: Permission.FinanceView,
  recharges: Permission.FinanceView,
  bills: Permission.FinanceBill,
  billDetail: Permission.FinanceBill,
};
export const EXPORT_TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ExportTaskStatus = (typeof EXPORT_TASK_STATUSES)[number];

/**
 * Most ids one export may select: 20,000 order ids (36-character UUIDs) stay within the server's 1 MiB
 * body limit; larger sets are exported by their filter.
 */
export const MAX_EXPORT_IDS = 20_000;

/**
 * `POST /api/ExportTask/Create`: what to export. `ids` (selected rows) wins over the kind's filter
 * (`filter` for orders, end data and labels; `ledgerFilter`, `rechargeFilter`, `billFilter` for the
 * settlement lists); with neither, every row of the customer. `labelSize` only for labels. The kind's
 * permission (EXPORT_KIND_PERMISSION) is checked by the server.
 */
export const ExportTaskCreateSchema = z
  .object({
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    ids: z.array(idField()).min(1).max(MAX_EXPORT_IDS).nullish(),
    filter: OrderFilterSchema.nullish(),
    ledgerFilter: LedgerFilterSchema.nullish(),
    rechargeFilter: RechargeQuerySchema.nullish(),
    billFilter: BillQuerySchema.nullish(),
    labelSize: z.enum(['100x100', '100x150', 'A4']).nullish(),
  })
  .refine((value) => EXPORT_KIND_FORMATS[value.kind].includes(value.format), {
    message: 'exportTask.formatNotOffered',
    path: ['format'],
  });
export type ExportTaskCreateInput = z.input<typeof ExportTaskCreateSchema>;

export const ExportTaskSchema = z.object({
  exportTaskID: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_TASK_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** Rows (or labels) written; null until known. */
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** Bytes; null until the file exists. */
  fileSize: z.number().int().nullable(),
  /** A readable reason in the caller's language when failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** After this the file is deleted and the download answers 404. */
  expiresAt: z.string().nullable(),
});
export type ExportTask = z.infer<typeof ExportTaskSchema>;

/** `GET /api/ExportTask/Download?id=`: the task's file (404 envelope when expired, missing or not the caller's). */
export const ExportTaskIdQuerySchema = z.object({ id: idField() });

/** `POST /api/ExportTask/Query`: newest first; `ids` to refresh tasks in place. */
export const ExportTaskQuerySchema = z.object({
  ids: z.array(idField()).max(100).nullish(),
  status: z.enum(EXPORT_TASK_STATUSES).nullish(),
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export const ExportTaskPageSchema = z.object({
  items: z.array(ExportTaskSchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});

/** What an uploaded file was for. */
export const FILE_PURPOSES = [
  'addressImport',
  'orderImport',
  'transferVoucher',
  'certificate',
  'image',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** `POST /api/FileManagement/Query`: the files the customer uploaded, newest first. */
export const FileQuerySchema = z.object({
  purpose: z.enum(FILE_PURPOSES).nullish(),
  keyword: z.string().trim().max(100).nullish(),
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export const StoredFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** The type found from the content (magic bytes), not the one the browser claimed. */
  contentType: z.string(),
  fileSize: z.number().int(),
  purpose: z.enum(FILE_PURPOSES),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;
export const FilePageSchema = z.object({
  items: z.array(StoredFileSchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
/** `GET /api/FileManagement/Download?id=`: one of the caller's uploaded files. */
export const StoredFileIdQuerySchema = z.object({ id: idField() });
export const FileDeleteResultSchema = z.object({ deleted: z.number().int() });
/** `POST /api/FileManagement/Delete`: the caller's uploaded files, all or none. */
export const FileDeleteSchema = z.object({ ids: z.array(idField()).min(1).max(500) });

export const EXPORT_TASK_MESSAGES = {
  'exportTask.formatNotOffered': {
    'zh-CN': '此类导出不支持该格式',
    'en-US': 'This export is not offered in that format',
    'zh-TW': '此類匯出不支援該格式',
  },
} as const;
