import { Button } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { ExceptionResult } from '../../../components/exception-result';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/500`. */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('route.serverError'));
  return (
    <ExceptionResult
      status="500"
      title={t('exception.serverErrorTitle')}
      description={t('exception.serverError')}
      action={
        <Button type="primary" onClick={() => navigate('/user/index')}>
          {t('exception.backHome')}
        </Button>
      }
    />
  );
}
