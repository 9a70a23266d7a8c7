import { useEffect } from 'react';
import { useTranslation } from './i18n/use-translation';
import { useApplicationInfo } from './session/application-info';

/** Sets the browser tab's title to "<page> - <web name>" (the web name comes from the application info). */
export function useDocumentTitle(pageTitle: string | null): void {
  const { t } = useTranslation();
  const { data: info } = useApplicationInfo();
  const siteName = info?.webName || t('app.defaultName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${siteName}` : siteName;
  }, [pageTitle, siteName]);
}
