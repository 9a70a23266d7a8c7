import type { FormInstance } from 'antd';
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

/**
 * Puts a code-400 answer's field problems on those of the form's fields named in `fields`; answers whether
 * any was placed (when none was, the caller shows the answer's message above the form).
 */
export function placeFieldErrors(form: FormInstance, data: unknown, fields: readonly string[]): boolean {
  const errors = fieldErrorsOf(data).filter((e) => fields.includes(e.field));
  if (errors.length > 0) form.setFields(errors.map((e) => ({ name: e.field, errors: [e.message] })));
  return errors.length > 0;
}
