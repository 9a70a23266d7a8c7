import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { ApiPageFrame } from '../components/api-page-frame';
import { ApiTestConsole } from '../components/api-test-console';
import { DocumentLoadFailed } from '../components/document-load-failed';
import { useDocumentLanguage } from '../lib/use-document-language';

/**
 * `/user/userCenterManagement/apiTest` (PRODUCT.md section 4): builds a request for any operation of the
 * document, sends it with a pasted token and shows the answer and the curl command.
 */
export default function ApiTestPage() {
  const { t } = useTranslation();
  return (
    <ApiPageFrame title={t('apiDocs.testTitle')}>
      <TestContent />
    </ApiPageFrame>
  );
}

function TestContent() {
  const language = useDocumentLanguage();
  const query = useOpenApiDocument(language);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError || !query.data)
    return (
      <DocumentLoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  return <ApiTestConsole doc={query.data} />;
}
