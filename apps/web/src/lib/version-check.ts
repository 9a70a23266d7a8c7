import { VERSION_FILE_PATH } from '@portal/contracts/api-paths';
import type { VersionFile } from '@portal/contracts/application';
import { readRefreshToken, readStored, writeStored } from './storage';

/**
 * Spec section 4: the version file is polled on navigation; when the version changed and a refresh token
 * exists, the page reloads. The new version is remembered before reloading, so an old bundle still
 * served by a cache cannot reload in a loop.
 */
export function decideVersion(
  storedVersion: string | null,
  fetchedVersion: string,
  hasRefreshToken: boolean,
): 'unchanged' | 'reload' | 'wait' {
  if (storedVersion === null || storedVersion === fetchedVersion) return 'unchanged';
  return hasRefreshToken ? 'reload' : 'wait';
}

/** Remembers the running build's version the first time the portal starts in this browser. */
export function rememberRunningVersion(runningVersion: string): void {
  if (readStored('appVersion') === null) writeStored('appVersion', runningVersion);
}

let inFlight: Promise<void> | null = null;

/** Fetches `/versionUser.json?t=…` and reloads when a new version was deployed. Failures are ignored. */
export function checkForNewVersion(reload: () => void, fetchImpl: typeof fetch = fetch): Promise<void> {
  inFlight ??= (async () => {
    try {
      const response = await fetchImpl(`${VERSION_FILE_PATH}?t=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) return;
      const file = (await response.json()) as Partial<VersionFile>;
      if (typeof file.version !== 'string') return;
      const decision = decideVersion(readStored('appVersion'), file.version, readRefreshToken() !== null);
      if (decision === 'reload') {
        writeStored('appVersion', file.version);
        reload();
      }
    } catch {
      // Offline or the file is missing (development server): keep running the current build.
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
