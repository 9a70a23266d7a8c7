import { useCallback, useEffect, useRef } from 'react';
import type { LoginResponse } from '@portal/contracts/auth';
import { WeChatQr } from '../../../components/wechat-qr';
import { getLoginQrCode, pollLogin, transferLogin } from '../../../lib/wechat';

/** The login page's WeChat tab: a QR code that polls; once confirmed, the scene becomes a session. */
export function WeChatLoginTab({ onSignedIn }: { onSignedIn: (answer: LoginResponse) => Promise<void> }) {
  // The page's latest handler, without restarting the QR's polling whenever the page renders.
  const latest = useRef(onSignedIn);
  useEffect(() => {
    latest.current = onSignedIn;
  }, [onSignedIn]);
  const onConfirmed = useCallback(
    async (sceneId: string) => latest.current(await transferLogin(sceneId)),
    [],
  );
  return <WeChatQr purpose="login" open={getLoginQrCode} poll={pollLogin} onConfirmed={onConfirmed} />;
}
