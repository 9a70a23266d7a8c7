import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readAuthorization } from '../lib/storage';

/**
 * The login page for signed-in visitors redirects to /user (spec section 4). Checked once, on arrival:
 * the login page itself stores the tokens before it has finished signing in.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [isSignedInOnArrival] = useState(() => readAuthorization() !== null);
  return isSignedInOnArrival ? <Navigate to="/user" replace /> : <>{children}</>;
}
