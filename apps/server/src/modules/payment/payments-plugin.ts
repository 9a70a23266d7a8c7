import { PAY_NOTIFY_PATHS } from '@portal/contracts/recharge';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TaskHandler } from '../../jobs/task-runner.ts';
import type { RechargeDeps } from '../recharge/recharge.service.ts';
import { fetchPaymentHttp } from './payment-provider.ts';
import { createPaymentProviders, type PaymentProviders } from './providers.ts';
import { SANDBOX_NOTIFY_TASK, type SandboxNotification } from './sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers by channel (modules/payment/providers.ts); tests swap them with `use`. */
    payments: PaymentProviders;
  }
}

/** What the recharge services take from the app. */
export const rechargeDepsOf = (app: FastifyInstance): RechargeDeps => ({
  db: app.db,
  payments: app.payments,
  tokenSecret: app.tokenSecret,
  config: app.config.payments,
});

/**
 * The payment providers, and the sandbox's delivery of its notifications: the task posts the signed
 * notification through `app.inject` to `/pay/notify/sandbox`, the same route and checks a provider's
 * request meets, and fails (so the runner retries with its backoff) until the answer is the
 * acknowledgement, exactly as a provider keeps notifying until it is acknowledged.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const payments = createPaymentProviders(app.config.payments, fetchPaymentHttp, {
      db: app.db,
      tokenSecret: app.tokenSecret,
    });
    app.decorate('payments', payments);
    // The sandbox lets any payer approve their own payment: right for the demo and tests, a gift of free
    // credit in production. Say so loudly when the portal is published under a real address.
    const sandboxChannels = (['alipay', 'wechat'] as const).filter(
      (channel) => app.config.payments[channel].provider === 'sandbox',
    );
    const { hostname } = new URL(app.config.payments.publicBaseUrl);
    if (sandboxChannels.length > 0 && !['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname))
      app.log.warn(
        { channels: sandboxChannels, publicBaseUrl: app.config.payments.publicBaseUrl },
        'payments: these channels use the SANDBOX provider, where any payer can approve their own top-up; ' +
          'set PAYMENT_ALIPAY_PROVIDER / PAYMENT_WECHAT_PROVIDER and their keys before taking real customers',
      );
    const notify: TaskHandler<SandboxNotification> = {
      async run({ payload }) {
        const sandbox = app.payments.sandbox;
        if (!sandbox) throw new Error('sandbox notification without a sandbox');
        const body = JSON.stringify(payload);
        const response = await app.inject({
          method: 'POST',
          url: PAY_NOTIFY_PATHS.sandbox,
          headers: sandbox.notificationHeaders(body),
          payload: body,
        });
        const ack = sandbox.acknowledge();
        if (response.statusCode !== ack.statusCode || response.body !== ack.body)
          throw new Error(
            `notification not acknowledged: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      },
    };
    app.taskRunner.register(SANDBOX_NOTIFY_TASK, notify);
  },
  { name: 'payments', dependencies: ['database', 'jobs'] },
);
