import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ExportTask } from '@portal/contracts/export-task';
import { ListLoadError } from '../../../components/list-load-error';
import { activeTaskIds } from '../../../lib/export-task/export-task-list';
import { isApiError } from '../../../lib/http/api-error';
import { useLastPageWhenPastEnd, useListPaging } from '../../../lib/list-pagination';
import { uiEffects } from '../../../lib/ui-effects';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { downloadExportTask } from '../api/download-export-task';
import { useExportTaskRefresh, useExportTasks } from '../api/query-export-tasks';
import { ExportTaskCardList } from './export-task-card-list';
import { ExportTaskTable } from './export-task-table';

/** The server takes at most this many ids per refresh. */
const MAX_REFRESH_IDS = 100;

/** The exports tab: one page of tasks, the running ones polled and updated in place until they finish. */
export function ExportTasksPanel() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const paging = useListPaging();
  const { page, pageSize } = paging;
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const list = useExportTasks(page, pageSize);
  const tasks = list.data?.items;
  const total = list.data?.total ?? 0;

  const runningIds = useMemo(() => activeTaskIds(tasks ?? []).slice(0, MAX_REFRESH_IDS), [tasks]);
  useExportTaskRefresh(list.isPlaceholderData ? [] : runningIds);

  useLastPageWhenPastEnd(list.data, paging);

  const download = async (task: ExportTask) => {
    setDownloadingId(task.exportTaskID);
    try {
      const fileName = await downloadExportTask(task);
      uiEffects.showSuccess(t('fileManagement.downloaded', { fileName }));
    } catch (error) {
      if (!isApiError(error)) throw error;
    } finally {
      setDownloadingId(null);
    }
  };

  if (list.isError)
    return (
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
    );
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="export-task-skeleton" />;

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{t('fileManagement.noExports')}</Typography.Text>
          <Typography.Text type="secondary" style={{ maxWidth: 440, textWrap: 'balance' }}>
            {t('fileManagement.noExportsHint')}
          </Typography.Text>
        </Flex>
      }
      data-testid="export-task-empty"
    />
  );

  const List = isMobile ? ExportTaskCardList : ExportTaskTable;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">
          {runningIds.length > 0
            ? t('fileManagement.runningHint', { count: runningIds.length })
            : t('fileManagement.expiryHint')}
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isPending}
          data-testid="export-task-reload"
        >
          {t('fileManagement.reload')}
        </Button>
      </Flex>
      <List
        tasks={tasks ?? []}
        isLoading={list.isFetching && list.isPlaceholderData}
        downloadingId={downloadingId}
        onDownload={(task) => void download(task)}
        emptyText={empty}
        pagination={paging.paginationOf(total)}
      />
    </Flex>
  );
}
