import type { Language } from '@portal/contracts/languages';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/messages.ts';
import { resolveTokenSecret } from '../../plugins/database.ts';
import * as prospect from './prospect-link.service.ts';

/**
 * `npm run ops -- prospect-link | prospect-links | prospect-answers`: the operations API's prospect link
 * calls from a terminal, with its schemas and services (ops-cli.ts parses flags and picks the exit code).
 */

export const PROSPECT_COMMANDS_HELP = `Prospect links (no order flags):
  prospect-link     make a signed link a prospect fills in company details with: [--invitee <name>]
                    [--days <valid days>] [--staff <name>]; prints the URL (only now: it is not stored)
  prospect-links    list links, newest first: [--status open|submitted|expired]
  prospect-answers  one link with what the prospect answered: --id <link id>
`;

interface Flags {
  invitee?: string;
  days?: string;
  staff?: string;
  status?: string;
  id?: string;
}

interface Answer {
  data: unknown;
  text: string;
}

const line = (link: prospect.OpsProspectLink) =>
  [link.id, link.state.padEnd(9), `expires ${link.expiresAt}`, link.invitee ?? '', `by ${link.createdBy}`]
    .filter(Boolean)
    .join('  ');

const COMMANDS = {
  'prospect-link': (flags: Flags) => ({
    parse: () =>
      prospect.OpsProspectLinkCreateSchema.safeParse({
        invitee: flags.invitee,
        days: flags.days,
        staff: flags.staff,
      }),
    run: async (
      db: Db,
      config: AppConfig,
      input: z.output<typeof prospect.OpsProspectLinkCreateSchema>,
      language: Language,
    ): Promise<Answer> => {
      const tokenSecret = await resolveTokenSecret(config, db);
      const link = await prospect.createProspectLink({ db, config: config.registration, tokenSecret }, input);
      return { data: link, text: `${translate(language, 'prospect.created')}\n${line(link)}\n${link.url}` };
    },
  }),
  'prospect-links': (flags: Flags) => ({
    parse: () => prospect.OpsProspectLinkQuerySchema.safeParse({ state: flags.status }),
    run: async (
      db: Db,
      _config: AppConfig,
      input: z.output<typeof prospect.OpsProspectLinkQuerySchema>,
    ): Promise<Answer> => {
      const page = await prospect.listProspectLinks(db, input);
      const text = page.list.length === 0 ? '(none)' : page.list.map(line).join('\n');
      return { data: page, text: `${text}\n${page.list.length} of ${page.total}` };
    },
  }),
  'prospect-answers': (flags: Flags) => ({
    parse: () => prospect.ProspectLinkIdParamsSchema.safeParse({ id: flags.id }),
    run: async (
      db: Db,
      _config: AppConfig,
      input: z.output<typeof prospect.ProspectLinkIdParamsSchema>,
    ): Promise<Answer> => {
      const link = await prospect.getProspectLinkForStaff(db, input.id);
      const answers = link.answers
        ? Object.entries(link.answers).map(
            ([key, value]) => `  ${key}: ${Array.isArray(value) ? value.join(', ') : String(value ?? '')}`,
          )
        : ['  (not answered yet)'];
      return { data: link, text: [line(link), ...answers].join('\n') };
    },
  }),
} as const;

export interface ProspectCommand {
  parse: () => z.ZodSafeParseResult<unknown>;
  run: (db: Db, config: AppConfig, input: never, language: Language) => Promise<Answer>;
}

/** The prospect command of that name, or undefined when the name is another command. */
export function prospectCommand(name: string, flags: Flags): ProspectCommand | undefined {
  if (!Object.hasOwn(COMMANDS, name)) return undefined;
  return COMMANDS[name as keyof typeof COMMANDS](flags) as ProspectCommand;
}
