import { ApiCode } from '@portal/contracts/envelope';
import { textField } from '@portal/contracts/text';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { OPS_PREFIX } from '../operations/operations.schemas.ts';
import { notify } from './notification.service.ts';

/**
 * The provider's staff announce something (maintenance, holidays, a price change) to one customer or to
 * every active customer: a system_announcement for all their users, its text in the three languages.
 */
export const NotificationOpsPath = { Announce: `${OPS_PREFIX}/notifications/announce` } as const;

const label = (zhCN: string, enUS: string, zhTW: string) => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });
const announcementText = (language: string) =>
  textField({
    max: 500,
    multiline: true,
    label: label(`公告（${language}）`, `Announcement (${language})`, `公告（${language}）`),
  });

export const OpsAnnounceSchema = z.object({
  /** One customer's code; left out: every active customer. */
  customerCode: z.string().trim().min(1).max(32).optional(),
  zhCN: announcementText('zh-CN'),
  enUS: announcementText('en-US'),
  zhTW: announcementText('zh-TW'),
  /** A portal path the announcement leads to. */
  link: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/(?!\/)[\x21-\x7e]*$/, 'notification.linkShape')
    .optional(),
});
export type OpsAnnounceInput = z.infer<typeof OpsAnnounceSchema>;
export const OpsAnnounceResultSchema = z.object({ customers: z.number().int() });

/** Writes the announcement to each customer in one transaction; answers how many customers got it. */
export async function announce(db: Db, input: OpsAnnounceInput): Promise<{ customers: number }> {
  let query = db.selectFrom('customers').select('id');
  query = input.customerCode
    ? query.where('code', '=', input.customerCode)
    : query.where('status', '!=', 'frozen');
  const customers = await query.execute();
  if (input.customerCode && customers.length === 0)
    throw new AppError(ApiCode.NotFound, 'notification.unknownCustomer', { code: input.customerCode });
  const sourceKey = `announcement:${nowIso()}`;
  await db.transaction().execute(async (trx) => {
    for (const customer of customers)
      await notify(trx, {
        customerId: customer.id,
        kind: 'system_announcement',
        titleKey: 'notification.systemAnnouncement.title',
        bodyKey: 'notification.systemAnnouncement.body',
        params: { text: { 'zh-CN': input.zhCN, 'en-US': input.enUS, 'zh-TW': input.zhTW } },
        link: input.link ?? null,
        sourceKey,
      });
  });
  return { customers: customers.length };
}
