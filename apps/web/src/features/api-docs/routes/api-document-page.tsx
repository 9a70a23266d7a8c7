import { useTranslation } from '../../../lib/i18n/use-translation';
import { ApiPageFrame } from '../components/api-page-frame';
import { ApiDocumentView } from '../components/api-document-view';
import { WithOpenApiDocument } from '../components/with-openapi-document';

/**
 * `/user/userCenterManagement/apiDocument` (PRODUCT.md section 4): the open API's OpenAPI 3.1 document,
 * rendered in the interface language; inside the shell when signed in, public otherwise.
 */
export default function ApiDocumentPage() {
  const { t } = useTranslation();
  return (
    <ApiPageFrame title={t('apiDocs.documentTitle')}>
      <WithOpenApiDocument skeletonRows={12}>{(doc) => <ApiDocumentView doc={doc} />}</WithOpenApiDocument>
    </ApiPageFrame>
  );
}
