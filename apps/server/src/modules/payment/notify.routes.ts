import { PAY_NOTIFY_PATHS } from '@portal/contracts/recharge';
import type { FastifyPluginAsync } from 'fastify';
import { addressKey, hitRateLimit } from '../../lib/rate-limit.ts';
import { logNotification } from '../recharge/recharge.repository.ts';
import { applyPaymentState, type PaymentOutcome } from '../recharge/recharge.service.ts';
import { NotificationRejected } from './payment-provider.ts';

/** A provider's notification is a few KiB; anything near this is not one. */
export const NOTIFY_BODY_LIMIT = 64 * 1024;

/** Outcomes the provider is told to stop notifying about; the others are refused (it retries, staff look). */
const ACKNOWLEDGED: readonly PaymentOutcome[] = ['credited', 'duplicate', 'closed', 'ignored'];

/**
 * Refused notifications (bad signature, malformed) kept in the log per address per window: anyone can post
 * to the notify path, and each kept one is a row of up to 8 KiB that no task deletes. A provider's own
 * refusals are few; beyond this a flood is only counted (and named once per window in the server log).
 */
export const REFUSED_NOTIFICATIONS_LOGGED = { limit: 60, windowSeconds: 600 } as const;

/**
 * `POST /pay/notify/:provider` (PAY_NOTIFY_PATHS): outside `/api`, no session. The body is kept as the
 * bytes that arrived (signatures are over them), by a content-type parser registered in this plugin only.
 * The provider verifies; the recharge module applies; the provider's own answer goes back. Every
 * notification is logged in `payment_notifications` with its outcome, whatever it was.
 */
export const paymentNotifyRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { provider: string } }>(
    '/pay/notify/:provider',
    { bodyLimit: NOTIFY_BODY_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.provider;
      const provider = Object.hasOwn(PAY_NOTIFY_PATHS, name) ? app.payments.byName(name) : undefined;
      if (!provider) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const log = (entry: {
        rechargeNo: string | null;
        tradeNo: string | null;
        outcome: Parameters<typeof logNotification>[1]['outcome'];
        detail: string | null;
      }) =>
        logNotification(app.db, {
          provider: provider.name,
          ...entry,
          remoteAddress: request.ip,
          body: rawBody.toString('utf8'),
        });
      let answer;
      try {
        const state = await provider.verifyNotification({ headers: request.headers, rawBody });
        const { outcome, detail } = await applyPaymentState(app.db, provider.name, state);
        await log({
          rechargeNo: state.rechargeNo,
          tradeNo: 'tradeNo' in state ? state.tradeNo : null,
          outcome,
          detail,
        });
        answer = ACKNOWLEDGED.includes(outcome) ? provider.acknowledge() : provider.refuse(outcome);
      } catch (error) {
        if (!(error instanceof NotificationRejected)) throw error;
        const kept = await hitRateLimit(app.db, {
          bucket: `notifyRefused:${addressKey(request.ip)}`,
          ...REFUSED_NOTIFICATIONS_LOGGED,
        });
        if (kept.hits <= REFUSED_NOTIFICATIONS_LOGGED.limit + 1)
          request.log.warn(
            { provider: provider.name, outcome: error.outcome, logged: kept.allowed },
            kept.allowed
              ? 'payment notification refused'
              : 'payment notifications refused beyond the log limit',
          );
        if (kept.allowed)
          await log({
            rechargeNo: error.rechargeNo,
            tradeNo: null,
            outcome: error.outcome,
            detail: error.message,
          });
        answer = provider.refuse(error.outcome);
      }
      reply.code(answer.statusCode);
      if (answer.contentType) reply.type(answer.contentType);
      return reply.send(answer.body);
    },
  );
};
