import { currentLanguage } from '../i18n/i18n';
import { fetchApplicationMenu } from './application-menu';
import { fetchLoginUserInfo } from './login-user-info';

/** After a session was stored: who the user is and the menu, which the signed-in area needs first. */
export function loadSignedInState(): Promise<unknown> {
  return Promise.all([fetchLoginUserInfo(), fetchApplicationMenu(currentLanguage())]);
}
