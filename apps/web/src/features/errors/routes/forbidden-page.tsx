import { Button } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { ExceptionResult } from '../../../components/exception-result';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * `/403`: a route whose permission or role the user lacks. Signed in, it fills only the content area of
 * the shell, so the header, menu and tabs stay and the user can go on from there.
 */
export default function ForbiddenPage({ isEmbedded = false }: { isEmbedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('route.forbidden'));
  return (
    <ExceptionResult
      status="403"
      isFullScreen={!isEmbedded}
      title={t('exception.forbiddenTitle')}
      description={t('exception.forbidden')}
      action={
        <Button type="primary" onClick={() => navigate('/user/index')}>
          {t('exception.backHome')}
        </Button>
      }
    />
  );
}
