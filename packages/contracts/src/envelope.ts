import { z } from 'zod';

/**
 * Body codes of every `/api` answer. They follow the source portal: the HTTP status stays 200 and the
 * body code tells the client what to do. Real HTTP 401/404/500 keep their own meaning (section 8).
 */
export const ApiCode = {
  Ok: 200,
  /** The customer's balance is below minus its credit limit: top up. */
  Arrears: 203,
  /** The session was ended (password changed, user disabled, signed out): sign in again. */
  SessionInvalid: 204,
  /** A request that failed validation; `data.errors` names each bad field. */
  BadRequest: 400,
  /** The access token expired: the client refreshes it and retries. */
  AccessTokenExpired: 401,
  /** No or unusable credentials: go to login. */
  NotSignedIn: 402,
  /** Signed in, but the action needs a permission the user lacks. */
  Forbidden: 403,
  /** The thing asked for does not exist, or belongs to another customer. */
  NotFound: 404,
  /** The request conflicts with the current state (duplicate, wrong status). */
  Conflict: 409,
  /** Too many attempts: wait and try again. */
  TooManyRequests: 429,
  ServerError: 500,
  /** The service is briefly unavailable (database outage, restart); HTTP 503 with Retry-After. */
  ServiceUnavailable: 503,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

export interface Envelope<T> {
  code: ApiCode;
  success: boolean;
  message: string;
  data: T;
}

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Builds the envelope schema for a route's response, so OpenAPI and serialisation know `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    data,
  });
}

/** The envelope for answers that carry no data, and for every error answer. */
export const EmptyEnvelopeSchema = envelopeSchema(z.unknown());
