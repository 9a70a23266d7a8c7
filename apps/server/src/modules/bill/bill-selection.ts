import type { Bill, BillQuerySchema } from '@portal/contracts/bill';
import { ApiCode } from '@portal/contracts/envelope';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExportRequest } from '../export/export-source.ts';
import { billListFilter } from './bill.service.ts';
import * as repo from './bill.repository.ts';

/** What the bill exports (bill-export.ts, bill-statement.ts) read: the bills requested, their lines. */

/** Lines read at a time. */
const CHUNK = 1000;
/** Most bills one list export takes (a customer has one a month: centuries of them). */
const MAX_BILLS = 10_000;

type BillFilter = z.output<typeof BillQuerySchema>;

/** The bills an export names: the selection (every id must be the customer's), else the list filter. */
export async function requestedBills(db: Db, request: ExportRequest): Promise<Bill[]> {
  if (request.ids) {
    const unique = [...new Set(request.ids)];
    const rows = await repo.findBillsByIds(db, request.customerId, unique);
    if (rows.length !== unique.length) throw new AppError(ApiCode.NotFound, 'error.resourceNotFound');
    return repo.withAmounts(db, rows);
  }
  const filter = billListFilter(
    { utcOffsetMinutes: request.billUtcOffsetMinutes ?? 480 },
    (request.billFilter ?? {}) as Partial<BillFilter>,
  );
  const rows = await repo.listBills(db, request.customerId, filter, { offset: 0, limit: MAX_BILLS });
  return repo.withAmounts(db, rows);
}

/** Every line of the bills, bill by bill (as `bills` lists them), each oldest first, a chunk at a time. */
export async function* linesOfBills(db: Db, customerId: string, bills: readonly Bill[]) {
  for (const bill of bills) {
    for (let offset = 0; ; offset += CHUNK) {
      const rows = await repo.billLines(db, customerId, [bill.id], { offset, limit: CHUNK });
      if (rows.length > 0) yield { bill, rows };
      if (rows.length < CHUNK) break;
    }
  }
}
