import type { ReactNode } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ExportTask } from '@portal/contracts/export-task';
import { formatDateTime } from '../../../lib/format-date';
import { isTaskActive } from '../../../lib/export-task/export-task-list';
import { formatFileSize } from '../../../lib/file-size';
import { isDownloadable, isExpired } from '../lib/export-task-facts';
import { ExportTaskProgress } from './export-task-progress';
import './file-management.css';

export interface ExportTaskTableProps {
  tasks: ExportTask[];
  isLoading: boolean;
  pagination: TablePaginationConfig;
  downloadingId: string | null;
  onDownload: (task: ExportTask) => void;
  emptyText: ReactNode;
}

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The export tasks, newest first; rows are keyed by `exportTaskID` so running ones update in place. */
export function ExportTaskTable(props: ExportTaskTableProps) {
  const { tasks, isLoading, pagination, downloadingId, onDownload, emptyText } = props;
  const { t } = useTranslation();

  const columns: TableColumnsType<ExportTask> = [
    {
      title: t('fileManagement.column.file'),
      key: 'file',
      width: 250,
      render: (_, task) => {
        const kind = t(`exportTask.kind.${task.kind}`);
        const name = task.fileName ?? (isTaskActive(task) ? t('exportTask.pendingName', { kind }) : kind);
        return (
          <Flex vertical gap={2}>
            <Typography.Text strong style={NO_WRAP} data-testid="export-task-name">
              {name}
            </Typography.Text>
            <span>
              {task.fileName ? <Tag style={{ marginInlineEnd: 4 }}>{kind}</Tag> : null}
              <Tag style={{ marginInlineEnd: 0 }}>{task.format.toUpperCase()}</Tag>
            </span>
          </Flex>
        );
      },
    },
    {
      title: t('fileManagement.column.status'),
      key: 'status',
      width: 200,
      render: (_, task) => <ExportTaskProgress task={task} />,
    },
    {
      title: t('fileManagement.column.rows'),
      dataIndex: 'rowCount',
      width: 90,
      align: 'right',
      render: (count: number | null) => (count === null ? dash : count.toLocaleString()),
    },
    {
      title: t('fileManagement.column.size'),
      dataIndex: 'fileSize',
      width: 110,
      align: 'right',
      render: (size: number | null) =>
        size === null ? dash : <span style={NO_WRAP}>{formatFileSize(size)}</span>,
    },
    {
      title: t('fileManagement.column.times'),
      key: 'times',
      width: 250,
      render: (_, task) => (
        <dl className="export-task-times">
          <dt>
            <Typography.Text type="secondary">{t('fileManagement.column.createdAt')}</Typography.Text>
          </dt>
          <dd>{formatDateTime(task.createdAt)}</dd>
          {task.finishedAt ? (
            <>
              <dt>
                <Typography.Text type="secondary">{t('fileManagement.column.finishedAt')}</Typography.Text>
              </dt>
              <dd>{formatDateTime(task.finishedAt)}</dd>
            </>
          ) : null}
          {task.expiresAt ? (
            <>
              <dt>
                <Typography.Text type="secondary">{t('fileManagement.column.expiresAt')}</Typography.Text>
              </dt>
              <dd data-testid="export-task-expires">
                <Typography.Text type={isExpired(task) ? 'secondary' : undefined}>
                  {formatDateTime(task.expiresAt)}
                  {isExpired(task) ? ` · ${t('fileManagement.expired')}` : ''}
                </Typography.Text>
              </dd>
            </>
          ) : null}
        </dl>
      ),
    },
    {
      title: t('fileManagement.column.actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, task) => {
        const canDownload = isDownloadable(task);
        const button = (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            disabled={!canDownload}
            loading={downloadingId === task.exportTaskID}
            onClick={() => onDownload(task)}
            data-testid="export-task-download"
          >
            {t('fileManagement.download')}
          </Button>
        );
        return canDownload ? (
          button
        ) : (
          <Tooltip title={t(`fileManagement.notDownloadable.${reasonOf(task)}`)}>{button}</Tooltip>
        );
      },
    },
  ];

  return (
    <Table<ExportTask>
      rowKey="exportTaskID"
      columns={columns}
      dataSource={tasks}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      data-testid="export-task-table"
    />
  );
}

function reasonOf(task: ExportTask): 'running' | 'failed' | 'expired' {
  if (task.status === 'failed') return 'failed';
  if (task.status === 'succeeded') return 'expired';
  return 'running';
}
