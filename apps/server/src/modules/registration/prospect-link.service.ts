import { ApiCode } from '@portal/contracts/envelope';
import { idField } from '@portal/contracts/ids';
import type { Language, LocalizedText } from '@portal/contracts/languages';
import type { ProspectAnswersSchema, ProspectLink } from '@portal/contracts/registration';
import { z } from 'zod';
import type { RegistrationConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { addressKey, hitRateLimit } from '../../lib/rate-limit.ts';
import { countryCodes, listCountries } from '../reference/countries.ts';
import './registration.messages.ts';
import { signToken, verifyToken } from './registration-tokens.ts';

/**
 * The prospect link (issue 13): staff (operations API, `npm run ops -- prospect-link`) make a signed,
 * expiring link for a prospect; the public pages /customer, /customerInfoLink/customerInfoLink and
 * /registerQuestionnaire open it and the prospect submits the company details once. The token names the
 * link's row, so a link is also single use and staff can read what was answered.
 */

export interface ProspectDeps {
  db: Db;
  config: RegistrationConfig;
  tokenSecret: string;
}

export const PROSPECT_LINK_PAGE = '/customerInfoLink/customerInfoLink';

export const OpsProspectLinkCreateSchema = z.object({
  /** Whom the link is for (company or person), shown on the page as a greeting. */
  invitee: z.string().trim().max(100).optional(),
  /** Days the link stays valid; default PROSPECT_LINK_DAYS. */
  days: z.coerce.number().int().min(1).max(365).optional(),
  /** The staff member making it. */
  staff: z.string().trim().min(1).max(60).default('operations'),
});

export const OpsProspectLinkSchema = z.object({
  id: z.string(),
  invitee: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(['open', 'submitted', 'expired']),
  submittedAt: z.string().nullable(),
  /** ProspectAnswers as submitted (null until then). */
  answers: z.record(z.string(), z.unknown()).nullable(),
});
export type OpsProspectLink = z.infer<typeof OpsProspectLinkSchema>;

export const OpsProspectLinkCreatedSchema = OpsProspectLinkSchema.extend({
  url: z.string(),
  token: z.string(),
});

export const OpsProspectLinkQuerySchema = z.object({
  state: z.enum(['open', 'submitted', 'expired']).optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ProspectLinkIdParamsSchema = z.object({ id: idField() });

type Row = {
  id: string;
  invitee: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  submitted_at: string | null;
  answers: string | null;
};

const stateOf = (row: Row, now: string) =>
  row.submitted_at ? 'submitted' : row.expires_at <= now ? 'expired' : ('open' as const);

const toOps = (row: Row, now = nowIso()): OpsProspectLink => ({
  id: row.id,
  invitee: row.invitee,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  state: stateOf(row, now),
  submittedAt: row.submitted_at,
  answers: row.answers ? (JSON.parse(row.answers) as Record<string, unknown>) : null,
});

/** Staff: a new link; answers its URL (once: the token is not stored, only signed). */
export async function createProspectLink(
  deps: ProspectDeps,
  input: z.output<typeof OpsProspectLinkCreateSchema>,
) {
  const now = new Date();
  const days = input.days ?? deps.config.prospectLinkDays;
  const row: Row = {
    id: newId(),
    invitee: input.invitee || null,
    created_by: input.staff,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
    submitted_at: null,
    answers: null,
  };
  await deps.db
    .insertInto('prospect_links')
    .values({ ...row, submitted_ip: null })
    .execute();
  const token = signToken(deps.tokenSecret, 'prospectLink', row.id, new Date(row.expires_at));
  const url = `${deps.config.publicBaseUrl}${PROSPECT_LINK_PAGE}?token=${encodeURIComponent(token)}`;
  return { ...toOps(row), url, token };
}

export async function listProspectLinks(db: Db, query: z.output<typeof OpsProspectLinkQuerySchema>) {
  const now = nowIso();
  let base = db.selectFrom('prospect_links');
  if (query.state === 'submitted') base = base.where('submitted_at', 'is not', null);
  if (query.state === 'open') base = base.where('submitted_at', 'is', null).where('expires_at', '>', now);
  if (query.state === 'expired') base = base.where('submitted_at', 'is', null).where('expires_at', '<=', now);
  const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
    { total: number },
  ];
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.pageIndex - 1) * query.pageSize)
    .execute();
  return { list: rows.map((row) => toOps(row, now)), total: Number(total) };
}

export async function getProspectLinkForStaff(db: Db, id: string): Promise<OpsProspectLink> {
  const row = await db.selectFrom('prospect_links').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ApiCode.NotFound, 'prospect.notFound');
  return toOps(row);
}

async function limitProspectCalls(deps: ProspectDeps, ip: string) {
  const verdict = await hitRateLimit(deps.db, {
    bucket: `prospect:${addressKey(ip)}`,
    limit: deps.config.prospect.limit,
    windowSeconds: deps.config.prospect.windowSeconds,
  });
  if (!verdict.allowed)
    throw new AppError(ApiCode.TooManyRequests, 'prospect.tooManyRequests', {
      seconds: verdict.retryAfterSeconds,
    });
}

/** The row a token names, or the state the page shows instead of the form. */
async function openLink(deps: ProspectDeps, token: string) {
  const verified = verifyToken(deps.tokenSecret, 'prospectLink', token);
  if (!verified.ok) return { state: verified.reason, row: undefined } as const;
  const row = await deps.db
    .selectFrom('prospect_links')
    .selectAll()
    .where('id', '=', verified.subject)
    .executeTakeFirst();
  // A signed link whose row retention deleted had long expired.
  if (!row) return { state: 'expired', row: undefined } as const;
  return { state: stateOf(row, nowIso()), row } as const;
}

/** `CustomerInfoLink/Get`: what the page shows for a token (never an error for a bad link: a page). */
export async function getProspectLink(
  deps: ProspectDeps,
  token: string,
  ip: string,
  language: Language,
): Promise<ProspectLink> {
  await limitProspectCalls(deps, ip);
  const { state, row } = await openLink(deps, token);
  if (state !== 'open' || !row)
    return {
      state,
      expiresAt: state === 'expired' ? (row?.expires_at ?? null) : null,
      invitee: null,
      products: [],
      countries: [],
    };
  const products = await deps.db
    .selectFrom('products')
    .select(['code', 'name'])
    .where('status', '=', 'active')
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  return {
    state,
    expiresAt: row.expires_at,
    invitee: row.invitee,
    products: products.map((p) => ({ code: p.code, name: JSON.parse(p.name) as LocalizedText })),
    countries: listCountries(language).map((c) => ({ code: c.code, name: c.name })),
  };
}

const LINK_STATE_MESSAGE = {
  invalid: 'prospect.linkInvalid',
  expired: 'prospect.linkExpired',
  submitted: 'prospect.linkUsed',
} as const;

/** `CustomerInfoLink/Submit`: stores the answers against the link, once. */
export async function submitProspectLink(
  deps: ProspectDeps,
  token: string,
  answers: z.output<typeof ProspectAnswersSchema>,
  ip: string,
): Promise<void> {
  await limitProspectCalls(deps, ip);
  const { state, row } = await openLink(deps, token);
  if (state !== 'open') {
    throw new AppError(state === 'invalid' ? ApiCode.NotFound : ApiCode.Conflict, LINK_STATE_MESSAGE[state]);
  }
  if (!row) throw new AppError(ApiCode.NotFound, LINK_STATE_MESSAGE.invalid);
  const countries = countryCodes();
  const badCountry = answers.destinations.find((code) => !countries.has(code));
  if (badCountry) throw invalidField('destinations', 'prospect.unknownDestination', { code: badCountry });
  const destinations = [...new Set(answers.destinations)];
  const productCodes = [...new Set(answers.productCodes)];
  if (productCodes.length > 0) {
    const offered = await deps.db
      .selectFrom('products')
      .select('code')
      .where('status', '=', 'active')
      .where('code', 'in', productCodes)
      .execute();
    const known = new Set(offered.map((p) => p.code));
    const unknown = productCodes.find((code) => !known.has(code));
    if (unknown) throw invalidField('productCodes', 'prospect.unknownProduct', { code: unknown });
  }
  const now = nowIso();
  // One statement decides a race between two submissions: only the first finds it open.
  const result = await deps.db
    .updateTable('prospect_links')
    .set({
      submitted_at: now,
      submitted_ip: ip.slice(0, 64),
      answers: JSON.stringify({ ...answers, destinations, productCodes }),
    })
    .where('id', '=', row.id)
    .where('submitted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError(ApiCode.Conflict, 'prospect.linkUsed');
}

/** Retention: links that expired unanswered a while ago (answered ones are kept for staff). */
export async function deleteExpiredProspectLinks(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const result = await db
    .deleteFrom('prospect_links')
    .where('submitted_at', 'is', null)
    .where('expires_at', '<=', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
