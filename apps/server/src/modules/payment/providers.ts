import type { OnlineRechargeChannel, PaymentProviderName } from '@portal/contracts/recharge';
import type { PaymentsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentHttp, PaymentProvider } from './payment-provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';

type ProviderName = Exclude<PaymentProviderName, 'staff'>;

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
 * The registry from the configuration. The real providers plug in here (`case 'alipay'` / `case 'wechat'`);
 * until they exist, configuring one is a clear start-up error naming what is missing.
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
  const make = (name: ProviderName): PaymentProvider => {
    switch (name) {
      case 'sandbox':
        return sandbox!;
      case 'alipay':
      case 'wechat':
        throw new Error(
          `payments: PAYMENT_${name.toUpperCase()}_PROVIDER=${name}, but the ${name} provider is not implemented in this build (modules/payment/${name}-provider.ts)`,
        );
    }
  };
  providers.use('alipay', make(config.alipay.provider));
  providers.use('wechat', make(config.wechat.provider));
  return providers;
}
