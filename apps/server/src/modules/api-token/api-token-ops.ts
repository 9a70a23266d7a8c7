import { ApiTokenSchema, type ApiToken } from '@portal/contracts/api-token';
import { envelopeSchema } from '@portal/contracts/envelope';
import type { Language } from '@portal/contracts/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './api-token.repository.ts';

/**
 * A customer's API tokens for the provider's staff (support: "which token is calling?"), never their
 * secrets: `GET /ops/v1/api-tokens?customer=<code>` (inside the operations plugin, so the operator key
 * guards it) and `npm run ops -- api-tokens --customer <code>`.
 */

export const API_TOKENS_OPS_PATH = '/ops/v1/api-tokens';

export const ApiTokensOpsQuerySchema = z.object({ customer: z.string().trim().min(1).max(32) });

async function customerTokens(db: Db, customerCode: string): Promise<ApiToken[]> {
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('code', '=', customerCode)
    .executeTakeFirst();
  if (!customer) throw notFound();
  const now = new Date().toISOString();
  return (await repo.listTokens(db, customer.id, null)).map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    expired: row.expires_at !== null && row.expires_at <= now,
  }));
}

export const apiTokenOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_TOKENS_OPS_PATH,
    {
      schema: {
        tags: ['operations'],
        summary: "A customer's API tokens (name, prefix, creator, last use, expiry), newest first",
        querystring: ApiTokensOpsQuerySchema,
        response: { 200: envelopeSchema(z.array(ApiTokenSchema)) },
      },
    },
    async (request) => request.ok(await customerTokens(app.db, request.query.customer)),
  );
};

export const API_TOKENS_CLI_HELP = `API tokens (no order flags):
  api-tokens       a customer's open API tokens, newest first (never their secrets): --customer <code>
`;

const formatToken = (token: ApiToken) =>
  `${token.prefix}…  ${token.name}  by ${token.createdBy}  created ${token.createdAt}  last used ${
    token.lastUsedAt ?? '-'
  }  expires ${token.expiresAt ?? '-'}${token.expired ? ' (expired)' : ''}`;

/** `api-tokens` as ops-cli.ts runs it (the same shape as the bills commands). */
export function apiTokensCommand(name: string, flags: { customer?: string }) {
  if (name !== 'api-tokens') return undefined;
  return {
    parse: () => ApiTokensOpsQuerySchema.safeParse({ customer: flags.customer }),
    run: async (
      db: Db,
      _config: AppConfig,
      input: z.output<typeof ApiTokensOpsQuerySchema>,
      language: Language,
    ) => {
      const tokens = await customerTokens(db, input.customer);
      const empty = {
        'zh-CN': '（没有 API 令牌）',
        'en-US': '(no API tokens)',
        'zh-TW': '（沒有 API 權杖）',
      }[language];
      return { data: tokens, text: tokens.length === 0 ? empty : tokens.map(formatToken).join('\n') };
    },
  };
}
