import { useEffect } from 'react';
import { loadAllMessages } from './i18n';

/**
 * For a first screen (the sign-in page, the home page): once it has rendered, fetch the rest of the messages
 * (lib/i18n/start-messages.ts) that any other page or dialog will need, so they do not compete with the
 * first screen's own downloads. A failure is left for the next lazily loaded page to retry.
 */
export function useAllMessagesAfterPaint(): void {
  useEffect(() => {
    loadAllMessages().catch(() => undefined);
  }, []);
}
