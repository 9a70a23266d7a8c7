import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentLanguage } from '../lib/use-document-language';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { ApiPageFrame } from '../components/api-page-frame';
import { ApiDocumentView } from '../components/api-document-view';
import { DocumentLoadFailed } from '../components/document-load-failed';

/**
 * `/user/userCenterManagement/apiDocument` (PRODUCT.md section 4): the open API's OpenAPI 3.1 document,
 * rendered in the interface language; inside the shell when signed in, public otherwise.
 */
export default function ApiDocumentPage() {
  const { t } = useTranslation();
  return (
    <ApiPageFrame title={t('apiDocs.documentTitle')}>
      <DocumentContent />
    </ApiPageFrame>
  );
}

function DocumentContent() {
  const language = useDocumentLanguage();
  const query = useOpenApiDocument(language);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data)
    return (
      <DocumentLoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  return <ApiDocumentView doc={query.data} />;
}
