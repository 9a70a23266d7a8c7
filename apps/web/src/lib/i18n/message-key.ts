import type { Messages } from '../../locales/zh-CN';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Any translation key, as a dotted path (`route.index`, `http.timeout`). */
export type MessageKey = Leaves<Messages>;

/** Translation function the non-React modules receive, so they can be tested without React. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
