import type { OnlineRechargeChannel } from '@portal/contracts/recharge';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentHttp, PaymentProvider } from './payment-provider.ts';
import { AlipayProvider } from './alipay-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { WechatPayProvider } from './wechat-pay-provider.ts';

/**
 * Which provider processes each online channel (PAYMENT_ALIPAY_PROVIDER / PAYMENT_WECHAT_PROVIDER), made
 * once at start from the configuration. The app carries it as `app.payments`; tests swap a channel's
 * provider with `use` (a real provider built on a fake PaymentHttp, say).
 */
export class PaymentProviders {
  private readonly byChannel = new Map<OnlineRechargeChannel, PaymentProvider>();

  constructor(
    readonly config: PaymentsConfig,
    readonly http: PaymentHttp,
    /** Present whenever at least one channel uses the sandbox. */
    readonly sandbox: SandboxProvider | null,
  ) {}

  use(channel: OnlineRechargeChannel, provider: PaymentProvider): void {
    this.byChannel.set(channel, provider);
  }

  /** The provider that starts and verifies payments of this channel. */
  providerFor(channel: OnlineRechargeChannel): PaymentProvider {
    const provider = this.byChannel.get(channel);
    if (!provider) throw new Error(`payments: no provider for channel ${channel}`);
    return provider;
  }

  /** The provider of this name if some channel uses it (notifications name their provider in the path). */
  byName(name: string): PaymentProvider | undefined {
    return [...this.byChannel.values()].find((provider) => provider.name === name);
  }

  /** The sandbox cashier is open only while a channel uses the sandbox. */
  get sandboxInUse(): boolean {
    return this.byName('sandbox') !== undefined;
  }
}

/**
 * The registry from the configuration: the sandbox by default, Alipay (alipay-provider.ts) and WeChat Pay
 * API v3 (wechat-pay-provider.ts) when configured. A real provider reads its keys here, so a key that
 * cannot be read stops the start with the variable named.
 */
export function createPaymentProviders(
  config: PaymentsConfig,
  http: PaymentHttp,
  context: { db: Db; tokenSecret: string },
): PaymentProviders {
  const needsSandbox = config.alipay.provider === 'sandbox' || config.wechat.provider === 'sandbox';
  const sandbox = needsSandbox
    ? new SandboxProvider(context.db, context.tokenSecret, config.publicBaseUrl)
    : null;
  const providers = new PaymentProviders(config, http, sandbox);
  providers.use(
    'alipay',
    config.alipay.provider === 'alipay' ? new AlipayProvider(config.alipay, http) : sandbox!,
  );
  providers.use(
    'wechat',
    config.wechat.provider === 'wechat' ? new WechatPayProvider(config.wechat, http) : sandbox!,
  );
  return providers;
}
