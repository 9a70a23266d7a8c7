import type { AppConfig } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

export { StoredFileMissing, type FileStorage } from './file-storage.ts';

/** The configured file storage: FILE_STORAGE=local (default) or s3. */
export function createFileStorage(config: AppConfig['storage']): FileStorage {
  return config.kind === 'local' ? new LocalFileStorage(config.dir) : new S3FileStorage(config);
}
