import { Button, Card, Checkbox, Flex, Popconfirm, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CardListPager } from '../../../components/card-list-pager';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/file-size';
import { fileTypeLabel } from '../lib/file-type';
import type { UploadedFileTableProps } from './uploaded-file-table';

/** The uploaded files on phones: one card per file with download and delete. */
export function UploadedFileCardList(props: UploadedFileTableProps) {
  const { files, isLoading, pagination, selectedIds, onSelect, emptyText } = props;
  const { t } = useTranslation();
  const toggle = (id: string, isChecked: boolean) =>
    onSelect(isChecked ? [...selectedIds, id] : selectedIds.filter((selected) => selected !== id));
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={12} data-testid="uploaded-file-cards">
        {files.length === 0 ? emptyText : null}
        {files.map((file) => (
          <Card
            key={file.id}
            size="small"
            styles={{ body: { padding: 12 } }}
            data-testid="uploaded-file-card"
          >
            <Flex gap={8} align="flex-start">
              <Checkbox
                checked={selectedIds.includes(file.id)}
                onChange={(event) => toggle(file.id, event.target.checked)}
                aria-label={file.fileName}
              />
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {file.fileName}
                </Typography.Text>
                <span>
                  <Tag style={{ marginInlineEnd: 4 }}>{t(`fileManagement.purpose.${file.purpose}`)}</Tag>
                  <Typography.Text type="secondary">
                    {fileTypeLabel(file.contentType)} · {formatFileSize(file.fileSize)}
                  </Typography.Text>
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {[file.uploadedBy, formatDateTime(file.createdAt)].filter(Boolean).join(' · ')}
                </Typography.Text>
                <Flex gap={4} style={{ marginInlineStart: -8, marginTop: 4 }}>
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={props.downloadingId === file.id}
                    onClick={() => props.onDownload(file)}
                  >
                    {t('fileManagement.download')}
                  </Button>
                  <Popconfirm
                    title={t('fileManagement.deleteConfirm', { name: file.fileName })}
                    okText={t('fileManagement.delete')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => props.onDelete([file.id])}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                      {t('fileManagement.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              </Flex>
            </Flex>
          </Card>
        ))}
        <CardListPager pagination={pagination} />
      </Flex>
    </Spin>
  );
}
