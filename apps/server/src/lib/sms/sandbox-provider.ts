import type { SmsOutboxEntry } from '@portal/contracts/verification-code';
import type { Db } from '../../db/database.ts';
import { newId } from '../ids.ts';
import { renderSms, type SmsMessage, type SmsProvider } from './sms-provider.ts';

/**
 * The default SMS provider: nothing leaves the machine. Every message is written to the `sms_outbox`
 * table, where the operator (`GET /ops/v1/sms/outbox`, `npm run ops -- sms-outbox`), the tests and a
 * newcomer trying the demo read the codes. Rows older than OUTBOX_KEEP_DAYS go with the retention task.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({
        id: newId(),
        phone: message.phone,
        template: message.template,
        params: JSON.stringify(message.params),
        language: message.language,
        text: renderSms(message),
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}

export const OUTBOX_KEEP_DAYS = 7;
export const OUTBOX_PAGE_LIMIT = 50;

/** The newest messages first, of one phone or of all. */
export async function listOutbox(
  db: Db,
  filter: { phone?: string; limit?: number },
): Promise<SmsOutboxEntry[]> {
  let query = db
    .selectFrom('sms_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.min(filter.limit ?? OUTBOX_PAGE_LIMIT, OUTBOX_PAGE_LIMIT));
  if (filter.phone) query = query.where('phone', '=', filter.phone);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    phone: row.phone,
    template: row.template as SmsOutboxEntry['template'],
    params: JSON.parse(row.params) as Record<string, string>,
    language: row.language,
    text: row.text,
    createdAt: row.created_at,
  }));
}

/** Retention: the outbox keeps a week of messages. */
export async function deleteOldOutbox(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom('sms_outbox').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
