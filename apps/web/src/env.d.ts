/// <reference types="vite/client" />

/** Version of this build, the same string that dist/versionUser.json carries. */
declare const __APP_VERSION__: string;
declare const __APP_BUILD_TIME__: string;
