import type { FieldError } from '@portal/contracts/envelope';

/** The per-field problems of a code-400 answer (`data.errors`), or none. */
export function fieldErrorsOf(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return [];
  const errors = (data as { errors: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter(
        (e): e is FieldError => typeof e === 'object' && e !== null && 'field' in e && 'message' in e,
      )
    : [];
}
