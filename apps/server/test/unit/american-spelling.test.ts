import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@portal/contracts/text';
import { allMessages } from '../../src/lib/messages.ts';
import { DICTIONARIES } from '../../src/modules/reference/dictionaries.ts';
// Feature modules register their own messages on import.
import '../../src/modules/address/address.messages.ts';
import '../../src/modules/order-import/order-import-commit.messages.ts';
import '../../src/modules/reference/reference.messages.ts';
import '../../src/modules/order-import/order-import-mapping.messages.ts';
import '../../src/modules/customer-info/customer-info.messages.ts';
import '../../src/modules/customer-info/certification-notice.ts';

/** British spellings that must not reach an en-US user (status names used in code are not texts). */
const BRITISH =
  /\b\w*(colour|centre|licence|organis|favourite|cancell|behaviour|catalogue|recognis|authoris|customis|initialis|normalis|analys(e|ing))\w*\b/i;

describe('en-US server texts', () => {
  it('use American spelling', () => {
    const texts = [
      ...Object.entries(allMessages()).map(([key, text]) => [key, text['en-US']] as const),
      ...Object.entries(TEXT_MESSAGES).map(([key, text]) => [key, text['en-US']] as const),
      ...Object.values(DICTIONARIES).flatMap((entries) =>
        entries.map((entry) => [entry.value, entry.labels['en-US']] as const),
      ),
    ];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter(([, text]) => BRITISH.test(text))).toEqual([]);
    expect(BRITISH.test('Canceled')).toBe(false);
    expect(BRITISH.test('Cancelled')).toBe(true);
  });
});
