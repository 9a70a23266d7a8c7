/// <reference types="vite/client" />

/** Version of this build, the same string that dist/versionUser.json carries. */
declare const __APP_VERSION__: string;
declare const __APP_BUILD_TIME__: string;

/** A language file's two parts (lib/i18n/start-messages.ts, vite.config.ts `splitMessagesPlugin`). */
declare module '*?start' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot import a relative path
  const messages: Partial<import('./locales/zh-CN').Messages>;
  export default messages;
}
declare module '*?rest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot import a relative path
  const messages: Partial<import('./locales/zh-CN').Messages>;
  export default messages;
}
