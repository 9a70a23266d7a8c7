import { Button } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { ExceptionResult } from '../../../components/exception-result';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/404` and every unknown path. Inside the signed-in shell it fills only the content area. */
export default function NotFoundPage({ isEmbedded = false }: { isEmbedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('route.notFound'));
  return (
    <ExceptionResult
      status="404"
      isFullScreen={!isEmbedded}
      title={t('exception.notFoundTitle')}
      description={t('exception.notFound')}
      action={
        <Button type="primary" onClick={() => navigate('/user/index')}>
          {t('exception.backHome')}
        </Button>
      }
    />
  );
}
