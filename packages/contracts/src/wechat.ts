import { z } from 'zod';
import { idField } from './ids.ts';
import { textField } from './text.ts';

/**
 * WeChat QR login and binding (issue 13). A *scene* is one QR code shown in one browser: for signing in
 * (`GetLoginQRCoder`, public) or for binding the signed-in user (`GetUserQRCoder`). The browser polls
 * with the scene's secret `sceneId`; the QR carries only a separate `scanCode`, so whoever photographs
 * the QR cannot take over the browser's sign-in. A scene expires after `expiresInSecond` and is used once.
 */

/** What a QR shows: the sandbox renders its own QR image of its scan page; WeChat shows its own page. */
export const WeChatSceneSchema = z.object({
  sceneId: z.string(),
  /** PNG data URL of the QR code (sandbox), or null when WeChat's own QR page is embedded instead. */
  qrCodeImage: z.string().nullable(),
  /** The sandbox scan page, or WeChat's `qrconnect` page (embedded in a frame by the login tab). */
  authorizeUrl: z.string(),
  provider: z.enum(['sandbox', 'wechat']),
  expiresAt: z.string(),
  expiresInSecond: z.number().int(),
});
export type WeChatScene = z.infer<typeof WeChatSceneSchema>;

export const WeChatSceneStatus = {
  /** Shown, nobody has confirmed a scan yet. */
  Waiting: 'waiting',
  /** Scanned and confirmed: the transfer call may follow (sign-in: the identity is bound to a user). */
  Confirmed: 'confirmed',
  /** Sign-in only: scanned by a WeChat identity that no account is bound to. */
  NotBound: 'notBound',
  Expired: 'expired',
  /** Already exchanged (single use). */
  Used: 'used',
} as const;
export type WeChatSceneStatus = (typeof WeChatSceneStatus)[keyof typeof WeChatSceneStatus];

/** `LoginPolling` / `BindingPolling`. */
export const WeChatPollSchema = z.object({
  status: z.enum(['waiting', 'confirmed', 'notBound', 'expired', 'used']),
  /** The nickname of the WeChat identity that confirmed, once confirmed. */
  nickname: z.string().nullable(),
});
export type WeChatPoll = z.infer<typeof WeChatPollSchema>;

/** Every scene call names its scene by the secret id the QR call answered (base64url, 43 characters). */
export const WeChatSceneQuerySchema = z.object({ sceneId: idField() });

/** `BindingTransfer`: the bound identity. `CancelBinding` answers null. */
export const WeChatBindingSchema = z.object({ nickname: z.string().nullable(), boundAt: z.string() });

/** The sandbox's fixed WeChat identities (the scan page also accepts a typed nickname). */
export const SANDBOX_WECHAT_IDENTITIES = ['微信用户·小明', 'WeChat user · Alice', '微信用戶·阿華'] as const;
export const SANDBOX_NICKNAME_MAX_LENGTH = 32;

/** `WeChatSandbox/GetScene`: what the sandbox scan page shows before the tester confirms. */
export const SandboxWeChatSceneSchema = z.object({
  purpose: z.enum(['login', 'bind']),
  status: z.enum(['waiting', 'confirmed', 'notBound', 'expired', 'used']),
  expiresAt: z.string(),
  identities: z.array(z.string()),
});
export const SandboxWeChatScanQuerySchema = z.object({ scanCode: idField() });
/** `WeChatSandbox/Confirm`: the tester confirms as one of the identities or a typed nickname. */
export const SandboxWeChatConfirmSchema = z.object({
  scanCode: idField(),
  nickname: textField({
    max: SANDBOX_NICKNAME_MAX_LENGTH,
    label: { 'zh-CN': '微信昵称', 'en-US': 'WeChat nickname', 'zh-TW': '微信暱稱' },
  }),
});

/** Public web pages: the sandbox scan page, and the provider round trip's result page. */
export const WECHAT_SANDBOX_SCAN_PAGE = '/wechatSandbox/scan';
export const LOGIN_RESULT_PAGE = '/loginResult';
