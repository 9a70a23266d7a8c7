import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { StoredFile } from '@portal/contracts/export-task';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/file-size';
import { fileTypeLabel } from '../lib/file-type';

export interface UploadedFileTableProps {
  files: StoredFile[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  downloadingId: string | null;
  onDownload: (file: StoredFile) => void;
  onDelete: (ids: string[]) => Promise<unknown>;
  emptyText: ReactNode;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The files the customer uploaded, with download and delete (asked first). */
export function UploadedFileTable(props: UploadedFileTableProps) {
  const { files, isLoading, pagination, selectedIds, onSelect, emptyText } = props;
  const { t } = useTranslation();

  const columns: TableColumnsType<StoredFile> = [
    {
      title: t('fileManagement.column.fileName'),
      dataIndex: 'fileName',
      width: 280,
      ellipsis: true,
      render: (name: string) => (
        <Typography.Text strong title={name} data-testid="uploaded-file-name">
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('fileManagement.column.purpose'),
      dataIndex: 'purpose',
      width: 140,
      render: (purpose: StoredFile['purpose']) => <Tag>{t(`fileManagement.purpose.${purpose}`)}</Tag>,
    },
    {
      title: t('fileManagement.column.type'),
      dataIndex: 'contentType',
      width: 110,
      render: (type: string) => <span title={type}>{fileTypeLabel(type)}</span>,
    },
    {
      title: t('fileManagement.column.size'),
      dataIndex: 'fileSize',
      width: 110,
      align: 'right',
      render: (size: number) => <span style={NO_WRAP}>{formatFileSize(size)}</span>,
    },
    {
      title: t('fileManagement.column.uploadedBy'),
      dataIndex: 'uploadedBy',
      width: 120,
      render: (name: string | null) => name || dash,
    },
    {
      title: t('fileManagement.column.uploadedAt'),
      dataIndex: 'createdAt',
      width: 160,
      render: (value: string) => <span style={NO_WRAP}>{formatDateTime(value)}</span>,
    },
    {
      title: t('fileManagement.column.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, file) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={props.downloadingId === file.id}
            onClick={() => props.onDownload(file)}
            data-testid="uploaded-file-download"
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
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              data-testid="uploaded-file-delete"
            >
              {t('fileManagement.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Table<StoredFile>
      rowKey="id"
      columns={columns}
      dataSource={files}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys.map(String)),
        preserveSelectedRowKeys: false,
      }}
      data-testid="uploaded-file-table"
    />
  );
}
