import { ApiPath } from '@portal/contracts/api-paths';
import type { LoginResponse } from '@portal/contracts/auth';
import type { WeChatPoll, WeChatScene } from '@portal/contracts/wechat';
import { http } from './http/client';
import { startSession } from './storage';

/**
 * WeChat QR calls (spec section 7 "WeChat", all GET), shared by the login page's QR tab, the security
 * panel's binding and the /loginResult page. Silent: the QR box shows failures in its own place.
 */
const scene = (sceneId: string) => ({ params: { sceneId }, silent: true });

export const getLoginQrCode = () => http.get<WeChatScene>(ApiPath.WeChatGetLoginQRCoder, { silent: true });
export const pollLogin = (sceneId: string) =>
  http.get<WeChatPoll>(ApiPath.WeChatLoginPolling, scene(sceneId));
export const getBindingQrCode = () => http.get<WeChatScene>(ApiPath.WeChatGetUserQRCoder, { silent: true });
export const pollBinding = (sceneId: string) =>
  http.get<WeChatPoll>(ApiPath.WeChatBindingPolling, scene(sceneId));
export const transferBinding = (sceneId: string) =>
  http.get<{ nickname: string | null; boundAt: string }>(ApiPath.WeChatBindingTransfer, scene(sceneId));
export const cancelBinding = () => http.get<null>(ApiPath.WeChatCancelBinding, { silent: true });

/** `LoginTransfer`: the confirmed scene becomes a session, stored like a password sign-in's. */
export async function transferLogin(sceneId: string): Promise<LoginResponse> {
  const answer = await http.get<LoginResponse>(ApiPath.WeChatLoginTransfer, scene(sceneId));
  startSession(answer);
  return answer;
}

/**
 * The scene a browser is showing, kept for WeChat's own page (real provider): after the scan WeChat
 * redirects to /api/WeChat/Callback and on to /loginResult, which finishes with this scene.
 */
const PENDING_SCENE_KEY = 'portal.wechatScene';
export const rememberPendingScene = (sceneId: string, purpose: 'login' | 'bind') =>
  sessionStorage.setItem(PENDING_SCENE_KEY, JSON.stringify({ sceneId, purpose }));
export function takePendingScene(): { sceneId: string; purpose: 'login' | 'bind' } | null {
  const stored = sessionStorage.getItem(PENDING_SCENE_KEY);
  sessionStorage.removeItem(PENDING_SCENE_KEY);
  try {
    return stored ? (JSON.parse(stored) as { sceneId: string; purpose: 'login' | 'bind' }) : null;
  } catch {
    return null;
  }
}
