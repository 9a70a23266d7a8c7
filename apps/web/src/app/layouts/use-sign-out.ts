import { useTranslation } from '../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/session/logout';
import { clearSession } from '../../lib/storage';
import { uiEffects } from '../../lib/ui-effects';

/** Ends the session on the server (`POST /api/Login/Logout`), then forgets it here and opens /login. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      // Already ended on the server (or offline): the local sign-out still happens.
    }
    // Also empties the query cache (see onSessionCleared).
    clearSession();
    await navigate('/login', { replace: true });
    uiEffects.showSuccess(t('header.signedOut'));
  };
}
