import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentLoadError } from '../api/get-openapi-document';

/** The document could not be loaded: why, in the user's words, and a retry. */
export function DocumentLoadFailed({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation();
  const status = error instanceof DocumentLoadError ? error.status : null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="api-document-error"
      title={t('apiDocs.documentLoadFailed')}
      description={status === null ? t('apiDocs.networkError') : t('apiDocs.documentStatus', { status })}
      action={
        <Button onClick={onRetry} loading={isRetrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
