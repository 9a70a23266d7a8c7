import type { FormInstance } from 'antd';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';

/**
 * After a refused save: puts the server's field problems on the form's fields and answers null, or
 * answers the message to show above the form (a refusal that names no field, e.g. an escalation).
 */
export function formErrorOf(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  fallback: string,
): string | null {
  if (isApiError(error) && placeFieldErrors(form, error.data, fields)) return null;
  return isApiError(error) && error.message ? error.message : fallback;
}
