import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Spin, Tag, Typography, theme } from 'antd';
import { ExperimentOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n/use-translation';
import type { WeChatPoll, WeChatScene } from '@portal/contracts/wechat';
import { isApiError } from '../lib/http/api-error';
import { rememberPendingScene } from '../lib/wechat';

/** How often the browser asks whether the QR was scanned. */
const POLL_INTERVAL_MS = 2000;

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'showing'; scene: WeChatScene; status: WeChatPoll['status'] }
  | { kind: 'finishing'; scene: WeChatScene };

/**
 * A WeChat QR code that polls until it is scanned and confirmed, then hands the scene to `onConfirmed`
 * (sign-in: LoginTransfer; binding: BindingTransfer). Expired, used and unbound scans offer a fresh code.
 * The sandbox shows its own QR image and a link to its scan page; the real provider embeds WeChat's page.
 */
export function WeChatQr({
  purpose,
  open,
  poll,
  onConfirmed,
}: {
  purpose: 'login' | 'bind';
  open: () => Promise<WeChatScene>;
  poll: (sceneId: string) => Promise<WeChatPoll>;
  onConfirmed: (sceneId: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    setView({ kind: 'loading' });
    try {
      const scene = await open();
      if (mine !== generation.current) return;
      if (scene.provider === 'wechat') rememberPendingScene(scene.sceneId, purpose);
      setView({ kind: 'showing', scene, status: 'waiting' });
    } catch (error) {
      if (mine === generation.current)
        setView({ kind: 'failed', message: isApiError(error) ? error.message : t('wechat.qr.loadFailed') });
    }
  }, [open, purpose, t]);

  useEffect(() => {
    void load();
    return () => {
      // A counter, not a DOM node: bumping it makes every answer of the unmounted QR stale.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
  }, [load]);

  const showing = view.kind === 'showing' && view.status === 'waiting' ? view.scene : null;
  useEffect(() => {
    if (!showing) return;
    const mine = generation.current;
    const timer = window.setTimeout(async () => {
      try {
        const answer = await poll(showing.sceneId);
        if (mine !== generation.current) return;
        if (answer.status !== 'confirmed') {
          setView({ kind: 'showing', scene: showing, status: answer.status });
          return;
        }
        setView({ kind: 'finishing', scene: showing });
        await onConfirmed(showing.sceneId);
      } catch (error) {
        if (mine === generation.current)
          setView({ kind: 'failed', message: isApiError(error) ? error.message : t('wechat.qr.loadFailed') });
      }
    }, POLL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [showing, poll, onConfirmed, t, view]);

  const refresh = (
    <Button icon={<ReloadOutlined />} onClick={() => void load()} data-testid="wechat-qr-refresh">
      {t('wechat.qr.refresh')}
    </Button>
  );

  if (view.kind === 'loading')
    return (
      <Flex justify="center" align="center" style={{ minHeight: 240 }} data-testid="wechat-qr-loading">
        <Spin />
      </Flex>
    );
  if (view.kind === 'failed')
    return (
      <Flex vertical align="center" gap={12} style={{ minHeight: 240, justifyContent: 'center' }}>
        <Alert type="error" showIcon title={view.message} data-testid="wechat-qr-error" />
        {refresh}
      </Flex>
    );

  const { scene } = view;
  const status = view.kind === 'showing' ? view.status : 'confirmed';
  const overlay =
    status === 'expired'
      ? t('wechat.qr.expired')
      : status === 'used'
        ? t('wechat.qr.used')
        : status === 'notBound'
          ? t('wechat.qr.notBound')
          : status === 'confirmed'
            ? t(purpose === 'login' ? 'wechat.qr.signingIn' : 'wechat.qr.binding')
            : null;

  return (
    <Flex vertical align="center" gap={12} data-testid="wechat-qr" data-status={status}>
      <div style={{ position: 'relative', width: 240, minHeight: 240 }}>
        {scene.qrCodeImage ? (
          <img
            src={scene.qrCodeImage}
            width={240}
            height={240}
            alt={t(purpose === 'login' ? 'wechat.qr.loginHint' : 'wechat.qr.bindHint')}
            style={{ display: 'block', borderRadius: token.borderRadius, background: '#fff' }}
          />
        ) : (
          <iframe
            title={t('wechat.qr.providerFrame')}
            src={scene.authorizeUrl}
            width={240}
            height={300}
            style={{ border: 0 }}
            sandbox="allow-scripts allow-same-origin allow-top-navigation"
          />
        )}
        {overlay ? (
          <Flex
            vertical
            align="center"
            justify="center"
            gap={12}
            style={{
              position: 'absolute',
              inset: 0,
              padding: 16,
              textAlign: 'center',
              background: token.colorBgMask,
              color: token.colorTextLightSolid,
              borderRadius: token.borderRadius,
            }}
            role="status"
            data-testid="wechat-qr-overlay"
          >
            <span>{overlay}</span>
            {status === 'confirmed' ? <Spin /> : refresh}
          </Flex>
        ) : null}
      </div>
      <Typography.Text type="secondary">
        {t(purpose === 'login' ? 'wechat.qr.loginHint' : 'wechat.qr.bindHint')}
      </Typography.Text>
      {scene.provider === 'sandbox' ? (
        <Flex align="center" gap={8} wrap justify="center">
          <Tag color="warning" icon={<ExperimentOutlined />}>
            SANDBOX
          </Tag>
          <a href={scene.authorizeUrl} target="_blank" rel="noreferrer" data-testid="wechat-sandbox-link">
            {t('wechat.qr.openSandbox')}
          </a>
        </Flex>
      ) : null}
    </Flex>
  );
}
