import { Flex } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { CurrUserInfo, ProfileImageKind } from '@portal/contracts/customer-info';
import { Permission } from '@portal/contracts/permissions';
import { useAccess } from '../../../lib/access/use-access';
import { formatFileSize } from '../../../lib/file-size';
import { useUploadProfileImage } from '../api/upload-image';
import { ImageUploadCard } from './image-upload-card';

function PictureCard({
  kind,
  version,
  readOnly,
  maxBytes,
}: {
  kind: ProfileImageKind;
  version: string | null;
  readOnly: boolean;
  maxBytes: number;
}) {
  const { t } = useTranslation();
  const upload = useUploadProfileImage(kind);
  return (
    <ImageUploadCard
      title={t(`customerInfo.image.${kind}`)}
      hint={t('customerInfo.imageHint', { size: formatFileSize(maxBytes) })}
      source={{ kind }}
      version={version}
      upload={upload.mutateAsync}
      isUploading={upload.isPending}
      readOnly={readOnly}
      testId={`picture-${kind}`}
    />
  );
}

/** The company's logo and QR code (org:manage changes them) and the user's own avatar. */
export function ProfilePictures({ images, maxBytes }: { images: CurrUserInfo['images']; maxBytes: number }) {
  const { can } = useAccess();
  const manages = can(Permission.OrgManage);
  return (
    <Flex gap={16} wrap>
      <PictureCard kind="avatar" version={images.avatar} readOnly={false} maxBytes={maxBytes} />
      <PictureCard kind="logo" version={images.logo} readOnly={!manages} maxBytes={maxBytes} />
      <PictureCard kind="qrCode" version={images.qrCode} readOnly={!manages} maxBytes={maxBytes} />
    </Flex>
  );
}
