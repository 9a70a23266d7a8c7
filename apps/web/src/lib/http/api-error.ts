import type { ApiCode } from '@portal/contracts/envelope';

/**
 * A failed call. `code` is the body code (or the HTTP status when the answer had no envelope);
 * `isHandled` says the request layer already told the user, so callers only need to stop.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiCode | number,
    readonly data: unknown = null,
    readonly isHandled = true,
    /** The server's `x-request-id` for this call, when it answered; shown small for support. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A request the client cancelled (a duplicate sign-in, an aborted quote): axios marks them `__CANCEL__`.
 * Written out so a page can tell without importing axios (it loads with the first call, client.ts).
 */
export function isCancelledRequest(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true
  );
}
