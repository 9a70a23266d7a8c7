import { z } from 'zod';
import type { Language, LocalizedText } from './languages.ts';

/**
 * The one schema helper for every free-text field the portal stores. A text field:
 * - strips zero-width characters (U+200B–U+200D, U+2060, U+FEFF) wherever they are;
 * - is trimmed and NFC-normalised, so "é" typed as e + combining accent is stored as one character;
 * - refuses C0/C1 control characters (U+0000–U+001F, U+007F–U+009F, NUL included; a multi-line field
 *   accepts line breaks, stored as "\n"), the line and paragraph separators U+2028/U+2029 (invisible, and
 *   a line break to some readers and not to others), bidirectional overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069), which can make a stored text display differently from what it is, and lone
 *   surrogates (half of a character: no UTF-8 form, stored as U+FFFD or refused by the database);
 * - counts its maximum in characters (code points), after the clean-up above.
 *
 * Problems come out as message keys (`TextMessage`) whose issue `params` carry the field's label and
 * limit, so `fieldMessage` words them in plain language: "姓名最多 100 个字".
 */

export const TextMessage = {
  Required: 'text.required',
  TooLong: 'text.tooLong',
  ControlCharacter: 'text.controlCharacter',
  BidiControl: 'text.bidiControl',
  LineSeparator: 'text.lineSeparator',
  LoneSurrogate: 'text.loneSurrogate',
} as const;
export type TextMessage = (typeof TextMessage)[keyof typeof TextMessage];

/** `{label}` is the field's name in the same language, `{max}` its limit. One wording style throughout. */
export const TEXT_MESSAGES: Readonly<Record<TextMessage, LocalizedText>> = {
  'text.required': { 'zh-CN': '请填写{label}', 'en-US': '{label} is required', 'zh-TW': '請填寫{label}' },
  'text.tooLong': {
    'zh-CN': '{label}最多 {max} 个字',
    'en-US': '{label} must be at most {max} characters',
    'zh-TW': '{label}最多 {max} 個字',
  },
  'text.controlCharacter': {
    'zh-CN': '{label}含有不可见的控制字符，请删除后重试',
    'en-US': '{label} contains an invisible control character; please remove it',
    'zh-TW': '{label}含有不可見的控制字元，請刪除後重試',
  },
  'text.bidiControl': {
    'zh-CN': '{label}含有改变文字方向的特殊字符，请删除后重试',
    'en-US': '{label} contains a character that reverses the text direction; please remove it',
    'zh-TW': '{label}含有改變文字方向的特殊字元，請刪除後重試',
  },
  'text.lineSeparator': {
    'zh-CN': '{label}含有不可见的分行符（U+2028/U+2029），请删除后重试',
    'en-US': '{label} contains an invisible line or paragraph separator (U+2028/U+2029); please remove it',
    'zh-TW': '{label}含有不可見的分行符號（U+2028/U+2029），請刪除後重試',
  },
  'text.loneSurrogate': {
    'zh-CN': '{label}含有残缺的字符（半个表情或乱码），请删除后重新输入',
    'en-US': '{label} contains a broken character (half of an emoji or garbled text); please type it again',
    'zh-TW': '{label}含有殘缺的字元（半個表情符號或亂碼），請刪除後重新輸入',
  },
};

export interface TextFieldOptions {
  /** Maximum length in characters after clean-up; `<input maxLength>` uses the same number. */
  max: number;
  /** The field's name in plain words, for messages. */
  label: LocalizedText;
  /** Accept line breaks (stored as "\n"). */
  multiline?: boolean;
}

/** What a field's messages need, carried in a zod issue's `params`. */
export interface TextIssueParams {
  label: LocalizedText;
  max?: number;
}

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAK = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_SEPARATOR = /[\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Zero-width characters out, line breaks as "\n" (multi-line), trimmed, NFC. Control characters stay. */
export function normalizeText(raw: string, multiline = false): string {
  let value = raw.replace(ZERO_WIDTH, '');
  if (multiline) value = value.replace(/\r\n?/g, '\n');
  return value.trim().normalize('NFC');
}

/** Why a normalised text cannot be stored, or undefined when it can. */
export function textProblem(value: string, multiline = false): TextMessage | undefined {
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAK : CONTROL).test(value)) return TextMessage.ControlCharacter;
  if (LINE_SEPARATOR.test(value)) return TextMessage.LineSeparator;
  if (LONE_SURROGATE.test(value)) return TextMessage.LoneSurrogate;
  if (BIDI_CONTROL.test(value)) return TextMessage.BidiControl;
  return undefined;
}

/** Length in characters as people count them (a CJK character or an emoji is one), not UTF-16 units. */
export function textLength(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

// Normalising is an overwrite and the problems a refinement, so a bad field does not stop the checks
// across fields (a form shows every problem at once).
function cleaned(options: TextFieldOptions, required: boolean) {
  return z
    .string()
    .overwrite((raw) => normalizeText(raw, options.multiline))
    .superRefine((value, ctx) => {
      const issue = (message: TextMessage, params: TextIssueParams) =>
        ctx.addIssue({ code: 'custom', message, params, input: value });
      const problem = textProblem(value, options.multiline);
      if (problem) issue(problem, { label: options.label });
      else if (required && value === '') issue(TextMessage.Required, { label: options.label });
      else if (textLength(value) > options.max)
        issue(TextMessage.TooLong, { label: options.label, max: options.max });
    });
}

/** A required text: blank (after clean-up) is refused. */
export function textField(options: TextFieldOptions) {
  return cleaned(options, true);
}

/** An optional text: absent, null and blank (after clean-up) all come out as null. */
export function optionalTextField(options: TextFieldOptions) {
  return cleaned(options, false)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A message for a required field that is missing (for checks across fields). */
export function requiredIssue(label: LocalizedText) {
  return { message: TextMessage.Required, params: { label } satisfies TextIssueParams };
}

function isTextMessage(message: string): message is TextMessage {
  return Object.hasOwn(TEXT_MESSAGES, message);
}

function isIssueParams(params: unknown): params is TextIssueParams {
  if (typeof params !== 'object' || params === null || !('label' in params)) return false;
  const label = (params as { label: unknown }).label;
  return typeof label === 'object' && label !== null && 'en-US' in label;
}

/**
 * The plain-words text of a text-field problem in one language, or undefined when the message is not a
 * text-field key (the caller then uses its own texts). English texts open with the label.
 */
export function fieldMessage(message: string, params: unknown, language: Language): string | undefined {
  if (!isTextMessage(message) || !isIssueParams(params)) return undefined;
  const values: Record<string, string> = { label: params.label[language], max: String(params.max ?? '') };
  return TEXT_MESSAGES[message][language].replace(
    /\{(\w+)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}
