import { currentLanguage } from '../i18n/i18n';
import { readAuthorization } from '../storage';
import { http } from './client';

/**
 * One of the signed-in start's calls (who the user is, the menu), sent with `fetch` the moment the entry runs
 * instead of waiting for the request client and axios, which load with the first call (client.ts) beside the
 * shell's code: the shell paints only once these have answered. Only a plain success is taken from this
 * answer; anything else — an expired token, a refusal, an error, no answer — is asked again through the
 * request client, whose error catalogue (refresh and retry, back to sign-in, the messages) then applies.
 */
export async function startCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const authorization = readAuthorization();
  if (authorization && typeof fetch === 'function') {
    try {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: authorization,
          'Accept-Language': currentLanguage(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.ok) {
        const answer = (await response.json()) as { code?: unknown; data?: unknown } | null;
        // ApiCode.Ok, written out: @portal/contracts/envelope brings zod's schemas, which no first screen needs.
        if (answer?.code === 200) return answer.data as T;
      }
    } catch {
      // No answer: the request client asks again and reports it.
    }
  }
  return method === 'GET' ? http.get<T>(path) : http.post<T>(path, body);
}
