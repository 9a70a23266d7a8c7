import { useTranslation } from '../../../lib/i18n/use-translation';
import { ApiPageFrame } from '../components/api-page-frame';
import { ApiTestConsole } from '../components/api-test-console';
import { WithOpenApiDocument } from '../components/with-openapi-document';

/**
 * `/user/userCenterManagement/apiTest` (PRODUCT.md section 4): builds a request for any operation of the
 * document, sends it with a pasted token and shows the answer and the curl command.
 */
export default function ApiTestPage() {
  const { t } = useTranslation();
  return (
    <ApiPageFrame title={t('apiDocs.testTitle')}>
      <WithOpenApiDocument skeletonRows={10}>{(doc) => <ApiTestConsole doc={doc} />}</WithOpenApiDocument>
    </ApiPageFrame>
  );
}
