import type { Readable } from 'node:stream';

/**
 * Where uploaded and exported files live: a local directory (default, one instance or a shared volume)
 * or an S3-compatible bucket (several instances). Keys are `/`-separated paths of safe segments
 * (`exports/<customer>/<id>.xlsx`); `assertSafeKey` refuses anything else.
 */
export interface FileStorage {
  /** Stores the whole body under `key` (replacing what was there); answers its size in bytes. */
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<{ size: number }>;
  /** The stored bytes; throws StoredFileMissing when there is nothing under `key`. */
  get(key: string): Promise<Readable>;
  /** Size of what is stored under `key`, or null. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes `key`; nothing there is not an error. */
  delete(key: string): Promise<void>;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StoredFileMissing';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Letters, digits, `. _ -` per segment, no empty, dot-only or leading-dot segment, at most 512 characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.some((segment) => !SEGMENT.test(segment) || /^\.+$/.test(segment)))
    throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}
