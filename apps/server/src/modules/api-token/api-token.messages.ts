import { API_TOKEN_MESSAGES } from '@portal/contracts/api-token';
import { defineMessages } from '../../lib/messages.ts';

defineMessages(API_TOKEN_MESSAGES);

/** How the open API refuses a credential (modules/open-api) and how `/api` refuses an API token. */
defineMessages({
  'apiToken.required': {
    'zh-CN': '请在 Authorization 请求头中以 Bearer 方式提供 API 令牌（在用户中心创建）',
    'en-US': 'Send an API token as "Authorization: Bearer <token>" (create one in the user centre)',
    'zh-TW': '請在 Authorization 標頭中以 Bearer 方式提供 API 權杖（在使用者中心建立）',
  },
  'apiToken.invalid': {
    'zh-CN': 'API 令牌无效、已过期或已被删除',
    'en-US': 'The API token is not valid, has expired or was deleted',
    'zh-TW': 'API 權杖無效、已過期或已被刪除',
  },
  'apiToken.ownerDisabled': {
    'zh-CN': '创建该 API 令牌的用户或其所在部门已被停用，或客户已被冻结，令牌不可使用',
    'en-US':
      'The user who created this API token or their unit is disabled, or the customer is frozen: the token cannot be used',
    'zh-TW': '建立該 API 權杖的使用者或其所在部門已被停用，或客戶已被凍結，權杖不可使用',
  },
  'apiToken.notForPortal': {
    'zh-CN': 'API 令牌只能用于 /openapi/v1 开放接口，不能用于门户接口',
    'en-US': 'An API token works only on the open API (/openapi/v1), not on the portal API',
    'zh-TW': 'API 權杖只能用於 /openapi/v1 開放介面，不能用於入口網站介面',
  },
  'apiToken.rateLimited': {
    'zh-CN': '该 API 令牌的调用过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many calls with this API token; try again in {seconds} s',
    'zh-TW': '該 API 權杖的呼叫過於頻繁，請 {seconds} 秒後再試',
  },
});
