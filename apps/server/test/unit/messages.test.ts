import { LANGUAGES } from '@portal/contracts/languages';
import { describe, expect, it } from 'vitest';
import { allMessages, translate } from '../../src/lib/messages.ts';
// Feature modules register their own messages on import.
import '../../src/modules/address/address.messages.ts';
import '../../src/modules/order-import/order-import-commit.messages.ts';
import '../../src/modules/reference/reference.messages.ts';
import '../../src/modules/order-import/order-import-mapping.messages.ts';

describe('server messages', () => {
  it('has a non-empty text in every language for every key', () => {
    expect(Object.keys(allMessages()).some((key) => key.startsWith('address.'))).toBe(true);
    for (const [key, texts] of Object.entries(allMessages())) {
      for (const language of LANGUAGES) expect(texts[language]?.trim(), `${key} in ${language}`).toBeTruthy();
    }
  });

  it('keeps the source texts exactly and fills placeholders', () => {
    expect(translate('zh-CN', 'error.server')).toBe('服务器异常!');
    expect(translate('zh-CN', 'auth.arrears')).toBe('此号已经欠费,请您去充值!');
    expect(translate('zh-CN', 'auth.forbidden', { permission: 'address:edit' })).toBe(
      '对不起，您没有操作权限：address:edit',
    );
  });
});
