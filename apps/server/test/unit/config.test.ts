import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('uses SQLite in the data directory by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/portal-x' });
    expect(config).toMatchObject({
      port: 3000,
      database: { kind: 'sqlite', file: '/tmp/portal-x/portal.sqlite' },
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
  });

  it('names every bad variable in one clear error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short' }),
    ).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('TOKEN_SECRET');
    }
  });

  describe('sandboxes behind a public https address', () => {
    const real = {
      WECHAT_LOGIN_PROVIDER: 'wechat',
      WECHAT_LOGIN_APP_ID: 'wx-app',
      WECHAT_LOGIN_APP_SECRET: 'wx-secret',
      PAYMENT_ALIPAY_PROVIDER: 'alipay',
      ALIPAY_APP_ID: 'ali-app',
      ALIPAY_PRIVATE_KEY: 'k',
      ALIPAY_PUBLIC_KEY: 'k',
      PAYMENT_WECHAT_PROVIDER: 'wechat',
      WECHAT_PAY_APP_ID: 'a',
      WECHAT_PAY_MCH_ID: 'm',
      WECHAT_PAY_API_V3_KEY: 'k'.repeat(32),
      WECHAT_PAY_PRIVATE_KEY: 'k',
      WECHAT_PAY_CERT_SERIAL: 's',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: 'k',
      WECHAT_PAY_PLATFORM_KEY_ID: 'i',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };

    it('refuses to start with each sandbox, in one line naming the setting that allows it', () => {
      const base = { PUBLIC_BASE_URL: 'https://portal.example.com/' };
      const all = refusal(base)!;
      expect(all.split('\n')).toHaveLength(1);
      expect(all).toBe(
        'ALLOW_SANDBOX_IN_PRODUCTION: PUBLIC_BASE_URL https://portal.example.com is a public https address, ' +
          'but WECHAT_LOGIN_PROVIDER=sandbox (anyone can sign in as any user bound to WeChat), ' +
          'PAYMENT_ALIPAY_PROVIDER=sandbox (any payer can approve their own top-up), ' +
          'PAYMENT_WECHAT_PROVIDER=sandbox (any payer can approve their own top-up); configure the real ' +
          'provider, or set ALLOW_SANDBOX_IN_PRODUCTION=true to run the sandbox there on purpose',
      );
      for (const sandbox of ['WECHAT_LOGIN_PROVIDER', 'PAYMENT_ALIPAY_PROVIDER', 'PAYMENT_WECHAT_PROVIDER']) {
        const message = refusal({ ...real, ...base, [sandbox]: 'sandbox' });
        expect(message, sandbox).toMatch(/^ALLOW_SANDBOX_IN_PRODUCTION: /);
        expect(message).toContain(`${sandbox}=sandbox`);
      }
      for (const address of [
        'https://203.0.113.7',
        'https://portal.example.com:8443/portal',
        'https://[2001:db8::1]',
      ])
        expect(refusal({ PUBLIC_BASE_URL: address }), address).toMatch(/^ALLOW_SANDBOX_IN_PRODUCTION: /);
    });

    it('starts when allowed on purpose, with the real providers, on loopback or localhost, over http, or with no address', () => {
      expect(
        refusal({ PUBLIC_BASE_URL: 'https://portal.example.com', ALLOW_SANDBOX_IN_PRODUCTION: 'true' }),
      ).toBeUndefined();
      expect(refusal({ ...real, PUBLIC_BASE_URL: 'https://portal.example.com' })).toBeUndefined();
      for (const address of [
        'https://localhost:3000',
        'https://portal.localhost',
        'https://127.0.0.1:8443',
        'https://[::1]:3000',
        'http://portal.example.com',
        'http://127.0.0.1:4100',
      ])
        expect(refusal({ PUBLIC_BASE_URL: address }), address).toBeUndefined();
      // The demo: `npm start` sets no PUBLIC_BASE_URL (http://localhost:PORT).
      expect(refusal({})).toBeUndefined();
      expect(() => loadConfig({ ALLOW_SANDBOX_IN_PRODUCTION: 'yes' })).toThrowError(
        /ALLOW_SANDBOX_IN_PRODUCTION/,
      );
    });
  });
});
