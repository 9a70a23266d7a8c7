import type { Db } from '../db/database.ts';
import { deleteExpiredRateLimitHits } from '../lib/rate-limit.ts';
import { deleteLongExpiredTokens } from '../modules/api-token/api-token.repository.ts';
import { deleteOldNotifications } from '../modules/notification/notification.service.ts';
import { deleteExpiredImports } from '../modules/order-import/order-import.repository.ts';
import { deleteOldOutbox } from '../lib/sms/sandbox-provider.ts';
import { deleteExpiredCodes } from '../modules/verification-code/verification-code.repository.ts';
import { deleteExpiredTickets } from '../modules/sso/sso.service.ts';
import { deleteExpiredScenes } from '../modules/wechat/wechat.repository.ts';
import type { ScheduledTask } from './scheduler.ts';

/**
 * Deletes login-log rows older than the retention age, and sessions and refresh tokens past their
 * absolute expiry (an expired one can never be used again; the login log keeps the history), and
 * idempotency keys past their 24 h (plugins/idempotency.ts), and rate-limit counters of past windows, and
 * batch order imports past their keeping time (ORDER_IMPORT_KEEP_DAYS) with their rows, notifications
 * older than NOTIFICATION_RETENTION_DAYS with their read marks, SMS codes and password reset tickets past
 * their expiry, sandbox SMS outbox messages older than a week, WeChat QR scenes past their expiry, and
 * spent single sign-on ticket ids past any possible use, and API tokens expired for more than 30 days (an
 * expired token is refused at once; the list keeps showing it as expired for a while).
 */
export async function deleteExpiredData(
  db: Db,
  now: Date,
  loginLogRetentionDays: number,
  notificationRetentionDays = 180,
) {
  const nowIso = now.toISOString();
  const logCutoff = new Date(now.getTime() - loginLogRetentionDays * 86_400_000).toISOString();
  const loginLogs = await db.deleteFrom('login_logs').where('created_at', '<', logCutoff).executeTakeFirst();
  const refreshTokens = await db
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', nowIso),
        eb('session_id', 'in', eb.selectFrom('sessions').select('id').where('expires_at', '<=', nowIso)),
      ]),
    )
    .executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
  const idempotencyKeys = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirst();
  const rateLimitHits = await deleteExpiredRateLimitHits(db, now);
  const orderImports = await deleteExpiredImports(db, nowIso);
  const notifications = await deleteOldNotifications(db, now, notificationRetentionDays);
  const verificationCodes = await deleteExpiredCodes(db, now);
  const smsOutbox = await deleteOldOutbox(db, now);
  const wechatScenes = await deleteExpiredScenes(db, nowIso);
  const ssoTickets = await deleteExpiredTickets(db, nowIso);
  const apiTokens = await deleteLongExpiredTokens(db, now);
  return {
    loginLogs: Number(loginLogs.numDeletedRows),
    refreshTokens: Number(refreshTokens.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    idempotencyKeys: Number(idempotencyKeys.numDeletedRows),
    rateLimitHits,
    orderImports,
    notifications,
    verificationCodes,
    smsOutbox,
    wechatScenes,
    ssoTickets,
    apiTokens,
  };
}

export const retentionTask = (
  db: Db,
  config: { intervalSeconds: number; loginLogRetentionDays: number; notificationRetentionDays: number },
) =>
  ({
    name: 'retention',
    intervalSeconds: config.intervalSeconds,
    run: (now) => deleteExpiredData(db, now, config.loginLogRetentionDays, config.notificationRetentionDays),
  }) satisfies ScheduledTask;
