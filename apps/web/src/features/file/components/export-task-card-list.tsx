import { Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CardListPager } from '../../../components/card-list-pager';
import { isTaskActive } from '../../../lib/export-task/export-task-list';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/file-size';
import { isDownloadable } from '../lib/export-task-facts';
import { ExportTaskProgress } from './export-task-progress';
import type { ExportTaskTableProps } from './export-task-table';

/** The export tasks on phones: one card per task with its progress and download, nothing scrolls sideways. */
export function ExportTaskCardList(props: ExportTaskTableProps) {
  const { tasks, isLoading, pagination, downloadingId, onDownload, emptyText } = props;
  const { t } = useTranslation();
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={12} data-testid="export-task-cards">
        {tasks.length === 0 ? emptyText : null}
        {tasks.map((task) => {
          const kind = t(`exportTask.kind.${task.kind}`);
          const facts = [
            task.rowCount === null
              ? null
              : `${t('fileManagement.column.rows')} ${task.rowCount.toLocaleString()}`,
            task.fileSize === null ? null : formatFileSize(task.fileSize),
          ].filter(Boolean);
          return (
            <Card
              key={task.exportTaskID}
              size="small"
              styles={{ body: { padding: 12 } }}
              data-testid="export-task-card"
            >
              <Flex vertical gap={6}>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <Flex vertical gap={2} style={{ minWidth: 0 }}>
                    <Typography.Text strong style={{ wordBreak: 'break-all' }} data-testid="export-task-name">
                      {task.fileName ?? (isTaskActive(task) ? t('exportTask.pendingName', { kind }) : kind)}
                    </Typography.Text>
                    <span>
                      <Tag style={{ marginInlineEnd: 4 }}>{kind}</Tag>
                      <Tag style={{ marginInlineEnd: 0 }}>{task.format.toUpperCase()}</Tag>
                    </span>
                  </Flex>
                  {isDownloadable(task) ? (
                    <Button
                      icon={<DownloadOutlined />}
                      loading={downloadingId === task.exportTaskID}
                      onClick={() => onDownload(task)}
                      data-testid="export-task-download"
                    >
                      {t('fileManagement.download')}
                    </Button>
                  ) : null}
                </Flex>
                <ExportTaskProgress task={task} />
                {facts.length > 0 ? <Typography.Text>{facts.join(' · ')}</Typography.Text> : null}
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('fileManagement.column.createdAt')} {formatDateTime(task.createdAt)}
                  {task.expiresAt
                    ? ` · ${t('fileManagement.column.expiresAt')} ${formatDateTime(task.expiresAt)}`
                    : ''}
                </Typography.Text>
              </Flex>
            </Card>
          );
        })}
        <CardListPager pagination={pagination} />
      </Flex>
    </Spin>
  );
}
