import { defineMessages } from '../../lib/messages.ts';

/** Answers of single sign-on by ticket. */
export const ssoMessages = defineMessages({
  'sso.invalidTicket': {
    'zh-CN': '登录凭证无效，请重新从来源系统进入',
    'en-US': 'The sign-in ticket is not valid; please start again from the system you came from',
    'zh-TW': '登入憑證無效，請重新從來源系統進入',
  },
  'sso.expiredTicket': {
    'zh-CN': '登录凭证已过期，请重新从来源系统进入',
    'en-US': 'The sign-in ticket has expired; please start again from the system you came from',
    'zh-TW': '登入憑證已過期，請重新從來源系統進入',
  },
  'sso.usedTicket': {
    'zh-CN': '登录凭证已使用过，请重新从来源系统进入',
    'en-US': 'The sign-in ticket has already been used; please start again from the system you came from',
    'zh-TW': '登入憑證已使用過，請重新從來源系統進入',
  },
  'sso.unknownSource': {
    'zh-CN': '登录凭证的来源未知或不适用于此入口',
    'en-US': 'The sign-in ticket comes from an unknown source or is not meant for this entrance',
    'zh-TW': '登入憑證的來源未知或不適用於此入口',
  },
  'sso.unknownUser': {
    'zh-CN': '登录凭证对应的账号不存在',
    'en-US': 'The account named by the sign-in ticket does not exist',
    'zh-TW': '登入憑證對應的帳號不存在',
  },
});
