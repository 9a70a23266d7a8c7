import { useState } from 'react';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Image, Skeleton, Typography, Upload } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { IMAGE_UPLOAD_ACCEPT } from '@portal/contracts/customer-info';
import { isApiError } from '../../../lib/http/api-error';
import { uiEffects } from '../../../lib/ui-effects';
import { useImage, type ImageSource } from '../../../lib/session/customer-image';

interface ImageUploadCardProps {
  title: string;
  hint: string;
  source: ImageSource;
  /** When the picture was uploaded, or null when there is none. */
  version: string | null;
  upload: (file: File) => Promise<unknown>;
  isUploading: boolean;
  /** The user may not change it (no permission, or a certification under review). */
  readOnly?: boolean;
  testId: string;
}

/**
 * One picture with its preview and an upload button. The server decides what a picture is (by its
 * content) and re-encodes it; its refusal (type, size, dimensions) is shown under the preview.
 */
export function ImageUploadCard(props: ImageUploadCardProps) {
  const { t } = useTranslation();
  const image = useImage(props.source, props.version);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File) => {
    setError(null);
    try {
      await props.upload(file);
      uiEffects.showSuccess(t('customerInfo.imageUploaded'));
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('customerInfo.uploadFailed'));
    }
  };

  let preview;
  if (props.version === null)
    preview = (
      <Flex vertical align="center" justify="center" gap={4} className="customer-image-empty">
        <PictureOutlined style={{ fontSize: 28 }} aria-hidden />
        <Typography.Text type="secondary">{t('customerInfo.noImage')}</Typography.Text>
      </Flex>
    );
  else if (image.isPending) preview = <Skeleton.Image active />;
  else if (image.isError)
    preview = (
      <Flex vertical align="center" justify="center" gap={4} className="customer-image-empty">
        <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
        <Button size="small" onClick={() => void image.refetch()}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  else
    preview = (
      <Image src={image.data} alt={props.title} width={140} height={140} className="customer-image" />
    );

  return (
    <Card size="small" title={props.title} data-testid={props.testId} style={{ width: 220 }}>
      <Flex vertical align="center" gap={8}>
        {preview}
        {props.readOnly ? null : (
          <Upload
            accept={IMAGE_UPLOAD_ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={props.isUploading}>
              {props.version ? t('customerInfo.replaceImage') : t('customerInfo.uploadImage')}
            </Button>
          </Upload>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {props.hint}
        </Typography.Text>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Flex>
    </Card>
  );
}
