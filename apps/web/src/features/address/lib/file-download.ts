import { ApiCode, type Envelope } from '@portal/contracts/envelope';
import { ApiPath } from '@portal/contracts/api-paths';
import { http } from '../../../lib/http/client';
import { ApiError } from '../../../lib/http/api-error';
import { uiEffects } from '../../../lib/ui-effects';

/** The file name a `Content-Disposition` header carries: RFC 5987 `filename*` first, else `filename`. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

// Session rows of the error catalogue. A file answer that carries one of them is replayed as an ordinary
// call so the shared client applies the catalogue (refresh and retry, or back to login).
const SESSION_CODES: readonly number[] = [
  ApiCode.AccessTokenExpired,
  ApiCode.Arrears,
  ApiCode.SessionInvalid,
  ApiCode.NotSignedIn,
];

/**
 * Downloads a file the server sends as a body (not an envelope) through the shared client, and saves it
 * under the server's file name. When the server answers with an envelope instead (an error), the message
 * is shown; an expired access token is refreshed by the shared client and the download tried once more.
 */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fallbackName: string,
  isRetry = false,
): Promise<string> {
  const response = await http.instance.request<Blob>({ method: 'GET', url, params, responseType: 'blob' });
  const blob = response.data;
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('application/json')) {
    const body: unknown = JSON.parse(await blob.text());
    const code = isEnvelope(body) ? body.code : ApiCode.ServerError;
    const message = isEnvelope(body) ? body.message : '';
    if (SESSION_CODES.includes(code) && !isRetry) {
      // The login-user call is small and authenticated: the shared client refreshes or ends the session.
      await http.get(ApiPath.GetLoginUserInfo);
      return downloadFile(url, params, fallbackName, true);
    }
    if (message) uiEffects.showError(message, code === ApiCode.Forbidden ? 3 : undefined);
    throw new ApiError(message, code, isEnvelope(body) ? body.data : null, true);
  }
  const fileName =
    fileNameFromDisposition(String(response.headers['content-disposition'] ?? '')) ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
