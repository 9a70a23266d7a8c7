/// <reference types="vite/client" />

/** Version of this build, the same string that dist/versionUser.json carries. */
declare const __APP_VERSION__: string;
declare const __APP_BUILD_TIME__: string;

/** A language file's two parts (lib/i18n/start-messages.ts, vite.config.ts `splitMessagesPlugin`). */
declare module '*?start' {
  const messages: Partial<import('./locales/zh-CN').Messages>;
  export default messages;
}
declare module '*?rest' {
  const messages: Partial<import('./locales/zh-CN').Messages>;
  export default messages;
}
