import { z } from 'zod';
import { idField } from './ids.ts';
import type { LocalizedText } from './languages.ts';
import { textField } from './text.ts';

/**
 * API tokens (issue 13, PRODUCT.md "API token" and section 4 "Open API"): a shipper's systems call
 * `/openapi/v1/...` with `Authorization: Bearer <token>`. `CustomerApiToken/Query`, `Insert` and `Delete`
 * (permission api:token) manage them in the user centre. The secret is answered once, by Insert; the
 * server keeps only a keyed hash and the shown prefix.
 */

/** Every token starts with this; the list shows it with the next few characters (`pk_live_ab12…`). */
export const API_TOKEN_PREFIX = 'pk_live_';
/** Characters of the secret after API_TOKEN_PREFIX that the list shows. */
export const API_TOKEN_SHOWN_CHARS = 4;
/** Live (not expired) tokens one customer may hold at once. */
export const MAX_LIVE_API_TOKENS = 20;
/** Expiry choices in days; null (none) means the token lives until deleted. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 180, 365] as const;

export const ApiTokenMessage = {
  TooMany: 'apiToken.tooMany',
  Created: 'apiToken.created',
  Deleted: 'apiToken.deleted',
} as const;

export const API_TOKEN_MESSAGES = {
  'apiToken.tooMany': {
    'zh-CN': `每个客户最多 ${MAX_LIVE_API_TOKENS} 个有效的 API 令牌，请先删除不再使用的令牌`,
    'en-US': `A customer may hold at most ${MAX_LIVE_API_TOKENS} live API tokens; delete one you no longer use first`,
    'zh-TW': `每個客戶最多 ${MAX_LIVE_API_TOKENS} 個有效的 API 權杖，請先刪除不再使用的權杖`,
  },
  'apiToken.created': {
    'zh-CN': 'API 令牌已创建，请立即复制保存，它只显示这一次',
    'en-US': 'API token created: copy it now, it is shown only this once',
    'zh-TW': 'API 權杖已建立，請立即複製保存，它只顯示這一次',
  },
  'apiToken.deleted': {
    'zh-CN': 'API 令牌已删除，使用它的调用将立即被拒绝',
    'en-US': 'API token deleted: calls with it are refused from now on',
    'zh-TW': 'API 權杖已刪除，使用它的呼叫將立即被拒絕',
  },
} as const satisfies Record<string, LocalizedText>;

/** One token as the list shows it (never the secret). */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The start of the token, e.g. `pk_live_ab12`; the list shows it followed by `…`. */
  prefix: z.string(),
  /** The user who created it (login name), and so whose permissions bound its calls. */
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Null: no expiry. */
  expiresAt: z.string().nullable(),
  /** True once expiresAt has passed: calls with it are refused. */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** `GET /api/CustomerApiToken/Query`: the customer's tokens, newest first. */
export const ApiTokenQueryResultSchema = z.object({
  list: z.array(ApiTokenSchema),
  /** MAX_LIVE_API_TOKENS, so the panel can say how many more may be made. */
  maxLive: z.number().int(),
});
export type ApiTokenQueryResult = z.infer<typeof ApiTokenQueryResultSchema>;

/** `POST /api/CustomerApiToken/Insert`. */
export const ApiTokenInsertSchema = z.object({
  name: textField({ max: 50, label: { 'zh-CN': '令牌名称', 'en-US': 'Token name', 'zh-TW': '權杖名稱' } }),
  /** One of API_TOKEN_EXPIRY_DAYS, or null / absent for no expiry. */
  expiresInDays: z.literal(API_TOKEN_EXPIRY_DAYS).nullish(),
});
export type ApiTokenInsertInput = z.input<typeof ApiTokenInsertSchema>;

/** Insert's answer: the token with its whole secret, answered this once and never again. */
export const ApiTokenCreatedSchema = ApiTokenSchema.extend({
  /** `pk_live_` + 43 characters; send it as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

/** `POST /api/CustomerApiToken/Delete`: another customer's id answers not found. */
export const ApiTokenDeleteSchema = z.object({ id: idField() });
export type ApiTokenDeleteInput = z.input<typeof ApiTokenDeleteSchema>;
