import { createHash } from 'node:crypto';
import { WECHAT_SANDBOX_SCAN_PAGE } from '@portal/contracts/wechat';
import QRCode from 'qrcode';
import type { WeChatLoginConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { ApiCode } from '@portal/contracts/envelope';
import { ApiPath } from '@portal/contracts/api-paths';
import { fetchPaymentHttp, type PaymentHttp } from '../payment/payment-provider.ts';

/**
 * Who is scanning: WeChat's `openid` (per app), its `unionid` when the app belongs to an Open Platform
 * account, and a nickname to show in the security panel.
 */
export interface WeChatIdentity {
  openId: string;
  unionId: string | null;
  nickname: string | null;
}

/**
 * The WeChat side of QR login and binding. The portal keeps the scene (modules/wechat); the provider only
 * says how the browser shows it and, for the real provider, turns WeChat's redirect `code` into an identity.
 * - `sandbox` (default): a real QR code of this portal's scan page (`/wechatSandbox/scan?scanCode=`), where
 *   the tester picks an identity and confirms (`WeChatSandbox/Confirm`), all inside the system.
 * - `wechat`: WeChat Open Platform website login. The browser shows WeChat's own `qrconnect` page; after
 *   the scan WeChat redirects to `/api/WeChat/Callback?code=&state=` and the code is exchanged with the
 *   app id and secret at `sns/oauth2/access_token` (then `sns/userinfo` for the nickname).
 */
export interface WeChatLoginProvider {
  readonly kind: 'sandbox' | 'wechat';
  /** What the browser shows for a scene whose QR carries `scanCode`. */
  present(scanCode: string): Promise<{ qrCodeImage: string | null; authorizeUrl: string }>;
  /** The identity behind WeChat's redirect `code` (real provider only). */
  exchangeCode(code: string): Promise<WeChatIdentity>;
}

export class SandboxWeChatLogin implements WeChatLoginProvider {
  readonly kind = 'sandbox';
  constructor(private readonly publicBaseUrl: string) {}

  async present(scanCode: string) {
    const authorizeUrl = `${this.publicBaseUrl}${WECHAT_SANDBOX_SCAN_PAGE}?scanCode=${encodeURIComponent(scanCode)}`;
    const qrCodeImage = await QRCode.toDataURL(authorizeUrl, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 240,
    });
    return { qrCodeImage, authorizeUrl };
  }

  exchangeCode(): Promise<WeChatIdentity> {
    throw new AppError(ApiCode.BadRequest, 'wechat.sandboxNoCallback');
  }

  /** The identity the sandbox gives a nickname: the same nickname is always the same WeChat user. */
  static identityOf(nickname: string): WeChatIdentity {
    const digest = createHash('sha256').update(nickname, 'utf8').digest('base64url');
    return {
      openId: `sandbox-${digest.slice(0, 28)}`,
      unionId: `sandbox-union-${digest.slice(0, 22)}`,
      nickname,
    };
  }
}

/** The query `sns/oauth2/access_token` answers (errors come as `{ errcode, errmsg }` with HTTP 200). */
interface AccessTokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

export class OpenPlatformWeChatLogin implements WeChatLoginProvider {
  readonly kind = 'wechat';
  constructor(
    private readonly settings: { appId: string; appSecret: string; openBaseUrl: string; apiBaseUrl: string },
    private readonly publicBaseUrl: string,
    private readonly http: PaymentHttp = fetchPaymentHttp,
  ) {}

  /** `connect/qrconnect` as the website-login guide documents it; `state` is the scene's scan code. */
  present(scanCode: string) {
    const query = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: `${this.publicBaseUrl}${ApiPath.WeChatCallback}`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: scanCode,
    });
    return Promise.resolve({
      qrCodeImage: null,
      authorizeUrl: `${this.settings.openBaseUrl}/connect/qrconnect?${query.toString()}#wechat_redirect`,
    });
  }

  async exchangeCode(code: string): Promise<WeChatIdentity> {
    const query = new URLSearchParams({
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const token = await this.getJson<AccessTokenAnswer>(`/sns/oauth2/access_token?${query.toString()}`);
    if (!token.access_token || !token.openid)
      throw new AppError(ApiCode.BadRequest, 'wechat.providerRefused');
    const info = await this.getJson<{ nickname?: string; errcode?: number }>(
      `/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString()}`,
    ).catch(() => ({ nickname: undefined, errcode: -1 }));
    return {
      openId: token.openid,
      unionId: token.unionid ?? null,
      nickname: info.errcode === undefined && info.nickname ? info.nickname.slice(0, 64) : null,
    };
  }

  private async getJson<T extends { errcode?: number }>(pathAndQuery: string): Promise<T> {
    const answer = await this.http.request({
      method: 'GET',
      url: `${this.settings.apiBaseUrl}${pathAndQuery}`,
      headers: { accept: 'application/json' },
    });
    if (answer.status !== 200) throw new AppError(ApiCode.BadRequest, 'wechat.providerRefused');
    const body = JSON.parse(answer.body) as T;
    if (body.errcode !== undefined && body.errcode !== 0)
      throw new AppError(ApiCode.BadRequest, 'wechat.providerRefused');
    return body;
  }
}

export function createWeChatLoginProvider(
  config: WeChatLoginConfig,
  publicBaseUrl: string,
  http: PaymentHttp = fetchPaymentHttp,
): WeChatLoginProvider {
  return config.provider.kind === 'wechat'
    ? new OpenPlatformWeChatLogin(config.provider, publicBaseUrl, http)
    : new SandboxWeChatLogin(publicBaseUrl);
}
