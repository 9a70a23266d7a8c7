import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { AlipayProvider } from '../../src/modules/payment/alipay-provider.ts';
import { createPaymentProviders } from '../../src/modules/payment/providers.ts';
import { WechatPayProvider } from '../../src/modules/payment/wechat-pay-provider.ts';
import { FakePaymentHttp, playAlipay, playWechatPay } from '../support/payment-providers.ts';

const alipay = playAlipay({ bareKeys: true });
const wechat = playWechatPay();
const env = {
  DATA_DIR: '/tmp/portal-registry-test',
  PAYMENT_ALIPAY_PROVIDER: 'alipay',
  ALIPAY_APP_ID: alipay.config.appId,
  ALIPAY_PRIVATE_KEY: alipay.config.privateKey,
  ALIPAY_PUBLIC_KEY: alipay.config.alipayPublicKey,
  PAYMENT_WECHAT_PROVIDER: 'wechat',
  WECHAT_PAY_APP_ID: wechat.config.appId,
  WECHAT_PAY_MCH_ID: wechat.config.mchId,
  WECHAT_PAY_API_V3_KEY: wechat.config.apiV3Key,
  WECHAT_PAY_PRIVATE_KEY: wechat.config.privateKey,
  WECHAT_PAY_CERT_SERIAL: wechat.config.certSerial,
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: wechat.config.platformPublicKey,
  WECHAT_PAY_PLATFORM_KEY_ID: wechat.config.platformKeyId,
};
// With both channels on real providers no sandbox is made, so the registry needs no database.
const context = { db: null as never, tokenSecret: 'not used without the sandbox' };

describe('payment provider registry with the real providers', () => {
  it('builds Alipay and WeChat Pay from the environment', () => {
    const providers = createPaymentProviders(loadConfig(env).payments, new FakePaymentHttp(), context);
    expect(providers.providerFor('alipay')).toBeInstanceOf(AlipayProvider);
    expect(providers.providerFor('wechat')).toBeInstanceOf(WechatPayProvider);
    expect(providers.byName('wechat')?.name).toBe('wechat');
    expect(providers.sandbox).toBeNull();
    expect(providers.sandboxInUse).toBe(false);
  });

  it('stops the start naming the variable whose key cannot be read', () => {
    for (const variable of [
      'ALIPAY_PRIVATE_KEY',
      'ALIPAY_PUBLIC_KEY',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
    ]) {
      const config = loadConfig({ ...env, [variable]: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' });
      expect(() => createPaymentProviders(config.payments, new FakePaymentHttp(), context), variable).toThrow(
        ConfigError,
      );
      expect(() => createPaymentProviders(config.payments, new FakePaymentHttp(), context), variable).toThrow(
        new RegExp(variable),
      );
    }
  });
});
