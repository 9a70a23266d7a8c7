import { Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ExportTask } from '@portal/contracts/export-task';
import { taskProgress } from '../../../lib/export-task/export-task-list';

const STATUS_COLOR = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
} as const;

/** The task's status, its progress bar while queued or running, and the reason when it failed. */
export function ExportTaskProgress({ task }: { task: ExportTask }) {
  const { t } = useTranslation();
  const progress = taskProgress(task);
  const isActive = task.status === 'queued' || task.status === 'running';
  return (
    <Flex
      vertical
      gap={4}
      style={{ minWidth: 160 }}
      data-testid="export-task-status"
      data-status={task.status}
    >
      <span>
        <Tag color={STATUS_COLOR[task.status]} style={{ marginInlineEnd: 0 }}>
          {t(`exportTask.status.${task.status}`)}
        </Tag>
      </span>
      {isActive ? (
        <Progress
          percent={progress.percent}
          status={progress.status}
          size="small"
          aria-label={t('exportTask.progress')}
          data-testid="export-task-progress"
        />
      ) : null}
      {task.status === 'failed' && task.error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="export-task-error">
          {task.error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
