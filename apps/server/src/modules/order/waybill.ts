import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';

/**
 * Waybill numbers: `PS` + a 10-digit serial + 2 check digits, e.g. `PS000000012361`.
 *
 * The check digits follow ISO 7064 MOD 97-10 (the IBAN check) over the whole number, letters read as
 * A=10 … Z=35: the number with its check digits, read as an integer, leaves remainder 1 when divided by 97.
 * Because 97 is prime and larger than any value a character can change by, the check detects EVERY single
 * character substitution and EVERY transposition of two adjacent digits (the number changes by
 * d·10^k or 9·(a−b)·10^k, never a multiple of 97), and about 99 % of other errors. A one-character
 * system (mod 11, mod 37-2) would need a non-digit check character (X or *) for part of the numbers, which
 * scanners, phone keypads and carriers' systems handle badly; two digits keep the number all-digit after
 * its prefix, and the fixed length (14) keeps Code 128 labels one width.
 *
 * Serials come from `nextWaybillSerial` inside the submit transaction; a rolled-back submit may leave a gap
 * (on PostgreSQL), which is harmless: the numbers need to be unique, not contiguous.
 */
export const WAYBILL_PREFIX = 'PS';
export const WAYBILL_SERIAL_DIGITS = 10;
export const WAYBILL_PATTERN = /^PS\d{12}$/;

/** The string as the digits the check reads: digits as they are, letters as 10–35. */
function numeric(text: string): string {
  let digits = '';
  for (const char of text.toUpperCase()) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char >= 'A' && char <= 'Z') digits += String(char.charCodeAt(0) - 55);
    else throw new Error(`not alphanumeric: ${text}`);
  }
  return digits;
}

/** Remainder of a long digit string divided by 97, a few digits at a time (no big integers needed). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7)
    remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  return remainder;
}

/** ISO 7064 MOD 97-10 check digits of `text` (two digits, `02`–`98`). */
export function mod97CheckDigits(text: string): string {
  const check = 98 - mod97(`${numeric(text)}00`);
  return String(check).padStart(2, '0');
}

/** Whether `text` ends with the right MOD 97-10 check digits. */
export function hasValidMod97Check(text: string): boolean {
  return /^[0-9A-Za-z]+$/.test(text) && mod97(numeric(text)) === 1;
}

/** The waybill number of a serial. */
export function formatWaybillNo(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1 || serial >= 10 ** WAYBILL_SERIAL_DIGITS)
    throw new Error(`waybill serial out of range: ${serial}`);
  const body = `${WAYBILL_PREFIX}${String(serial).padStart(WAYBILL_SERIAL_DIGITS, '0')}`;
  return `${body}${mod97CheckDigits(body)}`;
}

/** Whether a typed or scanned waybill number is well formed and its check digits agree. */
export function isValidWaybillNo(text: string): boolean {
  return WAYBILL_PATTERN.test(text) && hasValidMod97Check(text);
}

/**
 * The next serial, inside the caller's (submit) transaction. PostgreSQL: `nextval` of a sequence, unique
 * across every instance and transaction without a row lock held to commit (a counter row would queue every
 * customer's submit behind one lock). SQLite: one UPDATE … RETURNING of the counter row; SQLite runs one
 * write transaction at a time, so the increment and its rollback are safe, and no gap is left.
 */
export async function nextWaybillSerial(trx: Db): Promise<number> {
  if (isPostgres(trx)) {
    const { rows } = await sql<{ value: number }>`select nextval('waybill_no_seq') as value`.execute(trx);
    return Number(rows[0]!.value);
  }
  const row = await trx
    .updateTable('waybill_counters')
    .set((eb) => ({ last_value: eb('last_value', '+', 1) }))
    .where('name', '=', 'waybill')
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/** Issues a new waybill number inside the caller's transaction. */
export async function issueWaybillNo(trx: Db): Promise<string> {
  return formatWaybillNo(await nextWaybillSerial(trx));
}

/**
 * `count` serials in one statement (the Excel batch's submit): PostgreSQL, `nextval` once per row of a
 * `generate_series` (unique across instances, maybe not consecutive); SQLite, the counter row moved by
 * `count` (its one writer makes the range `last − count + 1 … last` this transaction's own).
 */
export async function nextWaybillSerials(trx: Db, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (isPostgres(trx)) {
    const { rows } = await sql<{
      value: number;
    }>`select nextval('waybill_no_seq') as value from generate_series(1, ${count}::int) order by 1`.execute(
      trx,
    );
    return rows.map((row) => Number(row.value));
  }
  const row = await trx
    .updateTable('waybill_counters')
    .set((eb) => ({ last_value: eb('last_value', '+', count) }))
    .where('name', '=', 'waybill')
    .returning('last_value')
    .executeTakeFirstOrThrow();
  const last = Number(row.last_value);
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}

/** Issues `count` new waybill numbers inside the caller's transaction, in one statement. */
export async function issueWaybillNos(trx: Db, count: number): Promise<string[]> {
  return (await nextWaybillSerials(trx, count)).map(formatWaybillNo);
}
