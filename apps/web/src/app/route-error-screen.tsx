import { Button, theme } from 'antd';
import { CloseCircleFilled, CloudSyncOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import { isChunkLoadError } from '../lib/lazy-page';

/**
 * What a route shows when rendering it failed. A script or style chunk that did not load (network, or a
 * new deployment removed it) gets the load-error screen with a reload; anything else the crash screen.
 * Kept free of heavy components: it is in the entry chunk so it still shows when nothing else loads.
 */
export function ErrorScreen({ error, isFullScreen = true }: { error: unknown; isFullScreen?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isChunk = isChunkLoadError(error);
  return (
    // A plain flex box, not antd's Flex: this screen is in the entry chunk every page downloads.
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        minHeight: isFullScreen ? '100vh' : 360,
        padding: 24,
        textAlign: 'center',
      }}
      data-testid={isChunk ? 'chunk-load-error' : 'page-crash'}
    >
      {isChunk ? (
        <CloudSyncOutlined style={{ fontSize: 56, color: token.colorWarning }} />
      ) : (
        <CloseCircleFilled style={{ fontSize: 56, color: token.colorError }} />
      )}
      <h1 style={{ margin: '8px 0 0', fontSize: 22, fontWeight: 600, color: token.colorTextHeading }}>
        {isChunk ? t('exception.chunkTitle') : t('exception.crashTitle')}
      </h1>
      <p style={{ margin: 0, maxWidth: 440, color: token.colorTextSecondary }}>
        {isChunk ? t('exception.chunkDescription') : t('exception.crashDescription')}
      </p>
      <Button
        type="primary"
        onClick={() => window.location.reload()}
        style={{ marginTop: 12 }}
        data-testid="reload-page"
      >
        {t('exception.reload')}
      </Button>
    </div>
  );
}
