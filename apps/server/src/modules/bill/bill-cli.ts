import type { Bill } from '@portal/contracts/bill';
import type { Language } from '@portal/contracts/languages';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import { terminalMoney as money } from '../../lib/terminal-money.ts';
import type { IssueResult } from './bill-issue.ts';
import {
  BillIssueSchema,
  BillNoParamsSchema,
  BillWriteOffSchema,
  STAFF_OPERATOR,
} from './bill-ops.routes.ts';
import * as service from './bill.service.ts';

/**
 * `npm run ops -- bills-issue | bills-write-off`: the operations API's bill calls from a terminal, with its
 * schemas and services (ops-cli.ts parses the flags, reports errors and picks the exit code).
 */

export const BILL_COMMANDS_HELP = `Bills (no order flags):
  bills-issue      issue a past period's bills now: --period 2026-10 (weekly bills: 2026-W44);
                   a period already billed issues none
  bills-write-off  staff write-off: --bill B202610-C100023 --currency CNY --amount <minor units, 1234 = ¥12.34>
                   [--remark <text>]; more than the bill still owes is refused
`;

interface Flags {
  period?: string;
  bill?: string;
  currency?: string;
  amount?: string;
  remark?: string;
}

interface Answer {
  data: unknown;
  text: string;
}

/** A whole number typed on the command line, or the text itself so the schema names the field. */
const integerFlag = (value: string | undefined) =>
  value !== undefined && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

function formatBill(bill: Bill): string {
  const lines = [`${bill.billNo}  ${bill.periodLabel}  status: ${bill.status}  due ${bill.dueDate}`];
  bill.totals.forEach((total, index) => {
    const code = total.currencyCode;
    lines.push(
      `  ${code}  total ${money(total.amount, code)} · written off ${money(bill.writtenOff[index]!.amount, code)} · outstanding ${money(bill.outstanding[index]!.amount, code)}`,
    );
  });
  return lines.join('\n');
}

const COMMANDS = {
  'bills-issue': (flags: Flags) => ({
    parse: () => BillIssueSchema.safeParse({ period: flags.period }),
    run: async (db: Db, config: AppConfig, input: z.output<typeof BillIssueSchema>, language: Language) => {
      const result: IssueResult = await service.issueBillsForPeriod(db, config.bills, input.period);
      const head = translate(language, 'bill.issued', {
        period: result.period,
        count: result.billNos.length,
      });
      return { data: result, text: [head, ...result.billNos.map((no) => `  ${no}`)].join('\n') };
    },
  }),
  'bills-write-off': (flags: Flags) => {
    const schema = BillNoParamsSchema.extend(BillWriteOffSchema.shape);
    return {
      parse: () =>
        schema.safeParse({
          billNo: flags.bill,
          currencyCode: flags.currency,
          amount: integerFlag(flags.amount),
          remark: flags.remark,
        }),
      run: async (db: Db, _config: AppConfig, input: z.output<typeof schema>, language: Language) => {
        const bill = await service.writeOffByStaff(db, input.billNo, input, STAFF_OPERATOR);
        return { data: bill, text: `${translate(language, 'bill.writtenOff')}\n${formatBill(bill)}` };
      },
    };
  },
} as const;

/** A bills command as ops-cli.ts runs it: validate the flags, then run on the database. */
export interface BillCommand {
  parse: () => z.ZodSafeParseResult<unknown>;
  run: (db: Db, config: AppConfig, input: never, language: Language) => Promise<Answer>;
}

/** The bills command of that name, or undefined when the name is another command. */
export function billCommand(name: string, flags: Flags): BillCommand | undefined {
  if (!Object.hasOwn(COMMANDS, name)) return undefined;
  return COMMANDS[name as keyof typeof COMMANDS](flags) as BillCommand;
}
