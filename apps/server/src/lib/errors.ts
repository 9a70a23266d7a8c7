import { ApiCode } from '@portal/contracts/envelope';
import type { FieldError } from '@portal/contracts/envelope';

/**
 * A failure the caller should see: a body code, a message key translated into the caller's language,
 * and optional data. Services throw these; the error handler turns them into envelopes.
 */
export class AppError extends Error {
  /** What a caller without `permission` is told instead (see `withheldFrom`). */
  withheld?: { permission: string; error: AppError };

  constructor(
    readonly code: ApiCode,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }

  /**
   * This refusal names figures only callers holding `permission` may read (the company's balance); the
   * error handler answers `instead` to everyone else.
   */
  withheldFrom(permission: string, instead: AppError): this {
    this.withheld = { permission, error: instead };
    return this;
  }
}

export const notFound = () => new AppError(ApiCode.NotFound, 'error.resourceNotFound');
export const forbidden = (permission: string) =>
  new AppError(ApiCode.Forbidden, 'auth.forbidden', { permission });
export const conflict = (messageKey: string, params?: Record<string, string | number>) =>
  new AppError(ApiCode.Conflict, messageKey, params);
/** A business-rule failure tied to one field, answered like a validation failure. */
export const invalidField = (field: string, messageKey: string, params?: Record<string, string | number>) =>
  new AppError(ApiCode.BadRequest, messageKey, params, {
    errors: [{ field, message: messageKey }] satisfies FieldError[],
  });
