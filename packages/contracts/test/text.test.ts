import { describe, expect, it } from 'vitest';
import { AddressInputSchema, type AddressInput } from '../src/address.ts';
import type { Language, LocalizedText } from '../src/languages.ts';
import {
  fieldMessage,
  normalizeText,
  optionalTextField,
  textField,
  textLength,
  textProblem,
} from '../src/text.ts';

const label: LocalizedText = { 'zh-CN': '收件人姓名', 'en-US': 'Consignee name', 'zh-TW': '收件人姓名' };
const name = textField({ max: 5, label });
const note = optionalTextField({ max: 20, label, multiline: true });

/** The field's problems, worded as the user reads them. */
function problems(schema: typeof name | typeof note, value: unknown, language: Language = 'en-US') {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    fieldMessage(issue.message, 'params' in issue ? issue.params : undefined, language),
  );
}

describe('textField', () => {
  it('trims, strips zero-width characters and stores NFC', () => {
    expect(name.parse('  \u200Bab\u200Dc\uFEFF ')).toBe('abc');
    expect(name.parse('e\u0301\u2060')).toBe('\u00E9');
    expect(name.parse('Ａ\u200C')).toBe('Ａ');
  });

  it('counts characters as people do: CJK and emoji are one each, after normalising', () => {
    expect(name.parse('张三李四王')).toBe('张三李四王');
    expect(name.parse('e\u0301e\u0301e\u0301e\u0301e\u0301')).toHaveLength(5);
    expect(textLength('😀😀')).toBe(2);
    expect(problems(name, '😀😀😀😀😀😀')).toEqual(['Consignee name must be at most 5 characters']);
  });

  it('refuses C0 and C1 control characters, naming the field', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0007',
      'a\tb',
      'a\nb',
      'a\u001Bb',
      'a\u007Fb',
      'a\u0085b',
      'a\u009Fb',
    ]) {
      expect(problems(name, bad), JSON.stringify(bad)).toEqual([
        'Consignee name contains an invisible control character; please remove it',
      ]);
    }
  });

  it('refuses bidirectional overrides and isolates', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(problems(name, `a${String.fromCodePoint(code)}b`), code.toString(16)).toEqual([
        'Consignee name contains a character that reverses the text direction; please remove it',
      ]);
    }
  });

  it('refuses the line and paragraph separators U+2028/U+2029, also in a multi-line field', () => {
    for (const schema of [name, note])
      for (const bad of ['a\u2028b', 'a\u2029b'])
        expect(problems(schema, bad), JSON.stringify(bad)).toEqual([
          'Consignee name contains an invisible line or paragraph separator (U+2028/U+2029); please remove it',
        ]);
    // At either end one is trimmed away, as other white space is.
    expect(name.parse(' a\u2029')).toBe('a');
    expect(problems(name, 'a\u2028b', 'zh-CN')).toEqual([
      '收件人姓名含有不可见的分行符（U+2028/U+2029），请删除后重试',
    ]);
    expect(problems(name, 'a\u2029b', 'zh-TW')).toEqual([
      '收件人姓名含有不可見的分行符號（U+2028/U+2029），請刪除後重試',
    ]);
  });

  it('refuses a lone surrogate (half of a character) and keeps whole emoji', () => {
    for (const bad of ['a\ud83d', '\ude00b', 'a\ude00\ud83db', '\ud800'])
      expect(problems(name, bad), JSON.stringify(bad)).toEqual([
        'Consignee name contains a broken character (half of an emoji or garbled text); please type it again',
      ]);
    expect(problems(name, 'a\ud83d', 'zh-CN')).toEqual([
      '收件人姓名含有残缺的字符（半个表情或乱码），请删除后重新输入',
    ]);
    expect(problems(name, 'a\ud83d', 'zh-TW')).toEqual([
      '收件人姓名含有殘缺的字元（半個表情符號或亂碼），請刪除後重新輸入',
    ]);
    expect(name.parse('😀\u{1F600}')).toBe('😀😀');
  });

  it('refuses a NUL as a control character, naming the field, in each language', () => {
    expect(problems(name, 'a\u0000', 'zh-CN')).toEqual(['收件人姓名含有不可见的控制字符，请删除后重试']);
    expect(problems(name, 'a\u0000', 'zh-TW')).toEqual(['收件人姓名含有不可見的控制字元，請刪除後重試']);
  });

  it('refuses blank text in a required field and too long text, in each language', () => {
    expect(problems(name, ' \u200B ', 'en-US')).toEqual(['Consignee name is required']);
    expect(problems(name, '\u200B', 'zh-CN')).toEqual(['请填写收件人姓名']);
    expect(problems(name, '张三李四王五', 'zh-CN')).toEqual(['收件人姓名最多 5 个字']);
    expect(problems(name, '张三李四王五', 'zh-TW')).toEqual(['收件人姓名最多 5 個字']);
  });

  it('lets a multi-line field keep line breaks (stored as \\n) but no other control character', () => {
    expect(note.parse(' line 1\r\nline 2\rline 3 ')).toBe('line 1\nline 2\nline 3');
    expect(problems(note, 'a\u0000\nb')).toEqual([
      'Consignee name contains an invisible control character; please remove it',
    ]);
  });

  it('turns absent, null and blank optional text into null', () => {
    expect(note.parse(undefined)).toBeNull();
    expect(note.parse(null)).toBeNull();
    expect(note.parse(' \u200B\uFEFF ')).toBeNull();
  });

  it('leaves messages it does not own to the caller', () => {
    expect(fieldMessage('address.phoneInvalid', undefined, 'en-US')).toBeUndefined();
    expect(fieldMessage('text.tooLong', { unrelated: true }, 'en-US')).toBeUndefined();
    expect(textProblem(normalizeText(' ok\u202E\u200B '))).toBe('text.bidiControl');
  });
});

describe('address schemas use the shared text helper', () => {
  const base: AddressInput = {
    addressType: 'receiver',
    name: '张三',
    phone: '13800138000',
    countryCode: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    addressLine1: '科技园',
  };

  it('cleans every text field', () => {
    const parsed = AddressInputSchema.parse({
      ...base,
      name: ' 张\u200B三 ',
      company: 'Cafe\u0301',
      addressLine3: '\uFEFF',
    });
    expect(parsed).toMatchObject({ name: '张三', company: 'Caf\u00E9', addressLine3: null });
  });

  it('refuses a control character in any text field with a message naming it', () => {
    const result = AddressInputSchema.safeParse({ ...base, houseNumber: '12\u0008' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['houseNumber']);
    expect(
      fieldMessage(issue?.message ?? '', issue && 'params' in issue ? issue.params : null, 'zh-CN'),
    ).toBe('门牌号含有不可见的控制字符，请删除后重试');
  });
});
