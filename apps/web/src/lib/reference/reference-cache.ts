import { REFERENCE_MAX_AGE_SECONDS } from '@portal/contracts/constants';

/**
 * Reference data changes a few times a year; the server also lets the browser cache it. One hour fresh
 * (the server's max-age) and kept for a day, so every form that needs it opens instantly.
 */
export const REFERENCE_STALE_TIME_MS = REFERENCE_MAX_AGE_SECONDS * 1000;
export const REFERENCE_GC_TIME_MS = 24 * 60 * 60 * 1000;
