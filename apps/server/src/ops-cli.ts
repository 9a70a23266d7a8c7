import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { fieldMessage } from '@portal/contracts/text';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { AppError } from './lib/errors.ts';
import { isMessageKey, translate } from './lib/messages.ts';
import { terminalMoney } from './lib/terminal-money.ts';
import {
  ExceptionSchema,
  JourneyQuerySchema,
  LastMileSchema,
  MoveSchema,
  TrackingEventInputSchema,
  WeighSchema,
  type Journey,
} from './modules/operations/operations.schemas.ts';
import * as service from './modules/operations/operations.service.ts';
import {
  RECHARGE_CLI_COMMANDS,
  RECHARGE_CLI_HELP,
  UsageProblem,
  type RechargeCliFlags,
} from './modules/recharge/recharge-ops-cli.ts';
import { createFileStorage } from './lib/storage/index.ts';
import { billCommand, BILL_COMMANDS_HELP } from './modules/bill/bill-cli.ts';
import { announce, OpsAnnounceSchema } from './modules/notification/notification-ops.ts';
import { apiTokensCommand, API_TOKENS_CLI_HELP } from './modules/api-token/api-token-ops.ts';
import { smsOutboxCommand, SMS_OUTBOX_CLI_HELP } from './modules/verification-code/sms-outbox-ops.ts';
import { runSsoTicketCommand, SSO_CLI_HELP, SsoTicketCliSchema } from './modules/sso/sso-cli.ts';
import {
  certificationCommand,
  CERTIFICATION_COMMANDS_HELP,
} from './modules/customer-info/certification-cli.ts';

/**
 * `npm run ops -- <command> …`: the operations steps from a terminal, over the same services and schemas as
 * the operations API, on the database the server's configuration names (DATA_DIR / DATABASE_URL).
 * Exit codes: 0 done, 1 refused by the rules (not found, illegal change …), 2 bad command or input,
 * 3 configuration or database unavailable, 4 unexpected failure.
 */

const EXIT = { ok: 0, refused: 1, usage: 2, unavailable: 3, failed: 4 } as const;

const HELP = `Usage: npm run ops -- <command> <order> [options]

The order:  --waybill <number>                      the waybill number (PS…)
       or:  --customer <code> --ref <reference>     the customer's code and reference number

Commands:
  journey     show the order's status, weights, charges, tracking events and ledger rows
  weigh       receive and weigh: --parcel <kg>:<L>x<W>x<H> (cm) once per parcel, in order
              (weighing again is a re-weigh: only the difference to the earlier charge is posted)
  event       add a tracking event: --code <STATUS_CODE> --description <text> [--language en-US]
  last-mile   set the last-mile carrier and number: --carrier <name> --number <tracking number>
  exception   mark an exception: --kind <issue kind code> [--description <text>]
  transit     move to in transit
  deliver     deliver
  return      return to the sender

${RECHARGE_CLI_HELP}
${BILL_COMMANDS_HELP}
Notifications:
  announce        a system announcement to every customer not frozen, or one (--customer <code>):
                  --zh <text> --en <text> --tw <text> [--link </user/...>]

${SMS_OUTBOX_CLI_HELP}
${API_TOKENS_CLI_HELP}
${SSO_CLI_HELP}
${CERTIFICATION_COMMANDS_HELP}
Options for every step:
  --at <ISO time>       when it happened (default now), e.g. 2026-11-26T09:30:00+08:00
  --location <text>     where
  --lang <language>     zh-CN (default), en-US or zh-TW: messages and the standard event texts
  --json                print the answer as JSON
  -h, --help            this help

Configuration: DATA_DIR (SQLite, default ./data) or DATABASE_URL, as for the server.
Exit codes: 0 done, 1 refused (not found, illegal change …), 2 bad command or input,
            3 configuration or database unavailable, 4 unexpected failure.

Examples:
  npm run ops -- weigh --waybill PS000000001274 --parcel 1.25:30x20x10
  npm run ops -- event --customer C100023 --ref SHOP-1 --code ARRIVED --description "Arrived at JFK" --language en-US
  npm run ops -- last-mile --waybill PS000000001274 --carrier USPS --number 9400111899223344556677
`;

const OPTIONS = {
  waybill: { type: 'string' },
  customer: { type: 'string' },
  ref: { type: 'string' },
  parcel: { type: 'string', multiple: true },
  code: { type: 'string' },
  description: { type: 'string' },
  language: { type: 'string' },
  carrier: { type: 'string' },
  number: { type: 'string' },
  kind: { type: 'string' },
  at: { type: 'string' },
  location: { type: 'string' },
  lang: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  // recharges, voucher, confirm, reject, notifications (RechargeCliFlags; also --customer, --remark)
  recharge: { type: 'string' },
  status: { type: 'string' },
  channel: { type: 'string' },
  trade: { type: 'string' },
  staff: { type: 'string' },
  reason: { type: 'string' },
  outcome: { type: 'string' },
  out: { type: 'string' },
  // bills-issue, bills-write-off (remark: also confirm)
  period: { type: 'string' },
  bill: { type: 'string' },
  currency: { type: 'string' },
  amount: { type: 'string' },
  remark: { type: 'string' },
  // announce (also --customer)
  zh: { type: 'string' },
  en: { type: 'string' },
  tw: { type: 'string' },
  link: { type: 'string' },
  // sms-outbox
  phone: { type: 'string' },
  // sso-ticket (also --customer)
  source: { type: 'string' },
  user: { type: 'string' },
} as const;
type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
// Every flag the recharge commands read is parsed (a merge once dropped them: `--status` was refused).
void (OPTIONS satisfies Record<keyof RechargeCliFlags, unknown>);

class UsageError extends Error {}

/** `1.25:30x20x10` → a parcel (kg, cm); anything else is a usage error naming the flag. */
function parseParcel(text: string) {
  const match = /^\s*([\d.]+)\s*(?:kg)?\s*:\s*([\d.]+)\s*[x×*]\s*([\d.]+)\s*[x×*]\s*([\d.]+)\s*$/i.exec(text);
  if (!match) throw new UsageError(`--parcel "${text}": expected <kg>:<L>x<W>x<H>, e.g. 1.25:30x20x10`);
  const [weight, length, width, height] = match.slice(1).map(Number) as [number, number, number, number];
  return { weight, length, width, height };
}

interface Command {
  schema: z.ZodType;
  body: (flags: Flags) => Record<string, unknown>;
  run: (
    db: Db,
    input: never,
    language: Language,
  ) => Promise<Journey | { journey: Journey; changed: boolean }>;
}

const step = (flags: Flags) => ({ at: flags.at, location: flags.location });
const COMMANDS: Record<string, Command> = {
  journey: {
    schema: JourneyQuerySchema,
    body: () => ({}),
    run: (db, input) => service.getJourney(db, input),
  },
  weigh: {
    schema: WeighSchema,
    body: (flags) => ({ ...step(flags), parcels: (flags.parcel ?? []).map(parseParcel) }),
    run: service.weighOrder,
  },
  event: {
    schema: TrackingEventInputSchema,
    body: (flags) => ({
      ...step(flags),
      statusCode: flags.code,
      description: flags.description,
      language: flags.language,
    }),
    run: service.addTrackingEvent,
  },
  'last-mile': {
    schema: LastMileSchema,
    body: (flags) => ({ ...step(flags), carrier: flags.carrier, lastMileNo: flags.number }),
    run: service.setLastMile,
  },
  exception: {
    schema: ExceptionSchema,
    body: (flags) => ({ ...step(flags), issueKindCode: flags.kind, description: flags.description }),
    run: service.markException,
  },
  transit: { schema: MoveSchema, body: step, run: service.moveInTransit },
  deliver: { schema: MoveSchema, body: step, run: service.deliverOrder },
  return: { schema: MoveSchema, body: step, run: service.returnOrder },
};

const money = (charge: { amount: number; currencyCode: string } | null) =>
  charge ? terminalMoney(charge.amount, charge.currencyCode) : '—';
const weight = (kg: number | null) => (kg === null ? '—' : `${kg.toFixed(3)} kg`);

/** The journey as a few readable lines. */
function formatJourney(journey: Journey): string {
  const lines = [
    `${journey.waybillNo ?? '(no waybill)'}  ${journey.customerCode} / ${journey.customerOrderNo}  ${journey.productCode}  status: ${journey.status}`,
    `  weight     forecast ${weight(journey.forecastWeight)} · actual ${weight(journey.actualWeight)} · volumetric ${weight(journey.volumetricWeight)} · chargeable ${weight(journey.chargeableWeight)} (${journey.parcelCount} parcel(s))`,
    `  charge     estimate ${money(journey.estimatedCharge)} · final ${money(journey.finalCharge)}`,
  ];
  if (journey.lastMileNo)
    lines.push(
      `  last mile  ${journey.lastMileCarrier} ${journey.lastMileNo} (handed over ${journey.handedOverAt})`,
    );
  if (journey.issueKindCode) lines.push(`  issue      ${journey.issueKindCode}`);
  if (journey.customerStatus !== 'active') lines.push(`  customer   ${journey.customerStatus}`);
  lines.push('  events');
  if (journey.events.length === 0) lines.push('    (none)');
  for (const event of journey.events)
    lines.push(
      `    ${event.occurredAt}  ${event.statusCode.padEnd(20)} ${event.location ? `[${event.location}] ` : ''}${event.description}`,
    );
  lines.push('  ledger');
  for (const row of journey.ledger) {
    const amount = money({ amount: row.amount, currencyCode: row.currencyCode });
    const held = money({ amount: row.heldChange, currencyCode: row.currencyCode });
    lines.push(
      `    #${row.entryNo} ${row.createdAt}  ${row.entryType.padEnd(18)} ${amount} (held ${held}) → balance ${money({ amount: row.balanceAfter, currencyCode: row.currencyCode })}`,
    );
  }
  return lines.join('\n');
}

function validationMessage(error: z.ZodError, language: Language): string {
  return error.issues
    .map((issue) => {
      const params = (issue as { params?: { params?: unknown } }).params;
      const text =
        fieldMessage(issue.message, params, language) ??
        (isMessageKey(issue.message) ? translate(language, issue.message) : issue.message);
      return `  ${issue.path.join('.') || 'input'}: ${text}`;
    })
    .join('\n');
}

/** Runs one command line; answers the exit code. */
async function runOpsCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
  err: (text: string) => void = (text) => process.stderr.write(`${text}\n`),
): Promise<number> {
  let flags: Flags;
  let positionals: string[];
  try {
    ({ values: flags, positionals } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
    }));
  } catch (error) {
    err(`${(error as Error).message}\n\n${HELP}`);
    return EXIT.usage;
  }
  if (flags.help) {
    out(HELP);
    return EXIT.ok;
  }
  const [name, ...extra] = positionals;
  // Module commands without order flags: bills, the SMS outbox, API tokens.
  const bills =
    name && extra.length === 0
      ? (billCommand(name, flags) ?? smsOutboxCommand(name, flags) ?? apiTokensCommand(name, flags))
      : undefined;
  // `certification <list|approve|reject>`: the one command with a second word.
  const certification = certificationCommand(positionals, flags);
  const command = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  const rechargeCommand =
    name && Object.hasOwn(RECHARGE_CLI_COMMANDS, name) ? RECHARGE_CLI_COMMANDS[name] : undefined;
  const usage = () => {
    err(
      `${name ? `Unknown command or extra words: ${positionals.join(' ')}` : 'No command given.'}\n\n${HELP}`,
    );
    return EXIT.usage;
  };
  const isAnnounce = name === 'announce' && extra.length === 0;
  const ssoTicket = name === 'sso-ticket' && extra.length === 0;
  const isKnown = Boolean(command || bills || rechargeCommand || isAnnounce || ssoTicket);
  if (!certification && (!isKnown || extra.length > 0)) return usage();
  const language = (flags.lang ?? 'zh-CN') as Language;
  if (!LANGUAGES.includes(language)) {
    err(`--lang must be one of ${LANGUAGES.join(', ')}`);
    return EXIT.usage;
  }
  if (certification)
    return runParsedCommand(
      certification.parse(),
      flags,
      language,
      env,
      out,
      err,
      async (db, _config, input) => {
        const answer = await certification.run(db, input as never, language);
        return { json: answer.data, text: answer.text };
      },
    );
  if (bills)
    return runParsedCommand(bills.parse(), flags, language, env, out, err, async (db, config, input) => {
      const answer = await bills.run(db, config, input as never, language);
      return { json: answer.data, text: answer.text };
    });
  if (ssoTicket)
    return runParsedCommand(
      SsoTicketCliSchema.safeParse({
        source: flags.source,
        customerCode: flags.customer,
        loginName: flags.user,
      }),
      flags,
      language,
      env,
      out,
      err,
      (db, config, input) => runSsoTicketCommand(db, config, input),
    );
  if (rechargeCommand)
    return runParsedCommand(
      rechargeCommand.schema.safeParse(rechargeCommand.body(flags)),
      flags,
      language,
      env,
      out,
      err,
      (db, config, input) =>
        rechargeCommand.run(
          { db, storage: createFileStorage(config.storage), language, flags },
          input as never,
        ),
    );
  if (isAnnounce)
    return runParsedCommand(
      OpsAnnounceSchema.safeParse({
        customerCode: flags.customer,
        zhCN: flags.zh,
        enUS: flags.en,
        zhTW: flags.tw,
        link: flags.link,
      }),
      flags,
      language,
      env,
      out,
      err,
      async (db, _config, input) => {
        const answer = await announce(db, input);
        return {
          json: answer,
          text: `${translate(language, 'notification.announced')}: ${answer.customers}`,
        };
      },
    );
  if (!command) return usage();
  let input: unknown;
  try {
    const body = {
      waybillNo: flags.waybill,
      customerCode: flags.customer,
      customerOrderNo: flags.ref,
      ...command.body(flags),
    };
    const parsed = command.schema.safeParse(body);
    if (!parsed.success) return reportInvalid(parsed.error, language, err);
    input = parsed.data;
  } catch (error) {
    if (error instanceof UsageError) {
      err(error.message);
      return EXIT.usage;
    }
    throw error;
  }

  return withDatabase(env, language, err, async (db) => {
    const answer = await command.run(db, input as never, language);
    const journey = 'journey' in answer ? answer.journey : answer;
    if (flags.json) out(JSON.stringify(answer, null, 2));
    else {
      if ('changed' in answer)
        out(translate(language, answer.changed ? 'operations.done' : 'operations.unchanged'));
      out(formatJourney(journey));
    }
  });
}

/**
 * Runs a module's command (bills, recharges) once its flags parsed: the same validation messages, exit
 * codes and error reporting as the steps; prints the answer's text, or its JSON with --json.
 */
async function runParsedCommand<T>(
  parsed: z.ZodSafeParseResult<T>,
  flags: Flags,
  language: Language,
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
  run: (db: Db, config: ReturnType<typeof loadConfig>, input: T) => Promise<{ json: unknown; text: string }>,
): Promise<number> {
  if (!parsed.success) return reportInvalid(parsed.error, language, err);
  return withDatabase(env, language, err, async (db, config) => {
    const answer = await run(db, config, parsed.data);
    out(flags.json ? JSON.stringify(answer.json, null, 2) : answer.text);
  });
}

/** A command's input refused by its schema: the field messages, exit code "usage". */
function reportInvalid(error: z.ZodError, language: Language, err: (text: string) => void): number {
  err(`${translate(language, 'error.validation')}:\n${validationMessage(error, language)}`);
  return EXIT.usage;
}

/** Opens the configured database, runs `work`, and maps its failures to messages and exit codes. */
async function withDatabase(
  env: NodeJS.ProcessEnv,
  language: Language,
  err: (text: string) => void,
  work: (db: Db, config: ReturnType<typeof loadConfig>) => Promise<void>,
): Promise<number> {
  let db: Db | undefined;
  try {
    const config = loadConfig(env);
    db = createDatabase(config.database, config.databaseTimeouts);
    await migrateToLatest(db);
    await work(db, config);
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, language, err);
  } finally {
    await db?.destroy().catch(() => undefined);
  }
}

function reportFailure(error: unknown, language: Language, err: (text: string) => void): number {
  if (error instanceof UsageProblem) {
    err(error.message);
    return EXIT.usage;
  }
  if (error instanceof AppError) {
    const reasons = (error.data as { reasons?: string[] } | null)?.reasons;
    const fields = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors;
    err(translate(language, error.messageKey, error.params));
    for (const field of fields ?? [])
      err(`  ${field.field}: ${translate(language, field.message, error.params)}`);
    for (const reason of reasons ?? []) err(`  - ${reason}`);
    return fields ? EXIT.usage : EXIT.refused;
  }
  if (error instanceof ConfigError) {
    err(error.message);
    return EXIT.unavailable;
  }
  if (isDatabaseUnavailable(error)) {
    err(`${translate(language, 'error.unavailable')} (${(error as Error).message})`);
    return EXIT.unavailable;
  }
  err(`Unexpected failure: ${(error as Error).stack ?? String(error)}`);
  return EXIT.failed;
}

runOpsCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(EXIT.failed);
  },
);
