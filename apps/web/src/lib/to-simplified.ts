/**
 * Traditional → Simplified Chinese (OpenCC, Taiwan standard to mainland), for matching pasted text
 * against the division data, which is Simplified. The dictionary (about 110 KB) is its own chunk, loaded
 * the first time Chinese text is recognised; if it cannot be loaded the text is matched as it is.
 */
export type ToSimplified = (text: string) => string;

let loading: Promise<ToSimplified | undefined> | undefined;

export function loadToSimplified(): Promise<ToSimplified | undefined> {
  loading ??= import('opencc-js/t2cn')
    .then(({ Converter }) => Converter({ from: 'tw', to: 'cn' }))
    .catch(() => {
      // Try again next time (a deploy may have replaced the chunk); this time match without it.
      loading = undefined;
      return undefined;
    });
  return loading;
}

/** Whether the text has Chinese characters, the only text conversion can change. */
export const hasChinese = (text: string): boolean => /\p{Script=Han}/u.test(text);
