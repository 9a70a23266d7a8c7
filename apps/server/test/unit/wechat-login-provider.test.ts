import { describe, expect, it } from 'vitest';
import { OpenPlatformWeChatLogin, SandboxWeChatLogin } from '../../src/modules/wechat/wechat-provider.ts';
import type { PaymentHttp } from '../../src/modules/payment/payment-provider.ts';

const SETTINGS = {
  appId: 'wx1234567890abcdef',
  appSecret: 'secret-of-the-app',
  openBaseUrl: 'https://open.weixin.qq.com',
  apiBaseUrl: 'https://api.weixin.qq.com',
};

/** Plays WeChat's API: answers by path, records what was asked. */
function fakeWeChat(answers: Record<string, unknown>) {
  const asked: URL[] = [];
  const http: PaymentHttp = {
    request: ({ url }) => {
      const parsed = new URL(url);
      asked.push(parsed);
      return Promise.resolve({ status: 200, headers: {}, body: JSON.stringify(answers[parsed.pathname]) });
    },
  };
  return { http, asked };
}

describe('WeChat Open Platform website login', () => {
  it('shows qrconnect with the documented parameters and the scan code as state', async () => {
    const provider = new OpenPlatformWeChatLogin(SETTINGS, 'https://portal.example.com');
    const shown = await provider.present('0123abcd');
    expect(shown.qrCodeImage).toBeNull();
    const url = new URL(shown.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: SETTINGS.appId,
      redirect_uri: 'https://portal.example.com/api/WeChat/Callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state: '0123abcd',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges the code at sns/oauth2/access_token with app id and secret, then reads the nickname', async () => {
    const { http, asked } = fakeWeChat({
      '/sns/oauth2/access_token': {
        access_token: 'ACCESS',
        expires_in: 7200,
        refresh_token: 'REFRESH',
        openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
        scope: 'snsapi_login',
        unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
      },
      '/sns/userinfo': { openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M', nickname: '小明' },
    });
    const provider = new OpenPlatformWeChatLogin(SETTINGS, 'https://portal.example.com', http);
    expect(await provider.exchangeCode('CODE123')).toEqual({
      openId: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
      unionId: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
      nickname: '小明',
    });
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      appid: SETTINGS.appId,
      secret: SETTINGS.appSecret,
      code: 'CODE123',
      grant_type: 'authorization_code',
    });
    expect(Object.fromEntries(asked[1]!.searchParams)).toEqual({
      access_token: 'ACCESS',
      openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
    });
  });

  it('refuses a code WeChat refuses ({ errcode, errmsg } with HTTP 200)', async () => {
    const { http } = fakeWeChat({ '/sns/oauth2/access_token': { errcode: 40029, errmsg: 'invalid code' } });
    const provider = new OpenPlatformWeChatLogin(SETTINGS, 'https://portal.example.com', http);
    await expect(provider.exchangeCode('bad')).rejects.toMatchObject({
      messageKey: 'wechat.providerRefused',
    });
  });
});

describe('sandbox WeChat login', () => {
  it('renders a real QR image of its scan page, and one nickname is always one identity', async () => {
    const shown = await new SandboxWeChatLogin('http://localhost:3000').present('abc123');
    expect(shown.authorizeUrl).toBe('http://localhost:3000/wechatSandbox/scan?scanCode=abc123');
    expect(Buffer.from(shown.qrCodeImage!.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(SandboxWeChatLogin.identityOf('Alice')).toEqual(SandboxWeChatLogin.identityOf('Alice'));
    expect(SandboxWeChatLogin.identityOf('Alice').openId).not.toBe(
      SandboxWeChatLogin.identityOf('Bob').openId,
    );
  });
});
