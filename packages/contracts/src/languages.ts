/** Interface languages, default first. The web app sends the chosen one in `Accept-Language`. */
export const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** A text in every interface language. */
export type LocalizedText = Record<Language, string>;

/**
 * Picks the best supported language from an Accept-Language header value (or a bare tag).
 * Any Chinese tag for Taiwan, Hong Kong, Macau or traditional script maps to zh-TW; other Chinese to zh-CN.
 */
export function resolveLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('zh')) {
      return /^zh-(tw|hk|mo|hant)/.test(tag) ? 'zh-TW' : 'zh-CN';
    }
  }
  return DEFAULT_LANGUAGE;
}
