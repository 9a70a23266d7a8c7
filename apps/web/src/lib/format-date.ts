import dayjs from 'dayjs';

/** A UTC instant from the API shown in the browser's time zone, e.g. `2025-03-01 14:05:09`. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm:ss') : '';
}
