import { describe, expect, it } from 'vitest';
import {
  hasValidSignature,
  readTicket,
  signTicket,
  ticketTimeProblem,
} from '../../src/modules/sso/sso-ticket.ts';

// Computed outside the code under test: printf '%s' <json> | base64 (url-safe, unpadded), then
// printf '%s' <body> | openssl dgst -sha256 -hmac <key> -binary | base64 (url-safe, unpadded).
const KEY = 'portal-website-shared-key-0123456789';
const PAYLOAD = {
  v: 1 as const,
  src: 'website',
  aud: 'portal',
  jti: 'ticket-0001',
  cus: 'C100023',
  sub: 'demo',
  iat: 1764115200,
  exp: 1764115260,
};
const BODY =
  'eyJ2IjoxLCJzcmMiOiJ3ZWJzaXRlIiwiYXVkIjoicG9ydGFsIiwianRpIjoidGlja2V0LTAwMDEiLCJjdXMiOiJDMTAwMDIzIiwic3ViIjoiZGVtbyIsImlhdCI6MTc2NDExNTIwMCwiZXhwIjoxNzY0MTE1MjYwfQ';
const SIGNATURE = 'SZK7pUuFli5QlOgHUvAw8llnd0CuvReKZW7R1xMevQY';

describe('single sign-on ticket format', () => {
  it('signs exactly as documented (openssl gives the same bytes)', () => {
    expect(signTicket(KEY, PAYLOAD)).toBe(`${BODY}.${SIGNATURE}`);
  });

  it('reads a ticket and checks its signature in constant time; another key or body fails', () => {
    const read = readTicket(`${BODY}.${SIGNATURE}`)!;
    expect(read.payload).toEqual(PAYLOAD);
    expect(hasValidSignature(KEY, read.body, read.signature)).toBe(true);
    expect(hasValidSignature(`${KEY}x`, read.body, read.signature)).toBe(false);
    expect(hasValidSignature(KEY, `${read.body}A`, read.signature)).toBe(false);
    expect(hasValidSignature(KEY, read.body, read.signature.slice(0, 20))).toBe(false);
  });

  it('refuses malformed tickets', () => {
    for (const bad of [
      '',
      'abc',
      `${BODY}.`,
      `.${SIGNATURE}`,
      `${BODY}.${SIGNATURE}.x`,
      `${BODY}!.${SIGNATURE}`,
    ])
      expect(readTicket(bad)).toBeUndefined();
    const notJson = Buffer.from('not json').toString('base64url');
    expect(readTicket(`${notJson}.${SIGNATURE}`)).toBeUndefined();
    const missingField = Buffer.from(JSON.stringify({ ...PAYLOAD, sub: undefined })).toString('base64url');
    expect(readTicket(`${missingField}.${SIGNATURE}`)).toBeUndefined();
  });

  it('bounds lifetime and clock skew', () => {
    const limits = { maxAgeSeconds: 60, clockSkewSeconds: 30 };
    const t = { iat: 1000, exp: 1060 };
    expect(ticketTimeProblem(t, 1000, limits)).toBeNull();
    expect(ticketTimeProblem(t, 1089, limits)).toBeNull();
    expect(ticketTimeProblem(t, 1090, limits)).toBe('expired');
    expect(ticketTimeProblem(t, 970, limits)).toBeNull();
    expect(ticketTimeProblem(t, 969, limits)).toBe('invalid');
    expect(ticketTimeProblem({ iat: 1000, exp: 1061 }, 1000, limits)).toBe('invalid');
    expect(ticketTimeProblem({ iat: 1000, exp: 1000 }, 1000, limits)).toBe('invalid');
  });
});
