import type { TFunction } from 'i18next';

/** Messages of one language: texts, nested by the dotted key's parts. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** The options a `t` call takes: values for `{{name}}` and a text for a missing key. */
type TranslateOptions = { defaultValue?: string } & Record<string, unknown>;

/**
 * The part of i18next the portal used (one namespace, dotted keys, `{{name}}` values, `defaultValue`), in a
 * few dozen lines instead of i18next's 80 KB on every page. Behaves as i18next did for everything the
 * portal asks: a missing key reads as itself (or `defaultValue`); a value not passed leaves `{{name}}` as
 * written, one passed as `undefined` or `null` reads as nothing; texts are not escaped (React escapes).
 * i18next stays for its types: `TFunction` types every key against the zh-CN file (src/i18next.d.ts).
 */
export function createTranslator() {
  const messages = new Map<string, MessageTree>();

  const lookup = (language: string, key: string): string | undefined => {
    let node: string | MessageTree | undefined = messages.get(language);
    for (const part of key.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };

  const translate = (language: string, key: string, options?: TranslateOptions): string => {
    const text = lookup(language, key) ?? options?.defaultValue ?? key;
    if (!options) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      if (!Object.hasOwn(options, name)) return whole;
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  };

  const merge = (into: MessageTree, from: MessageTree): MessageTree => {
    const result: Record<string, string | MessageTree> = { ...into };
    for (const [key, value] of Object.entries(from)) {
      const existing = result[key];
      result[key] =
        typeof value !== 'string' && existing !== undefined && typeof existing !== 'string'
          ? merge(existing, value)
          : value;
    }
    return result;
  };

  const translator = {
    /** The language `t` answers in; empty until `init`. */
    language: '',
    isInitialized: false,
    /** Starts in `lng` with its first messages. */
    init({ lng, messages: first }: { lng: string; messages: MessageTree }): void {
      messages.set(lng, first);
      translator.language = lng;
      translator.isInitialized = true;
    },
    /** Adds messages to a language, deeply: later texts replace earlier ones with the same key. */
    addMessages(language: string, more: MessageTree): void {
      messages.set(language, merge(messages.get(language) ?? {}, more));
    },
    changeLanguage(language: string): void {
      translator.language = language;
    },
    /** `t` in the current language. */
    t: ((key: string, options?: TranslateOptions) =>
      translate(translator.language, key, options)) as unknown as TFunction,
    /** `t` fixed to one language (components get a new one when the language changes). */
    getFixedT: (language: string): TFunction =>
      ((key: string, options?: TranslateOptions) =>
        translate(language, key, options)) as unknown as TFunction,
  };
  return translator;
}
