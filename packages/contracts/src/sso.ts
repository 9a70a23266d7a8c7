import { z } from 'zod';

/**
 * Single sign-on tickets (issue 13): `Login/OfficialLogin` (from the provider's website) and
 * `Login/FreePwdLoginOms` (from its OMS) sign in by a ticket; `CustomerInfo/GetCustomerLoginToken` issues
 * one for the signed-in user to open the OMS.
 *
 * A ticket is `<payload>.<signature>`: `payload` is the base64url (no padding) of the UTF-8 JSON
 * `{ "v": 1, "src": source, "aud": audience, "jti": ticket id, "cus": customer code, "sub": login name,
 *    "iat": issued (Unix seconds), "exp": expires (Unix seconds) }`
 * and `signature` the base64url of HMAC-SHA256(key of `src`, the ASCII of `payload`). A ticket lives at
 * most `SSO_TICKET_MAX_AGE_SECONDS` (60 s); each `jti` is accepted once per source.
 */
export const SsoSource = { Website: 'website', Oms: 'oms' } as const;
export type SsoSource = (typeof SsoSource)[keyof typeof SsoSource];
/** Tickets that open the portal say `portal`; those the portal issues to open the OMS say `oms`. */
export const SsoAudience = { Portal: 'portal', Oms: 'oms' } as const;

export const SsoTicketPayloadSchema = z.object({
  v: z.literal(1),
  src: z.string().min(1).max(40),
  aud: z.string().min(1).max(40),
  jti: z.string().min(8).max(100),
  cus: z.string().min(1).max(40),
  sub: z.string().min(1).max(64),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type SsoTicketPayload = z.infer<typeof SsoTicketPayloadSchema>;

/** The longest ticket accepted in a query (a payload of the fields above is far shorter). */
export const SSO_TICKET_MAX_LENGTH = 1000;
export const SsoTicketQuerySchema = z.object({ ticket: z.string().min(1).max(SSO_TICKET_MAX_LENGTH) });

/** `CustomerInfo/GetCustomerLoginToken`: the ticket, and the OMS address to open with it (if configured). */
export const CustomerLoginTokenSchema = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
  /** The OMS sign-in address with `?ticket=` appended; null when `SSO_OMS_LOGIN_URL` is not set. */
  url: z.string().nullable(),
});
export type CustomerLoginToken = z.infer<typeof CustomerLoginTokenSchema>;

/** The public page that carries out a website ticket: `/login/websiteLogin?ticket=…`. */
export const WEBSITE_LOGIN_PAGE = '/login/websiteLogin';
