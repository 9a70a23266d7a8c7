import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import {
  CERT_PHOTO_KINDS,
  CUSTOMER_INFO_LIMITS,
  type Certification,
  type CertPhotoKind,
} from '@portal/contracts/customer-info';
import { ListLoadError } from '../../../components/list-load-error';
import { formatFileSize } from '../../../lib/file-size';
import { formatDateTime } from '../../../lib/format-date';
import { isApiError } from '../../../lib/http/api-error';
import { placeFieldErrors } from '../../../lib/http/field-errors';
import { uiEffects } from '../../../lib/ui-effects';
import { useCertification } from '../api/get-certification';
import { useCurrUserInfo } from '../../../lib/session/curr-user-info';
import { useSubmitCertification } from '../api/submit-certification';
import { useUploadCertPhoto } from '../api/upload-image';
import { CertificationStateTag } from './certification-state-tag';
import { ImageUploadCard } from './image-upload-card';

interface Values {
  companyName: string;
  creditCode: string;
  legalRepresentative: string;
}
const FIELDS = ['companyName', 'creditCode', 'legalRepresentative'] as const;

function PhotoCard({ kind, certification }: { kind: CertPhotoKind; certification: Certification }) {
  const { t } = useTranslation();
  const upload = useUploadCertPhoto(kind);
  const maxBytes = useCurrUserInfo().data?.uploadLimits.certPhotoMaxBytes;
  return (
    <ImageUploadCard
      title={t(`customerInfo.photo.${kind}`)}
      hint={maxBytes ? t('customerInfo.photoHint', { size: formatFileSize(maxBytes) }) : ''}
      source={{ photo: kind }}
      version={certification.photos[kind]}
      upload={upload.mutateAsync}
      isUploading={upload.isPending}
      readOnly={!certification.canSubmit}
      testId={`cert-photo-${kind}`}
    />
  );
}

/**
 * Certification (org:manage): the state, the rejection reason, the licence and ID photos with previews,
 * and the company facts. Photos and facts can change while the state is none or rejected; submitting
 * sends them to staff (pending), who approve or reject through the operations API.
 */
export function CertificationPanel() {
  const { t } = useTranslation();
  const certification = useCertification();
  if (certification.isError)
    return (
      <ListLoadError
        error={certification.error}
        onRetry={() => void certification.refetch()}
        isRetrying={certification.isFetching}
      />
    );
  if (certification.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = certification.data;
  return (
    <Flex vertical gap={16} data-testid="certification">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('customerInfo.certificationState')}</Typography.Text>
        <CertificationStateTag
          state={data.state}
          isAwaitingDocuments={data.state === 'pending' && !data.submittedAt}
        />
        {data.submittedAt ? (
          <Typography.Text type="secondary">
            {t('customerInfo.submittedAt', { time: formatDateTime(data.submittedAt) })}
          </Typography.Text>
        ) : null}
      </Flex>
      {data.state === 'rejected' && data.rejectReason ? (
        <Alert
          type="error"
          showIcon
          title={t('customerInfo.rejectedTitle')}
          description={data.rejectReason}
          data-testid="reject-reason"
        />
      ) : null}
      {data.state === 'pending' && data.submittedAt ? (
        <Alert type="info" showIcon title={t('customerInfo.pendingHint')} />
      ) : null}
      {data.state === 'verified' ? (
        <Alert type="success" showIcon title={t('customerInfo.verifiedHint')} />
      ) : null}
      {data.state === 'none' || (data.state === 'pending' && !data.submittedAt) ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('customerInfo.certificationHint')}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={16} wrap>
        {CERT_PHOTO_KINDS.map((kind) => (
          <PhotoCard key={kind} kind={kind} certification={data} />
        ))}
      </Flex>
      {data.canSubmit ? <CertificationForm certification={data} /> : <SubmittedFacts certification={data} />}
    </Flex>
  );
}

function SubmittedFacts({ certification }: { certification: Certification }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ maxWidth: 560 }}
      items={[
        { key: 'company', label: t('customerInfo.certCompanyName'), children: certification.companyName },
        { key: 'code', label: t('customerInfo.creditCode'), children: certification.creditCode },
        {
          key: 'legal',
          label: t('customerInfo.legalRepresentative'),
          children: certification.legalRepresentative,
        },
      ]}
    />
  );
}

function CertificationForm({ certification }: { certification: Certification }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = useSubmitCertification();
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () =>
      form.setFieldsValue({
        companyName: certification.companyName ?? '',
        creditCode: certification.creditCode ?? '',
        legalRepresentative: certification.legalRepresentative ?? '',
      }),
    [form, certification.companyName, certification.creditCode, certification.legalRepresentative],
  );
  const photosMissing = CERT_PHOTO_KINDS.some((kind) => certification.photos[kind] === null);

  const send = async (values: Values) => {
    setError(null);
    try {
      await submit.mutateAsync(values);
      uiEffects.showSuccess(t('customerInfo.submitted'));
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      if (!placeFieldErrors(form, caught.data, FIELDS)) setError(caught.message);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form<Values>
      form={form}
      name="certification"
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(values) => void send(values)}
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="companyName"
        label={t('customerInfo.certCompanyName')}
        rules={required(t('customerInfo.certCompanyNameRequired'))}
      >
        <Input maxLength={CUSTOMER_INFO_LIMITS.companyName} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={t('customerInfo.creditCode')}
        rules={required(t('customerInfo.creditCodeRequired'))}
      >
        <Input maxLength={40} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="legalRepresentative"
        label={t('customerInfo.legalRepresentative')}
        rules={required(t('customerInfo.legalRepresentativeRequired'))}
      >
        <Input maxLength={CUSTOMER_INFO_LIMITS.legalRepresentative} autoComplete="off" />
      </Form.Item>
      {photosMissing ? (
        <Typography.Paragraph type="warning">{t('customerInfo.photosNeeded')}</Typography.Paragraph>
      ) : null}
      <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={photosMissing}>
        {t('customerInfo.submit')}
      </Button>
    </Form>
  );
}
