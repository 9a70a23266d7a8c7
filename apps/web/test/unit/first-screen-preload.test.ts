import { describe, expect, it } from 'vitest';
import { firstScreenPreload } from '../../src/lib/preload';

const HOME = '/user/index';

describe('firstScreenPreload (code fetched alongside the language pack at start)', () => {
  it('fetches the login page for signed-out visitors of the login page and of private pages', () => {
    for (const path of ['/login', '/login/customLogin', '/', '/user', HOME, '/user/orders/address'])
      expect(firstScreenPreload(path, false, HOME), path).toBe('login');
  });

  it('fetches the shell and the home page for signed-in users landing on home, / or /login', () => {
    for (const path of ['/', '/user', HOME, '/login'])
      expect(firstScreenPreload(path, true, HOME), path).toBe('home');
  });

  it('fetches only the shell for other signed-in pages, and nothing for public error pages', () => {
    expect(firstScreenPreload('/user/orders/address', true, HOME)).toBe('privateArea');
    expect(firstScreenPreload('/404', true, HOME)).toBeUndefined();
    expect(firstScreenPreload('/403', false, HOME)).toBeUndefined();
  });
});
