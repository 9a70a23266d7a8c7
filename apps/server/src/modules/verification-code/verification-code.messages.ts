import { CODE_TTL_SECONDS, VERIFICATION_CODE_MESSAGES } from '@portal/contracts/verification-code-rules';
import { defineMessages } from '../../lib/messages.ts';

defineMessages(VERIFICATION_CODE_MESSAGES);

/** Texts of codes by SMS, SMS sign-in, forgot password and change phone. */
export const verificationCodeMessages = defineMessages({
  'verificationCode.sent': {
    'zh-CN': `验证码已发送，${CODE_TTL_SECONDS / 60} 分钟内有效`,
    'en-US': `The code has been sent; it is valid for ${CODE_TTL_SECONDS / 60} minutes`,
    'zh-TW': `驗證碼已發送，${CODE_TTL_SECONDS / 60} 分鐘內有效`,
  },
  'verificationCode.tooSoon': {
    'zh-CN': '获取验证码过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Codes are asked for too often; try again in {seconds} seconds',
    'zh-TW': '取得驗證碼過於頻繁，請 {seconds} 秒後再試',
  },
  'verificationCode.phoneCap': {
    'zh-CN': '该手机号今日获取验证码的次数已达上限，请明天再试',
    'en-US': 'This phone has had as many codes as allowed today; try again tomorrow',
    'zh-TW': '該手機號碼今日取得驗證碼的次數已達上限，請明天再試',
  },
  'verificationCode.addressCap': {
    'zh-CN': '当前网络今日获取验证码的次数已达上限，请明天再试',
    'en-US': 'Your network has asked for as many codes as allowed today; try again tomorrow',
    'zh-TW': '目前網路今日取得驗證碼的次數已達上限，請明天再試',
  },
  'verificationCode.invalid': {
    'zh-CN': '验证码错误或已失效',
    'en-US': 'The code is wrong or no longer valid',
    'zh-TW': '驗證碼錯誤或已失效',
  },
  'verificationCode.spent': {
    'zh-CN': '验证码错误次数过多，已失效，请重新获取',
    'en-US': 'Too many wrong tries: the code is no longer valid; ask for a new one',
    'zh-TW': '驗證碼錯誤次數過多，已失效，請重新取得',
  },
  'verificationCode.sendFailed': {
    'zh-CN': '短信发送失败，请稍后再试',
    'en-US': 'The text message could not be sent; try again later',
    'zh-TW': '簡訊發送失敗，請稍後再試',
  },
  'passwordReset.codeChecked': {
    'zh-CN': '验证成功，请设置新密码',
    'en-US': 'Verified; now choose a new password',
    'zh-TW': '驗證成功，請設定新密碼',
  },
  'passwordReset.ticketInvalid': {
    'zh-CN': '重置凭证已失效，请重新获取验证码',
    'en-US': 'The reset has expired or was already used; ask for a new code',
    'zh-TW': '重設憑證已失效，請重新取得驗證碼',
  },
  'passwordReset.done': {
    'zh-CN': '密码已重置，请使用新密码登录',
    'en-US': 'Your password has been reset; sign in with the new password',
    'zh-TW': '密碼已重設，請使用新密碼登入',
  },
  'changePhone.taken': {
    'zh-CN': '该手机号已被其他账号使用',
    'en-US': 'Another account already uses this phone number',
    'zh-TW': '該手機號碼已被其他帳號使用',
  },
  'changePhone.same': {
    'zh-CN': '新手机号与当前手机号相同',
    'en-US': 'The new phone number is the one you already have',
    'zh-TW': '新手機號碼與目前手機號碼相同',
  },
  'changePhone.done': {
    'zh-CN': '手机号已更换',
    'en-US': 'Your phone number has been changed',
    'zh-TW': '手機號碼已更換',
  },
});
