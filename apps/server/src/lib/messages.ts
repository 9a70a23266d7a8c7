import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';

/**
 * Every message the server sends, in the three interface languages. The Simplified Chinese texts of the
 * source are kept exactly. `{name}` placeholders are filled by `translate`.
 */
const messages = {
  ok: { 'zh-CN': '操作成功', 'en-US': 'Done', 'zh-TW': '操作成功' },
  'error.server': { 'zh-CN': '服务器异常!', 'en-US': 'Server error!', 'zh-TW': '伺服器異常!' },
  'error.notFound': {
    'zh-CN': '404：请求接口找不到',
    'en-US': '404: the requested interface was not found',
    'zh-TW': '404：請求介面找不到',
  },
  'error.validation': {
    'zh-CN': '请求参数有误，请检查后重试',
    'en-US': 'Some fields are not valid; please check them and try again',
    'zh-TW': '請求參數有誤，請檢查後重試',
  },
  'error.invalidJson': {
    'zh-CN': '请求内容不是有效的 JSON',
    'en-US': 'The request body is not valid JSON',
    'zh-TW': '請求內容不是有效的 JSON',
  },
  'error.payloadTooLarge': {
    'zh-CN': '请求内容过大',
    'en-US': 'The request is too large',
    'zh-TW': '請求內容過大',
  },
  'error.resourceNotFound': {
    'zh-CN': '数据不存在或已被删除',
    'en-US': 'The record does not exist or has been deleted',
    'zh-TW': '資料不存在或已被刪除',
  },
  'auth.notSignedIn': {
    'zh-CN': '未登录或登录已失效，请重新登录',
    'en-US': 'You are not signed in; please sign in',
    'zh-TW': '未登入或登入已失效，請重新登入',
  },
  'auth.accessTokenExpired': {
    'zh-CN': '认证 token 已过期',
    'en-US': 'The access token has expired',
    'zh-TW': '認證 token 已過期',
  },
  'auth.sessionInvalid': {
    'zh-CN': '登录已失效，请重新登录',
    'en-US': 'Your session has ended; please sign in again',
    'zh-TW': '登入已失效，請重新登入',
  },
  'auth.arrears': {
    'zh-CN': '此号已经欠费,请您去充值!',
    'en-US': 'This account is overdue; please top up!',
    'zh-TW': '此號已經欠費,請您去儲值!',
  },
  'auth.forbidden': {
    'zh-CN': '对不起，您没有操作权限：{permission}',
    'en-US': 'Sorry, you do not have permission: {permission}',
    'zh-TW': '對不起，您沒有操作權限：{permission}',
  },
  'auth.wrongCredentials': {
    'zh-CN': '账号或密码错误，请重新输入',
    'en-US': 'Wrong login name or password',
    'zh-TW': '帳號或密碼錯誤，請重新輸入',
  },
  'auth.userDisabled': {
    'zh-CN': '该账号已被停用，请联系管理员',
    'en-US': 'This account has been disabled; please contact your administrator',
    'zh-TW': '該帳號已被停用，請聯絡管理員',
  },
  'auth.customerFrozen': {
    'zh-CN': '该客户已被冻结，请联系客服',
    'en-US': 'This customer account is frozen; please contact customer service',
    'zh-TW': '該客戶已被凍結，請聯絡客服',
  },
  'auth.throttledAccount': {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins; please try again in {minutes} minutes',
    'zh-TW': '登入失敗次數過多，請 {minutes} 分鐘後再試',
  },
  'auth.throttledAddress': {
    'zh-CN': '该网络登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins from this network; please try again in {minutes} minutes',
    'zh-TW': '該網路登入失敗次數過多，請 {minutes} 分鐘後再試',
  },
  'auth.slowedDown': {
    'zh-CN': '该账号登录失败次数过多，请 {seconds} 秒后再试',
    'en-US': 'Too many failed sign-ins on this account; please try again in {seconds} seconds',
    'zh-TW': '該帳號登入失敗次數過多，請 {seconds} 秒後再試',
  },
  'auth.refreshInvalid': {
    'zh-CN': '刷新令牌无效，请重新登录',
    'en-US': 'The refresh token is not valid; please sign in again',
    'zh-TW': '重新整理權杖無效，請重新登入',
  },
  'auth.signedOut': { 'zh-CN': '已退出登录', 'en-US': 'Signed out', 'zh-TW': '已登出' },
  'password.wrongOld': {
    'zh-CN': '原密码不正确',
    'en-US': 'The current password is not correct',
    'zh-TW': '原密碼不正確',
  },
  'password.sameAsOld': {
    'zh-CN': '新密码不能与原密码相同',
    'en-US': 'The new password must differ from the current one',
    'zh-TW': '新密碼不能與原密碼相同',
  },
  'password.notInitial': {
    'zh-CN': '初始密码已修改过，请使用修改密码功能',
    'en-US': 'The initial password was already changed; use Change password instead',
    'zh-TW': '初始密碼已修改過，請使用修改密碼功能',
  },
  'password.needsLetter': {
    'zh-CN': '密码需包含字母',
    'en-US': 'The password needs at least one letter',
    'zh-TW': '密碼需包含字母',
  },
  'password.tooShort': {
    'zh-CN': `密码至少 ${PASSWORD_MIN_LENGTH} 位`,
    'en-US': `The password needs at least ${PASSWORD_MIN_LENGTH} characters`,
    'zh-TW': `密碼至少 ${PASSWORD_MIN_LENGTH} 個字元`,
  },
  'password.tooLong': {
    'zh-CN': `密码最多 ${PASSWORD_MAX_LENGTH} 位`,
    'en-US': `The password can have at most ${PASSWORD_MAX_LENGTH} characters`,
    'zh-TW': `密碼最多 ${PASSWORD_MAX_LENGTH} 個字元`,
  },
  'password.needsDigit': {
    'zh-CN': '密码需包含数字',
    'en-US': 'The password needs at least one digit',
    'zh-TW': '密碼需包含數字',
  },
  'password.initialMustChange': {
    'zh-CN': '请先修改初始密码',
    'en-US': 'Please replace your initial password first',
    'zh-TW': '請先修改初始密碼',
  },
  'password.changed': {
    'zh-CN': '密码修改成功，其他设备已退出登录',
    'en-US': 'Password changed; your other devices have been signed out',
    'zh-TW': '密碼修改成功，其他裝置已登出',
  },
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, value);
}

/** Registers more messages (a feature module's own); keys must be new. */
export function defineMessages<K extends string>(
  extra: Record<K, Record<Language, string>>,
): Record<K, Record<Language, string>> {
  for (const [key, value] of Object.entries(extra)) {
    if (isMessageKey(key)) throw new Error(`Message key defined twice: ${key}`);
    (messages as Record<string, Record<Language, string>>)[key] = value as Record<Language, string>;
  }
  return extra;
}

export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const entry = (messages as Record<string, Record<Language, string> | undefined>)[key];
  const text = entry ? entry[language] : key;
  // Most texts have no parameters (a quote words dozens of lines).
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Every key with its texts, for the test that checks no language is missing a text. */
export function allMessages(): Record<string, Record<Language, string>> {
  return messages;
}
