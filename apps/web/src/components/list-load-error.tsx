import { Button, Flex, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import { isApiError } from '../lib/http/api-error';

interface ListLoadErrorProps {
  /** The query's error: its message (already in the user's language) and request id are shown. */
  error: unknown;
  onRetry: () => void;
  /** The retry is on its way: the button spins and cannot be pressed twice. */
  isRetrying?: boolean;
}

/**
 * What every list shows when its load failed, instead of the empty state (which would claim there is
 * nothing): what failed, what to do, a retry button and the request id small for support.
 */
export function ListLoadError({ error, onRetry, isRetrying = false }: ListLoadErrorProps) {
  const { t } = useTranslation();
  const reason = isApiError(error) && error.message ? error.message : t('http.unknownError');
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Result
      status="warning"
      title={t('common.listLoadFailed')}
      subTitle={
        <Flex vertical gap={4} align="center">
          <span>{reason}</span>
          {requestId ? (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12 }}
              data-testid="list-load-error-request-id"
            >
              {t('http.requestId', { id: requestId })}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          loading={isRetrying}
          onClick={onRetry}
          data-testid="list-retry"
        >
          {t('common.retry')}
        </Button>
      }
      data-testid="list-load-error"
    />
  );
}
