import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { StoredFile } from '@portal/contracts/export-task';
import { ListLoadError } from '../../../components/list-load-error';
import { isApiError } from '../../../lib/http/api-error';
import { useLastPageWhenPastEnd, useListPaging } from '../../../lib/list-pagination';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteFiles } from '../api/delete-files';
import { downloadStoredFile } from '../api/download-file';
import { useFiles } from '../api/query-files';
import { UploadedFileCardList } from './uploaded-file-card-list';
import { UploadedFileTable } from './uploaded-file-table';

/** The uploads tab: the customer's uploaded files with download, delete and batch delete. */
export function UploadedFilesPanel() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const paging = useListPaging();
  const { page, pageSize } = paging;
  const [selection, setSelection] = useState({ page: 1, ids: [] as string[] });
  const selectedIds = selection.page === page ? selection.ids : [];
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const list = useFiles(page, pageSize);
  const remove = useDeleteFiles();
  const total = list.data?.total ?? 0;

  useLastPageWhenPastEnd(list.data, paging);

  const download = async (file: StoredFile) => {
    setDownloadingId(file.id);
    try {
      await downloadStoredFile(file);
    } catch (error) {
      if (!isApiError(error)) throw error;
    } finally {
      setDownloadingId(null);
    }
  };
  // Failures were shown by the request layer; the list stays as it was (the delete is all or none).
  const deleteFiles = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      uiEffects.showSuccess(t('fileManagement.deleted', { count: ids.length }));
      setSelection({ page, ids: selectedIds.filter((id) => !ids.includes(id)) });
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  if (list.isError)
    return (
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
    );
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="uploaded-file-skeleton" />;

  const List = isMobile ? UploadedFileCardList : UploadedFileTable;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('fileManagement.uploadsHint')}</Typography.Text>
        {selectedIds.length > 0 ? (
          <Popconfirm
            title={t('fileManagement.batchDeleteConfirm', { count: selectedIds.length })}
            okText={t('fileManagement.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteFiles(selectedIds)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              data-testid="uploaded-file-batch-delete"
            >
              {t('fileManagement.batchDelete')} ({selectedIds.length})
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
      <List
        files={list.data.items}
        isLoading={list.isFetching && list.isPlaceholderData}
        selectedIds={selectedIds}
        onSelect={(ids) => setSelection({ page, ids })}
        downloadingId={downloadingId}
        onDownload={(file) => void download(file)}
        onDelete={deleteFiles}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('fileManagement.noUploads')}
            data-testid="uploaded-file-empty"
          />
        }
        pagination={paging.paginationOf(total)}
      />
    </Flex>
  );
}
