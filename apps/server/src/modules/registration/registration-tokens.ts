import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The registration's signed credentials: the registerTicket (a phone proven by its SMS code) and the
 * prospect link's token. Both are `<payload>.<expiry seconds>.<HMAC-SHA256>` under the token secret with a
 * purpose of their own, so neither stands in for the other, for a top-up look-up or for an access token.
 */

type Purpose = 'registerTicket' | 'prospectLink';

const hmac = (secret: string, purpose: Purpose, data: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${data}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export type Verified =
  { ok: true; subject: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function signToken(secret: string, purpose: Purpose, subject: string, expiresAt: Date): string {
  const payload = `${Buffer.from(subject).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${hmac(secret, purpose, payload)}`;
}

/** The subject a token names, or why it cannot be used (a changed character anywhere is `invalid`). */
export function verifyToken(secret: string, purpose: Purpose, token: string, now = Date.now()): Verified {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [subject, expiry, signature] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(expiry) || !sameText(hmac(secret, purpose, `${subject}.${expiry}`), signature))
    return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  return { ok: true, subject: Buffer.from(subject, 'base64url').toString('utf8'), expiresAt };
}
