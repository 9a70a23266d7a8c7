import { useEffect } from 'react';
import { ApiPath } from '@portal/contracts/api-paths';
import type { ApplicationInfo } from '@portal/contracts/application';
import { http } from '../http/client';
import { useLanguage } from '../i18n/use-language';
import { writeStored } from '../storage';
import { useStored } from '../use-stored';

/** `GET /api/ApplicationInfo/GetApplicationInfo` (public): branding for this host name, in the caller's language. */
export async function fetchApplicationInfo(): Promise<ApplicationInfo> {
  const info = await http.get<ApplicationInfo>(ApiPath.GetApplicationInfo);
  writeStored('applicationInfo', info);
  return info;
}

let fetchedFor: string | null = null;

/** Fetches once per page load and language; failures leave the stored copy in place. */
function refreshApplicationInfo(language: string): void {
  if (fetchedFor === language) return;
  fetchedFor = language;
  fetchApplicationInfo().catch(() => {
    fetchedFor = null;
  });
}

/**
 * The stored copy shows at once; the server's answer replaces it once per page load and language.
 * Kept free of the query library on purpose: the login page and the document head use it.
 */
export function useApplicationInfo(): { data: ApplicationInfo | undefined } {
  const info = useStored('applicationInfo');
  const language = useLanguage();
  useEffect(() => refreshApplicationInfo(language), [language]);
  return { data: info ?? undefined };
}
