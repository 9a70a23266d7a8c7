import { defineMessages } from '../../lib/messages.ts';

/** Server texts of registration and the prospect link (field keys come from contracts registration.ts). */
defineMessages({
  'registration.loginNameInvalid': {
    'zh-CN': '登录名为 4–32 位字母、数字或 _ . -，以字母开头',
    'en-US': 'The login name is 4–32 letters, digits or _ . -, starting with a letter',
    'zh-TW': '登入名稱為 4–32 位字母、數字或 _ . -，以字母開頭',
  },
  'registration.emailInvalid': {
    'zh-CN': '邮箱格式不正确',
    'en-US': 'The email address is not valid',
    'zh-TW': '電子郵件格式不正確',
  },
  'registration.agreementRequired': {
    'zh-CN': '请阅读并同意《物流运输服务协议》',
    'en-US': 'Please read and accept the Logistics Transport Service Agreement',
    'zh-TW': '請閱讀並同意《物流運輸服務協議》',
  },
  'registration.agreementOutdated': {
    'zh-CN': '《物流运输服务协议》已更新，请重新阅读并同意',
    'en-US': 'The Logistics Transport Service Agreement has been updated; please read and accept it again',
    'zh-TW': '《物流運輸服務協議》已更新，請重新閱讀並同意',
  },
  'registration.loginNameTaken': {
    'zh-CN': '该登录名已被使用，请换一个',
    'en-US': 'This login name is already taken; choose another',
    'zh-TW': '該登入名稱已被使用，請換一個',
  },
  'registration.phoneTaken': {
    'zh-CN': '该手机号已注册，请直接登录或找回密码',
    'en-US': 'This phone number is already registered; sign in or reset your password',
    'zh-TW': '該手機號碼已註冊，請直接登入或找回密碼',
  },
  'registration.ticketInvalid': {
    'zh-CN': '手机验证已失效，请重新获取验证码',
    'en-US': 'The phone verification has expired; please get a new code',
    'zh-TW': '手機驗證已失效，請重新取得驗證碼',
  },
  'registration.codeVerified': {
    'zh-CN': '手机号验证成功',
    'en-US': 'Phone number verified',
    'zh-TW': '手機號碼驗證成功',
  },
  'registration.registered': {
    'zh-CN': '注册成功，请使用新账号登录',
    'en-US': 'Registered: sign in with your new account',
    'zh-TW': '註冊成功，請使用新帳號登入',
  },
  'registration.tooManyAttempts': {
    'zh-CN': '注册过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many registrations; please try again in {seconds} seconds',
    'zh-TW': '註冊過於頻繁，請 {seconds} 秒後再試',
  },
  'prospect.usccInvalid': {
    'zh-CN': '统一社会信用代码不正确，请核对 18 位代码及最后一位校验码',
    'en-US':
      'The unified social credit code is not valid: check its 18 characters and the final check character',
    'zh-TW': '統一社會信用代碼不正確，請核對 18 位代碼及最後一位校驗碼',
  },
  'prospect.linkInvalid': {
    'zh-CN': '链接无效，请使用我们发送给您的完整链接',
    'en-US': 'This link is not valid; please use the complete link we sent you',
    'zh-TW': '連結無效，請使用我們傳送給您的完整連結',
  },
  'prospect.linkExpired': {
    'zh-CN': '链接已过期，请联系您的客户经理获取新链接',
    'en-US': 'This link has expired; please ask your account manager for a new one',
    'zh-TW': '連結已過期，請聯絡您的客戶經理取得新連結',
  },
  'prospect.linkUsed': {
    'zh-CN': '该链接的资料已提交，无需重复填写',
    'en-US': 'The details for this link have already been submitted',
    'zh-TW': '該連結的資料已提交，無需重複填寫',
  },
  'prospect.unknownDestination': {
    'zh-CN': '目的国家代码 {code} 不存在',
    'en-US': 'There is no destination country with the code {code}',
    'zh-TW': '目的國家代碼 {code} 不存在',
  },
  'prospect.unknownProduct': {
    'zh-CN': '产品 {code} 不存在或已停用',
    'en-US': 'The product {code} does not exist or is no longer offered',
    'zh-TW': '產品 {code} 不存在或已停用',
  },
  'prospect.submitted': {
    'zh-CN': '资料已提交，我们的客户经理会尽快与您联系',
    'en-US': 'Thank you: your account manager will contact you shortly',
    'zh-TW': '資料已提交，我們的客戶經理會盡快與您聯絡',
  },
  'prospect.tooManyRequests': {
    'zh-CN': '请求过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many requests; please try again in {seconds} seconds',
    'zh-TW': '請求過於頻繁，請 {seconds} 秒後再試',
  },
  'prospect.created': {
    'zh-CN': '已生成客户资料链接',
    'en-US': 'Prospect link created',
    'zh-TW': '已產生客戶資料連結',
  },
  'prospect.notFound': {
    'zh-CN': '找不到该客户资料链接',
    'en-US': 'No such prospect link',
    'zh-TW': '找不到該客戶資料連結',
  },
});
