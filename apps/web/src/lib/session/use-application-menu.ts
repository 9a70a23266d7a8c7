import { useQuery } from '@tanstack/react-query';
import {
  fetchApplicationMenu,
  latestApplicationMenu,
  takePrefetchedApplicationMenu,
} from './application-menu';

/** Keyed by language because the server writes the titles in the caller's language. */
export function useApplicationMenu(language: string) {
  return useQuery({
    queryKey: ['applicationMenu', language],
    queryFn: () => takePrefetchedApplicationMenu(language) ?? fetchApplicationMenu(language),
    initialData: () => latestApplicationMenu(language)?.menu,
    initialDataUpdatedAt: () => latestApplicationMenu(language)?.at,
  });
}
