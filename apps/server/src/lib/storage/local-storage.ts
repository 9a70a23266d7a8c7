import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '../ids.ts';
import { assertSafeKey, StoredFileMissing, type FileStorage } from './file-storage.ts';

/**
 * Files in a local directory. A put writes a temporary file beside the target and renames it over the
 * target, so a reader never sees half a file and a failed write leaves nothing behind.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key check already rules out `..` and absolute paths.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes the root');
    return full;
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${newId()}.partial`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const stream = createReadStream(file);
    // Open before answering, so a missing file is an error here rather than mid-response.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new StoredFileMissing(key) : error),
      );
    });
    return stream;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
