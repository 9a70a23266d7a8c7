import { currentLanguage, translate } from '../i18n/i18n';
import { uiEffects } from '../ui-effects';
import { createRequestClient } from './request-client';

/** The portal's one HTTP client; every fetcher uses it. */
export const http = createRequestClient({ effects: uiEffects, translate, getLanguage: currentLanguage });
