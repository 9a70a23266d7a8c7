import fp from 'fastify-plugin';
import { fetchPaymentHttp } from '../../modules/payment/payment-provider.ts';
import { createSmsProvider } from './create-sms-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS provider `SMS_PROVIDER` selects (the sandbox by default); tests may replace it. */
    sms: SmsProvider;
  }
}

export const smsPlugin = fp(
  async (app) => {
    app.decorate('sms', createSmsProvider(app.config.sms, app.db, fetchPaymentHttp));
    if (app.config.sms.provider.kind === 'sandbox')
      app.log.info('sms: the SANDBOX provider keeps every message in the outbox (npm run ops -- sms-outbox)');
  },
  { name: 'sms', dependencies: ['database'] },
);
