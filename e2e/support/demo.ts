import type { Page } from 'playwright-core';

export interface DemoUser {
  loginName: string;
  password: string;
}

/** The demo customer's main user: every permission (role admin). Seeded when the database is empty. */
export const DEMO: DemoUser = { loginName: 'demo', password: 'Demo@123456' };

/** A sub-user with role operator whose only permission is order:view. */
export const VIEWER: DemoUser = { loginName: 'viewer', password: 'Viewer@123456' };

/**
 * A sub-user (role operator) still on the password the provider issued: signing in asks for a new one,
 * and the server accepts that change once per database.
 */
export const NEWCOMER: DemoUser = { loginName: 'newcomer', password: 'Welcome@123456' };

// antd Form `name="login"` gives its fields the ids login_<field>.
const USER_NAME = '#login_userName';
const PASSWORD = '#login_password';
const SUBMIT = 'button[type=submit]';

/** Opens /login, fills the form and submits it, without waiting for the outcome (for failure paths). */
export async function submitLogin(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await page.locator(USER_NAME).fill(user.loginName);
  await page.locator(PASSWORD).fill(user.password);
  await page.locator(SUBMIT).click();
}

/** Signs in through the login form and waits until the app has left the login page. */
export async function signIn(page: Page, user: DemoUser): Promise<void> {
  await submitLogin(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
