import { act, cleanup, render } from '@testing-library/react';
import { Route, Routes, BrowserRouter, useLocation } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { NavigationBridge, goToLogin } from '../../src/app/navigation';
import { PrivateGate } from '../../src/app/private-gate';
import { clearSession, saveTokens } from '../../src/lib/storage';

afterEach(() => {
  cleanup();
  clearSession();
});

function LoginProbe() {
  const location = useLocation();
  return <output data-testid="login-location">{location.pathname + location.search}</output>;
}

test('signed out for arrears: the gate sends the user to the same login page as the request layer, with the reason', async () => {
  window.history.replaceState(null, '', '/user/orders/order');
  saveTokens({ jwtToken: 'access', refereToken: 'refresh', expiresInSecond: 900 });
  const view = render(
    <BrowserRouter>
      <NavigationBridge />
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route path="*" element={<PrivateGate />} />
      </Routes>
    </BrowserRouter>,
  );
  // What the request layer does on a 203: the stored session goes, then the login page with the reason.
  // The store's update renders the gate before the router's navigation (a transition) is applied.
  await act(async () => {
    clearSession();
    goToLogin('arrears');
  });
  const location = await view.findByTestId('login-location');
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(location.textContent).toBe('/login?redirect=%2Fuser%2Forders%2Forder&reason=arrears');
  expect(window.location.search).toContain('reason=arrears');
});
