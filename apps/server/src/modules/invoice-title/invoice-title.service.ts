import type { InvoiceTitle, InvoiceTitleInputSchema } from '@portal/contracts/invoice-title';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import './invoice-title.messages.ts';
import * as repo from './invoice-title.repository.ts';

/**
 * The customer's invoice title (PRODUCT.md "Invoice title"): what the provider prints on its invoices.
 * The schema already checked the unified social credit code's check character and cleaned the texts.
 */

type Row = NonNullable<Awaited<ReturnType<typeof repo.findInvoiceTitle>>>;

const toInvoiceTitle = (row: Row): InvoiceTitle => ({
  companyName: row.company_name,
  taxNo: row.tax_no,
  address: row.address,
  phone: row.phone,
  bankName: row.bank_name,
  bankAccount: row.bank_account,
  email: row.email,
  updatedAt: row.updated_at,
});

export async function getInvoiceTitle(db: Db, auth: AuthContext): Promise<InvoiceTitle | null> {
  const row = await repo.findInvoiceTitle(db, auth.customerId);
  return row ? toInvoiceTitle(row) : null;
}

/** Replaces the title (every field: a field left out is cleared). */
export async function saveInvoiceTitle(
  db: Db,
  auth: AuthContext,
  input: z.output<typeof InvoiceTitleInputSchema>,
): Promise<InvoiceTitle> {
  await repo.upsertInvoiceTitle(db, {
    customer_id: auth.customerId,
    company_name: input.companyName,
    tax_no: input.taxNo,
    address: input.address ?? null,
    phone: input.phone ?? null,
    bank_name: input.bankName ?? null,
    bank_account: input.bankAccount ?? null,
    email: input.email ?? null,
    updated_by: auth.userId,
    updated_at: nowIso(),
  });
  return (await getInvoiceTitle(db, auth))!;
}
