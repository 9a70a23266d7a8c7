import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@portal/contracts/languages';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import { terminalMoney as money } from '../../lib/terminal-money.ts';
import type { FileStorage } from '../../lib/storage/index.ts';
import * as ops from './recharge-ops.ts';

/**
 * The recharge commands of `npm run ops` (src/ops-cli.ts), over the same services and schemas as the
 * operations API's recharge calls.
 */
export const RECHARGE_CLI_HELP = `Recharges (bank transfers wait for staff; online ones are credited by their provider):
  recharges       list recharges, pending bank transfers first: [--status pending] [--channel bank_transfer]
                  [--customer <code>]
  voucher         save a transfer's voucher: --recharge <number> --out <file>
  confirm         the transfer's money arrived, credit it: --recharge <number> [--trade <bank reference>]
                  [--staff <name>] [--remark <text>]
  reject          refuse the voucher: --recharge <number> --reason <text> [--staff <name>]
  notifications   the payment notification log: [--outcome bad_signature] [--recharge <number>]
`;

export interface RechargeCliFlags {
  recharge?: string;
  status?: string;
  channel?: string;
  customer?: string;
  trade?: string;
  staff?: string;
  remark?: string;
  reason?: string;
  outcome?: string;
  out?: string;
}

interface Context {
  db: Db;
  storage: FileStorage;
  language: Language;
  flags: RechargeCliFlags;
}

export interface RechargeCliCommand {
  schema: z.ZodType;
  body: (flags: RechargeCliFlags) => Record<string, unknown>;
  run: (context: Context, input: never) => Promise<{ text: string; json: unknown }>;
}

const line = (r: ops.OpsRecharge) =>
  [
    r.rechargeNo,
    r.status.padEnd(7),
    r.channel.padEnd(13),
    money(r.amount, r.currencyCode).padStart(16),
    `${r.customerCode} ${r.companyName}`,
    r.createdAt,
    r.providerTradeNo ? `trade ${r.providerTradeNo}` : '',
    r.statusReason ?? '',
  ]
    .filter(Boolean)
    .join('  ');

const changed = (language: Language, result: { recharge: ops.OpsRecharge; changed: boolean }, done: string) =>
  `${translate(language, result.changed ? done : 'operations.unchanged')}\n${line(result.recharge)}`;

export const RECHARGE_CLI_COMMANDS: Record<string, RechargeCliCommand> = {
  recharges: {
    schema: ops.OpsRechargeQuerySchema,
    body: (f) => ({ status: f.status, channel: f.channel, customerCode: f.customer }),
    run: async ({ db, language }, input: z.infer<typeof ops.OpsRechargeQuerySchema>) => {
      const page = await ops.listRecharges(db, input, language);
      const text = page.list.length === 0 ? '(none)' : page.list.map(line).join('\n');
      return { text: `${text}\n${page.list.length} of ${page.total}`, json: page };
    },
  },
  voucher: {
    schema: ops.RechargeNoParamsSchema,
    body: (f) => ({ rechargeNo: f.recharge }),
    run: async ({ db, storage, flags }, input: z.infer<typeof ops.RechargeNoParamsSchema>) => {
      if (!flags.out) throw new UsageProblem('--out <file> is required');
      const file = await ops.openVoucher(db, storage, input.rechargeNo);
      await pipeline(file.stream, createWriteStream(flags.out));
      return {
        text: `${flags.out}: ${file.fileName} (${file.contentType}, ${file.size} bytes)`,
        json: { file: flags.out, fileName: file.fileName, contentType: file.contentType, size: file.size },
      };
    },
  },
  confirm: {
    schema: ops.RechargeNoParamsSchema.extend(ops.OpsConfirmSchema.shape),
    body: (f) => ({ rechargeNo: f.recharge, tradeNo: f.trade, staff: f.staff, remark: f.remark }),
    run: async ({ db, language }, input: { rechargeNo: string } & z.infer<typeof ops.OpsConfirmSchema>) => {
      const result = await ops.confirmTransfer(db, input.rechargeNo, input, language);
      return { text: changed(language, result, 'recharge.confirmed'), json: result };
    },
  },
  reject: {
    schema: ops.RechargeNoParamsSchema.extend(ops.OpsRejectSchema.shape),
    body: (f) => ({ rechargeNo: f.recharge, reason: f.reason, staff: f.staff }),
    run: async ({ db, language }, input: { rechargeNo: string } & z.infer<typeof ops.OpsRejectSchema>) => {
      const result = await ops.rejectTransfer(db, input.rechargeNo, input, language);
      return { text: changed(language, result, 'recharge.rejected'), json: result };
    },
  },
  notifications: {
    schema: ops.OpsNotificationQuerySchema,
    body: (f) => ({ outcome: f.outcome, rechargeNo: f.recharge }),
    run: async ({ db }, input: z.infer<typeof ops.OpsNotificationQuerySchema>) => {
      const page = await ops.listNotifications(db, input);
      const text = page.list
        .map((n) =>
          [
            n.receivedAt,
            n.provider.padEnd(7),
            n.outcome.padEnd(16),
            n.rechargeNo ?? '-',
            n.tradeNo ?? '',
            n.detail ?? '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
      return { text: `${text || '(none)'}\n${page.list.length} of ${page.total}`, json: page };
    },
  },
};

/** A flag missing that the schema cannot name (exit code 2). */
export class UsageProblem extends Error {}
