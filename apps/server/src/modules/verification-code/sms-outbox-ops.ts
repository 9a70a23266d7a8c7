import { envelopeSchema } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import { PhoneSchema, SmsOutboxEntrySchema, type SmsOutboxEntry } from '@portal/contracts/verification-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { listOutbox, OUTBOX_PAGE_LIMIT } from '../../lib/sms/sandbox-provider.ts';

/**
 * The sandbox SMS outbox for the provider's staff: `GET /ops/v1/sms/outbox[?phone=&limit=]` (registered
 * inside the operations plugin, so the operator key guards it) and `npm run ops -- sms-outbox [--phone P]`.
 * With a real provider configured the outbox stays empty (messages leave the system).
 */

export const SMS_OUTBOX_OPS_PATH = '/ops/v1/sms/outbox';

export const SmsOutboxQuerySchema = z.object({
  phone: PhoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_LIMIT).default(20),
});

export const smsOutboxOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SMS_OUTBOX_OPS_PATH,
    {
      schema: {
        tags: ['operations'],
        summary: 'Messages the sandbox SMS provider "sent", newest first',
        querystring: SmsOutboxQuerySchema,
        response: { 200: envelopeSchema(z.array(SmsOutboxEntrySchema)) },
      },
    },
    async (request) => request.ok(await listOutbox(app.db, request.query)),
  );
};

export const SMS_OUTBOX_CLI_HELP = `SMS (no order flags):
  sms-outbox       messages the sandbox SMS provider kept, newest first: [--phone 13800138000]
`;

const formatEntry = (entry: SmsOutboxEntry) =>
  `${entry.createdAt}  ${entry.phone}  ${entry.template.padEnd(11)} ${entry.text}`;

/** `sms-outbox` as ops-cli.ts runs it (the same shape as the bills commands). */
export function smsOutboxCommand(name: string, flags: { phone?: string }) {
  if (name !== 'sms-outbox') return undefined;
  return {
    parse: () => SmsOutboxQuerySchema.safeParse({ phone: flags.phone }),
    run: async (
      db: Db,
      _config: AppConfig,
      input: z.output<typeof SmsOutboxQuerySchema>,
      language: Language,
    ) => {
      const entries = await listOutbox(db, input);
      const empty = { 'zh-CN': '（没有短信）', 'en-US': '(no messages)', 'zh-TW': '（沒有簡訊）' }[language];
      return { data: entries, text: entries.length === 0 ? empty : entries.map(formatEntry).join('\n') };
    },
  };
}
