import { defineMessages } from '../../lib/messages.ts';

/** Answers of WeChat QR login and binding. */
export const wechatMessages = defineMessages({
  'wechat.sceneNotFound': {
    'zh-CN': '二维码不存在或已失效，请刷新二维码',
    'en-US': 'This QR code does not exist or is no longer valid; please refresh it',
    'zh-TW': 'QR 碼不存在或已失效，請重新整理 QR 碼',
  },
  'wechat.sceneExpired': {
    'zh-CN': '二维码已过期，请刷新后重新扫码',
    'en-US': 'The QR code has expired; please refresh it and scan again',
    'zh-TW': 'QR 碼已過期，請重新整理後再掃碼',
  },
  'wechat.sceneUsed': {
    'zh-CN': '二维码已使用，请刷新后重新扫码',
    'en-US': 'This QR code has already been used; please refresh it and scan again',
    'zh-TW': 'QR 碼已使用，請重新整理後再掃碼',
  },
  'wechat.notConfirmed': {
    'zh-CN': '尚未扫码确认，请用微信扫码并确认',
    'en-US': 'Nobody has scanned and confirmed yet; please scan with WeChat and confirm',
    'zh-TW': '尚未掃碼確認，請用微信掃碼並確認',
  },
  'wechat.notBound': {
    'zh-CN': '该微信尚未绑定账号，请先用账号密码登录，在安全设置中绑定微信',
    'en-US':
      'This WeChat account is not bound to a portal account; sign in with your password and bind it in the security settings first',
    'zh-TW': '該微信尚未綁定帳號，請先用帳號密碼登入，在安全設定中綁定微信',
  },
  'wechat.boundToAnother': {
    'zh-CN': '该微信已绑定其他账号，请先在该账号中解除绑定',
    'en-US': 'This WeChat account is already bound to another portal account; unbind it there first',
    'zh-TW': '該微信已綁定其他帳號，請先在該帳號中解除綁定',
  },
  'wechat.alreadyBound': {
    'zh-CN': '您的账号已绑定微信，请先解除绑定',
    'en-US': 'Your account is already bound to WeChat; unbind it first',
    'zh-TW': '您的帳號已綁定微信，請先解除綁定',
  },
  'wechat.noBinding': {
    'zh-CN': '您的账号尚未绑定微信',
    'en-US': 'Your account is not bound to WeChat',
    'zh-TW': '您的帳號尚未綁定微信',
  },
  'wechat.bound': { 'zh-CN': '微信绑定成功', 'en-US': 'WeChat is now bound', 'zh-TW': '微信綁定成功' },
  'wechat.unbound': {
    'zh-CN': '已解除微信绑定',
    'en-US': 'WeChat has been unbound',
    'zh-TW': '已解除微信綁定',
  },
  'wechat.tooManyScenes': {
    'zh-CN': '获取二维码过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many QR codes requested; please try again in {seconds} seconds',
    'zh-TW': '取得 QR 碼過於頻繁，請 {seconds} 秒後再試',
  },
  'wechat.providerRefused': {
    'zh-CN': '微信授权失败，请重新扫码',
    'en-US': 'WeChat did not authorize the sign-in; please scan again',
    'zh-TW': '微信授權失敗，請重新掃碼',
  },
  'wechat.sandboxOnly': {
    'zh-CN': '模拟扫码只在沙箱模式下可用',
    'en-US': 'The simulated scan is only available with the sandbox provider',
    'zh-TW': '模擬掃碼只在沙盒模式下可用',
  },
  'wechat.sandboxNoCallback': {
    'zh-CN': '沙箱模式没有微信回调',
    'en-US': 'The sandbox provider has no WeChat callback',
    'zh-TW': '沙盒模式沒有微信回呼',
  },
  'wechat.scanConfirmed': {
    'zh-CN': '已确认，请回到电脑上继续',
    'en-US': 'Confirmed; please continue on the computer',
    'zh-TW': '已確認，請回到電腦上繼續',
  },
});
