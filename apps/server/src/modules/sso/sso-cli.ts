import { SsoAudience, SsoSource, WEBSITE_LOGIN_PAGE } from '@portal/contracts/sso';
import { z } from 'zod';
import { readOrCreateFileSecret, type AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { readOrCreateDbSecret } from '../../db/secrets.ts';
import { AppError } from '../../lib/errors.ts';
import { ApiCode } from '@portal/contracts/envelope';
import { mintTicket } from './sso.service.ts';

/**
 * `npm run ops -- sso-ticket --customer C100023 --user demo [--source website|oms]`: mints a sign-in ticket
 * as the provider's website or OMS would (for trying `/login/websiteLogin` and the two sign-in calls).
 */
export const SSO_CLI_HELP = `Single sign-on (no order flags):
  sso-ticket   mint a sign-in ticket as the provider's website or OMS would (valid SSO_TICKET_MAX_AGE_SECONDS,
               single use): --customer <code> --user <login name> [--source website (default) | oms]
               prints the ticket and the /login/websiteLogin address that signs in with it
`;

export const SsoTicketCliSchema = z.object({
  source: z.enum([SsoSource.Website, SsoSource.Oms]).default(SsoSource.Website),
  customerCode: z.string().trim().min(1).max(40),
  loginName: z.string().trim().min(1).max(64),
});

/** The token secret the server signs with (the same rule as plugins/database.ts). */
async function serverTokenSecret(db: Db, config: AppConfig): Promise<string> {
  return (
    config.tokenSecret ??
    (config.database.kind === 'postgres'
      ? readOrCreateDbSecret(db, 'token_secret')
      : readOrCreateFileSecret(config.dataDir))
  );
}

export async function runSsoTicketCommand(
  db: Db,
  config: AppConfig,
  input: z.output<typeof SsoTicketCliSchema>,
) {
  const user = await db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select('users.id')
    .where('customers.code', '=', input.customerCode)
    .where('users.login_name', '=', input.loginName.toLowerCase())
    .executeTakeFirst();
  if (!user) throw new AppError(ApiCode.NotFound, 'sso.unknownUser');
  const minted = mintTicket(
    { config, tokenSecret: await serverTokenSecret(db, config) },
    {
      source: input.source,
      audience: SsoAudience.Portal,
      customerCode: input.customerCode,
      loginName: input.loginName,
    },
  );
  const url =
    input.source === SsoSource.Website
      ? `${config.payments.publicBaseUrl}${WEBSITE_LOGIN_PAGE}?${new URLSearchParams({ ticket: minted.ticket }).toString()}`
      : null;
  const lines = [`ticket      ${minted.ticket}`, `expires at  ${minted.expiresAt}`];
  if (url) lines.push(`open        ${url}`);
  return { json: { ...minted, source: input.source, url }, text: lines.join('\n') };
}
