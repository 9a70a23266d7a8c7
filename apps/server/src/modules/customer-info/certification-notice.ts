import { Permission } from '@portal/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { defineMessages } from '../../lib/messages.ts';
import { USER_CENTRE_LINK } from '../notification/notification-links.ts';
import { notify } from '../notification/notification.service.ts';

defineMessages({
  'customerInfo.notice.verified.title': {
    'zh-CN': '企业认证已通过',
    'en-US': 'Company certification approved',
    'zh-TW': '企業認證已通過',
  },
  'customerInfo.notice.verified.body': {
    'zh-CN': '您提交的企业认证资料已审核通过。',
    'en-US': 'The certification you submitted has been approved.',
    'zh-TW': '您提交的企業認證資料已審核通過。',
  },
  'customerInfo.notice.rejected.title': {
    'zh-CN': '企业认证未通过',
    'en-US': 'Company certification rejected',
    'zh-TW': '企業認證未通過',
  },
  'customerInfo.notice.rejected.body': {
    'zh-CN': '您提交的企业认证资料未通过审核，原因：{reason}。请修改后重新提交。',
    'en-US': 'The certification you submitted was rejected: {reason}. Please correct it and submit again.',
    'zh-TW': '您提交的企業認證資料未通過審核，原因：{reason}。請修改後重新提交。',
  },
});

/**
 * The one place a certification decision tells the customer: a notification for the users who manage the
 * company (org:manage), linking to the certification tab. Called inside the decision's transaction, so
 * the notification exists exactly when the decision committed; one per decision (its time is in the key).
 */
export async function notifyCertificationDecided(
  trx: Db,
  customerId: string,
  decision: { verdict: 'approve' } | { verdict: 'reject'; reason: string },
  decidedAt: string,
): Promise<void> {
  const outcome = decision.verdict === 'approve' ? 'verified' : 'rejected';
  await notify(trx, {
    customerId,
    permission: Permission.OrgManage,
    kind: 'certification_decided',
    titleKey: `customerInfo.notice.${outcome}.title`,
    bodyKey: `customerInfo.notice.${outcome}.body`,
    params: decision.verdict === 'reject' ? { reason: decision.reason } : {},
    link: `${USER_CENTRE_LINK}?tab=certification`,
    sourceKey: `certification:${outcome}:${decidedAt}`,
  });
}
