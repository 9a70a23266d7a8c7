import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { DocumentLoadError, useOpenApiDocument } from '../api/get-openapi-document';
import type { OpenApiDocument } from '../lib/openapi-model';
import { useDocumentLanguage } from '../lib/use-document-language';

/**
 * The open API's document in the interface language, handed to `children` once loaded; a skeleton while it
 * loads and a retry when it does not (the document page and the test page both start from it).
 */
export function WithOpenApiDocument({
  skeletonRows,
  children,
}: {
  skeletonRows: number;
  children: (doc: OpenApiDocument) => ReactNode;
}) {
  const language = useDocumentLanguage();
  const query = useOpenApiDocument(language);
  if (query.isPending) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  if (query.isError || !query.data)
    return (
      <DocumentLoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  return children(query.data);
}

/** The document could not be loaded: why, in the user's words, and a retry. */
function DocumentLoadFailed({
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
