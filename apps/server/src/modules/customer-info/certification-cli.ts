import type { Certification, PendingCertification } from '@portal/contracts/customer-info';
import type { Language } from '@portal/contracts/languages';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import { CustomerCodeParamsSchema, STAFF_OPERATOR } from './certification-ops.routes.ts';
import { CertificationRejectSchema } from '@portal/contracts/customer-info';
import * as service from './customer-info.service.ts';

/**
 * `npm run ops -- certification list | approve | reject`: the operations API's certification calls from a
 * terminal, with its schemas and services (ops-cli.ts parses the flags, reports errors, picks the exit code).
 */

export const CERTIFICATION_COMMANDS_HELP = `Certifications (no order flags):
  certification list      the certifications waiting for a decision, oldest first
  certification approve   --customer <code>: the certified company name becomes the customer's
  certification reject    --customer <code> --reason <text the customer reads>
`;

interface Flags {
  customer?: string;
  reason?: string;
}

interface Answer {
  data: unknown;
  text: string;
}

function formatPending(rows: PendingCertification[], language: Language): string {
  if (rows.length === 0) return translate(language, 'customerInfo.certification.noneWaiting');
  return rows
    .map(
      (row) =>
        `${row.customerCode}  ${row.companyName}  ${row.creditCode}  ${row.legalRepresentative}  submitted ${row.submittedAt}`,
    )
    .join('\n');
}

const formatDecided = (decided: Certification & { customerCode: string }) =>
  `  ${decided.customerCode}  state: ${decided.state}${decided.rejectReason ? `  reason: ${decided.rejectReason}` : ''}`;

const RejectFlagsSchema = CustomerCodeParamsSchema.extend(CertificationRejectSchema.shape);

const COMMANDS = {
  list: () => ({
    parse: () => z.object({}).safeParse({}),
    run: async (db: Db, _input: unknown, language: Language): Promise<Answer> => {
      const rows = await service.listPendingCertifications(db);
      return { data: rows, text: formatPending(rows, language) };
    },
  }),
  approve: (flags: Flags) => ({
    parse: () => CustomerCodeParamsSchema.safeParse({ customerCode: flags.customer }),
    run: async (
      db: Db,
      input: z.output<typeof CustomerCodeParamsSchema>,
      language: Language,
    ): Promise<Answer> => {
      const decided = await service.decideCertification(
        db,
        input.customerCode,
        { verdict: 'approve' },
        STAFF_OPERATOR,
      );
      const head = translate(language, 'customerInfo.certification.approved', {
        customerCode: decided.customerCode,
      });
      return { data: decided, text: `${head}\n${formatDecided(decided)}` };
    },
  }),
  reject: (flags: Flags) => ({
    parse: () => RejectFlagsSchema.safeParse({ customerCode: flags.customer, reason: flags.reason }),
    run: async (db: Db, input: z.output<typeof RejectFlagsSchema>, language: Language): Promise<Answer> => {
      const decided = await service.decideCertification(
        db,
        input.customerCode,
        { verdict: 'reject', reason: input.reason },
        STAFF_OPERATOR,
      );
      const head = translate(language, 'customerInfo.certification.rejected', {
        customerCode: decided.customerCode,
      });
      return { data: decided, text: `${head}\n${formatDecided(decided)}` };
    },
  }),
} as const;

/** A certification command as ops-cli.ts runs it: validate the flags, then run on the database. */
export interface CertificationCommand {
  parse: () => z.ZodSafeParseResult<unknown>;
  run: (db: Db, input: never, language: Language) => Promise<Answer>;
}

/** `certification <sub>`: the command, or undefined when the words are something else. */
export function certificationCommand(
  words: readonly string[],
  flags: Flags,
): CertificationCommand | undefined {
  const [name, sub, ...extra] = words;
  if (name !== 'certification' || !sub || extra.length > 0 || !Object.hasOwn(COMMANDS, sub)) return undefined;
  return COMMANDS[sub as keyof typeof COMMANDS](flags) as CertificationCommand;
}
