/**
 * The few things non-React code (request layer, guards) does to the screen: show one message, go to the
 * login page, reload. The app installs the real implementations at start (antd message, router); tests
 * install spies.
 */
/** A link shown after a message's text, opening a page of the portal. */
export interface MessageLink {
  text: string;
  path: string;
}

/** Why the session ended, when the login page should say more than "sign in": arrears (203) offers /topUp. */
export type LoginReason = 'arrears';

export interface UiEffects {
  /** `detail` is a small second line (the request id for support). */
  showError(text: string, durationSeconds?: number, detail?: string): void;
  showWarning(text: string, durationSeconds?: number): void;
  /** `link` follows the text (an export's "view in file management"). */
  showSuccess(text: string, link?: MessageLink): void;
  goToLogin(reason?: LoginReason): void;
  reload(): void;
}

let installed: UiEffects = {
  showError: (text) => console.error(text),
  showWarning: (text) => console.warn(text),
  showSuccess: () => undefined,
  goToLogin: (reason) => window.location.assign(reason ? `/login?reason=${reason}` : '/login'),
  reload: () => window.location.reload(),
};

export function installUiEffects(effects: Partial<UiEffects>): void {
  installed = { ...installed, ...effects };
}

/** Late-bound, so modules created before the app mounts still reach the installed effects. */
export const uiEffects: UiEffects = {
  showError: (text, durationSeconds, detail) =>
    detail === undefined
      ? installed.showError(text, durationSeconds)
      : installed.showError(text, durationSeconds, detail),
  showWarning: (text, durationSeconds) => installed.showWarning(text, durationSeconds),
  showSuccess: (text, link) =>
    link === undefined ? installed.showSuccess(text) : installed.showSuccess(text, link),
  goToLogin: (reason) => (reason === undefined ? installed.goToLogin() : installed.goToLogin(reason)),
  reload: () => installed.reload(),
};
