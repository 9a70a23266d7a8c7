import { QueryClient } from '@tanstack/react-query';
import { onSessionCleared } from './storage';

/**
 * Shared query cache. Retries are off because the request layer already retries GETs that failed on the
 * network and reports every other failure itself.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Cached answers belong to the signed-in user: every way a session ends (and every new sign-in) drops them.
onSessionCleared(() => queryClient.clear());
