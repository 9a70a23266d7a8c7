const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** `1536` → `"1.50 KB"`: B, KB, MB or GB (1024 steps) with two decimals; GB is the largest unit. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0.00 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
